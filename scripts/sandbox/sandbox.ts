// The sandbox: every world (one per login email), the session tokens, the email convention that
// picks a story and a person, persistence to a git-ignored folder (one sandbox per folder, old
// worlds and sessions dropped), one change at a time saved or undone whole, and the test-only
// fault switch.
import fs from 'node:fs';
import path from 'node:path';
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { Collection } from '@msw/data';
import { SessionRecord, type Person, type Session, type WorldData } from './records';
import { randomToken } from './secrets';
import { DAY } from './shared';
import { PERSON, VARIANTS, isStoryId, seed, type PersonName, type Variant } from './story';
import { World } from './world';

/**
 * The email convention (docs/sandbox.md, "Worlds and who you are"): the part after a `+` in the login email picks who
 * you are (a person of the story) or which story the world starts from (an account state of the
 * contract's getUser examples). Names are case-insensitive; the contract's example names work too.
 */
const TAGS: Record<string, { variant: Variant; person: PersonName }> = {
  alice: { variant: 'northwind', person: 'alice' },
  admin: { variant: 'northwind', person: 'alice' },
  bob: { variant: 'northwind', person: 'bob' },
  collaborator: { variant: 'northwind', person: 'bob' },
  dana: { variant: 'northwind', person: 'dana' },
  support: { variant: 'northwind', person: 'dana' },
  superuser: { variant: 'northwind', person: 'dana' },
  frank: { variant: 'northwind', person: 'frank' },
  nobillingrole: { variant: 'northwind', person: 'frank' },
  peggy: { variant: 'northwind', person: 'peggy' },
  noteamsmember: { variant: 'northwind', person: 'peggy' },
  erin: { variant: 'northwind', person: 'erin' },
  new: { variant: 'newUser', person: 'alice' },
  onboarding: { variant: 'newUser', person: 'alice' },
  ...Object.fromEntries(
    Object.keys(VARIANTS).map((variant) => [
      variant.toLowerCase(),
      { variant: variant as Variant, person: 'alice' as const },
    ]),
  ),
};

export const EMAIL_TAGS = Object.freeze({ ...TAGS });

export interface LoginIdentity {
  /** The world's key: the whole login email, lower-cased. */
  worldKey: string;
  variant: Variant;
  person: PersonName;
  /** The tag was not known (Alice in the Northwind story then). */
  unknownTag: string | null;
}

export function parseLoginEmail(email: string): LoginIdentity {
  const worldKey = email.trim().toLowerCase();
  const local = worldKey.split('@')[0] ?? '';
  const plus = local.indexOf('+');
  const tag = plus >= 0 ? local.slice(plus + 1) : '';
  const known = TAGS[tag];
  return {
    worldKey,
    variant: known?.variant ?? 'northwind',
    person: known?.person ?? 'alice',
    unknownTag: tag !== '' && !known ? tag : null,
  };
}

/** Google sign-in carries no email the sandbox can read: it opens this world, as Alice. */
export const GOOGLE_WORLD = 'google-sign-in@sandbox.invalid';

export const FAULT_KINDS = [
  'wrong-type',
  'missing-field',
  'undeclared-field',
  'server-error',
  'wrong-hash',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];
export interface Fault {
  /** "GET /teams" (METHOD and path template of the contract) */
  operation: string;
  kind: FaultKind;
  /** How many answers are still wrong (null: until cleared). */
  remaining: number | null;
}

export interface SandboxOptions {
  /** Folder the worlds and sessions are kept in; null keeps them in memory only. */
  dataDir: string | null;
  /** The clock (tests pass their own). */
  now?: () => number;
  /** The test-only switch for deliberately wrong answers (SANDBOX_FAULTS=1). */
  faults?: boolean;
  log?: (line: string) => void;
  /** Worlds unused (no login, no change) and sessions older than this are dropped at start. */
  maxAgeDays?: number;
}

export interface Signed {
  session: Session;
  world: World;
  person: Person;
}

const fileName = (key: string) =>
  `${key.replace(/[^a-z0-9@.+-]/gi, '_').slice(0, 60)}-${createHash('sha256').update(key).digest('hex').slice(0, 10)}.json`;

/** The worlds a change reached, with their state before it (JSON). */
const changing = new AsyncLocalStorage<Map<World, string>>();

export class Sandbox {
  readonly #worlds = new Map<string, World>();
  readonly sessions = new Collection({ schema: SessionRecord });
  readonly faults: Fault[] = [];
  readonly now: () => number;
  readonly faultsEnabled: boolean;
  readonly log: (line: string) => void;
  readonly dataDir: string | null;
  readonly #maxAge: number;
  #story: Promise<World> | undefined;
  #storyWorld: World | undefined;
  #queue: Promise<unknown> = Promise.resolve();
  readonly #creating = new Map<string, Promise<World>>();

  private constructor(options: SandboxOptions) {
    this.dataDir = options.dataDir;
    this.now = options.now ?? Date.now;
    this.faultsEnabled = options.faults ?? false;
    this.log = options.log ?? (() => {});
    this.#maxAge = (options.maxAgeDays ?? 30) * DAY;
  }

  /** A sandbox with the worlds and sessions kept in `dataDir` (if any), which it locks. */
  static async open(options: SandboxOptions): Promise<Sandbox> {
    const sandbox = new Sandbox(options);
    sandbox.#lock();
    await sandbox.#loadAll();
    return sandbox;
  }

  /** How many worlds the sandbox holds. */
  get size(): number {
    return this.#worlds.size;
  }

  // --- one sandbox per folder ---------------------------------------------------------------

  get #lockFile(): string {
    return path.join(this.dataDir!, 'sandbox.lock');
  }

  /** Takes the folder's lock file (with this process id); refuses one a running process holds. */
  #lock(): void {
    if (!this.dataDir) return;
    fs.mkdirSync(this.dataDir, { recursive: true });
    try {
      const holder = Number(fs.readFileSync(this.#lockFile, 'utf8'));
      if (holder !== process.pid && isRunning(holder)) {
        throw new Error(
          `${this.dataDir} is used by another sandbox (process ${holder}): stop it, or give this one ` +
            'another folder (SANDBOX_DATA_DIR)',
        );
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    fs.writeFileSync(this.#lockFile, String(process.pid));
  }

  /** Gives the folder's lock back (the server calls it when it stops). */
  close(): void {
    if (!this.dataDir) return;
    try {
      if (Number(fs.readFileSync(this.#lockFile, 'utf8')) === process.pid)
        fs.rmSync(this.#lockFile);
    } catch {
      // already gone
    }
  }

  async #loadAll(): Promise<void> {
    if (!this.dataDir) return;
    const dir = path.join(this.dataDir, 'worlds');
    fs.mkdirSync(dir, { recursive: true });
    const oldest = this.now() - this.#maxAge;
    const names = fs.readdirSync(dir).filter((file) => file.endsWith('.json'));
    for (const name of names.sort()) {
      const file = path.join(dir, name);
      if (fs.statSync(file).mtimeMs < oldest) {
        fs.rmSync(file);
        this.log(`sandbox: ${name} was not used for ${this.#maxAge / DAY} days: removed`);
        continue;
      }
      try {
        const data = JSON.parse(fs.readFileSync(file, 'utf8')) as WorldData;
        const world = await World.load(data);
        this.#watch(world);
        this.#worlds.set(world.meta.key, world);
      } catch (error) {
        fs.renameSync(file, `${file}.${Date.now()}.broken`);
        this.log(
          `sandbox: ${name} could not be loaded (${error instanceof Error ? error.message : error}); ` +
            `kept as ${name}.*.broken, the world starts from the story at its next login`,
        );
      }
    }
    const sessions = path.join(this.dataDir, 'sessions.json');
    if (fs.existsSync(sessions)) {
      try {
        const records = JSON.parse(fs.readFileSync(sessions, 'utf8')) as Session[];
        for (const record of records) {
          if (this.#worlds.has(record.worldKey) && Date.parse(record.created) >= oldest)
            await this.sessions.create(record);
        }
      } catch (error) {
        this.log(
          `sandbox: sessions.json could not be loaded (${String(error)}); everyone logs in again`,
        );
      }
    }
  }

  #watch(world: World): void {
    world.onMail = (mail) =>
      this.log(`sandbox: mail to ${mail.to} (${world.meta.key}): ${mail.text}`);
  }

  #write(file: string, data: string): void {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, data);
    fs.renameSync(temporary, file);
  }

  #file(world: World): string {
    return path.join(this.dataDir!, 'worlds', fileName(world.meta.key));
  }

  /** Keeps a world on disk (never the story copy of signed-out calls). */
  save(world: World): void {
    // A world a reset replaced is not written over the new one.
    if (!this.dataDir || this.#worlds.get(world.meta.key) !== world) return;
    this.#write(this.#file(world), world.serialize());
  }

  saveSessions(): void {
    if (!this.dataDir) return;
    this.#write(path.join(this.dataDir, 'sessions.json'), JSON.stringify(this.sessions.all()));
  }

  // --- one change at a time, saved or undone whole ------------------------------------------

  /**
   * Runs `task` alone: one request or control at a time across every world, so a reset cannot
   * interleave with a write. Every world the task reaches through the sandbox (a session's, one
   * found by key or id) is compared afterwards: changed, it is saved, whatever the method or
   * security of the request; if the task throws, each changed world is put back as it was, in
   * memory (and so on disk). The story copy of signed-out calls is always put back. Re-entrant: a
   * task that runs another runs it in place.
   */
  transaction<T>(task: () => Promise<T>): Promise<T> {
    if (changing.getStore()) return task();
    const run = this.#queue.then(() => {
      const reached = new Map<World, string>();
      return changing.run(reached, async () => {
        try {
          const result = await task();
          for (const [world, before] of reached) {
            if (world.serialize() === before) continue;
            if (world === this.#storyWorld) {
              await world.restore(before);
              continue;
            }
            await world.recordDay(this.now()); // the day's compliance (history.ts)
            this.save(world);
          }
          return result;
        } catch (error) {
          for (const [world, before] of reached)
            if (world.serialize() !== before) await world.restore(before);
          throw error;
        }
      });
    });
    this.#queue = run.catch(() => undefined);
    return run;
  }

  /** A world the running change reaches: its state is noted the first time. */
  #reach<T extends World | undefined>(world: T): T {
    const reached = changing.getStore();
    if (world && reached && !reached.has(world)) reached.set(world, world.serialize());
    return world;
  }

  /** The world of a key, if there is one yet. */
  existing(key: string): World | undefined {
    return this.#reach(this.#worlds.get(key));
  }

  /** The first world `match` accepts (a token or link made in one world). */
  find(match: (world: World) => boolean): World | undefined {
    return this.#reach([...this.#worlds.values()].find(match));
  }

  /** The world of a key, created from the story (the variant) the first time. */
  async world(key: string, variant: Variant): Promise<World> {
    const existing = this.existing(key);
    if (existing) return existing;
    // Two first logins at once create one world.
    let creating = this.#creating.get(key);
    if (!creating) {
      creating = this.#fresh(key, variant)
        .then((world) => {
          this.log(`sandbox: new world ${key} (${variant})`);
          return this.#reach(world);
        })
        .finally(() => this.#creating.delete(key));
      this.#creating.set(key, creating);
    }
    return creating;
  }

  /** A world of a key from the story (a variant), with each team's baseline (history.ts), saved. */
  async #fresh(key: string, variant: Variant): Promise<World> {
    const world = await World.load(seed(key, variant, this.now()));
    await world.recordDay(this.now());
    this.#watch(world);
    this.#worlds.set(key, world);
    this.save(world);
    return world;
  }

  /** The world back to its story (or another variant), created now; sessions stay valid. */
  async reset(key: string, variant: Variant): Promise<World> {
    const world = await this.#fresh(key, variant);
    // Sessions of people the new world no longer has end.
    this.sessions.deleteMany((q) =>
      q.where((session) => session.worldKey === key && !world.person(session.personId)),
    );
    this.saveSessions();
    this.log(`sandbox: world ${key} reset to ${variant}`);
    return world;
  }

  async issue(
    world: World,
    personId: string,
    impersonatedBy: string | null = null,
  ): Promise<string> {
    const token = randomToken('sbx');
    await this.sessions.create({
      token,
      worldKey: world.meta.key,
      personId,
      impersonatedBy,
      created: new Date(this.now()).toISOString(),
    });
    this.saveSessions();
    // A login counts as a use of the world (the age limit).
    if (this.dataDir && fs.existsSync(this.#file(world))) {
      const time = new Date(this.now());
      fs.utimesSync(this.#file(world), time, time);
    }
    return token;
  }

  /** The session of a bearer token, its world and person (none when unknown or the person is gone). */
  signed(token: string | null): Signed | undefined {
    if (!token) return undefined;
    const session = this.sessions.findFirst((q) => q.where({ token }));
    const world = session && this.#reach(this.#worlds.get(session.worldKey));
    const person = session && world?.person(session.personId);
    return session && world && person ? { session, world, person } : undefined;
  }

  endSession(token: string): void {
    this.sessions.delete((q) => q.where({ token }));
    this.saveSessions();
  }

  /** The person of the story a login email names, in its world. */
  async identify(email: string) {
    const identity = parseLoginEmail(email);
    const world = await this.world(identity.worldKey, identity.variant);
    return { world, person: world.person(PERSON[identity.person]), identity };
  }

  /**
   * The world a public call (no session) names by an id: the world holding an id created there
   * (random, so unique); the story's own ids (every world has them) are answered from a pristine
   * copy of the story that nothing changes.
   */
  async publicWorld(match: (world: World) => boolean, id: string): Promise<World | undefined> {
    if (!isStoryId(id)) return this.find(match);
    this.#story ??= World.load(seed('the story', 'northwind', this.now())).then(
      (world) => (this.#storyWorld = world),
    );
    return this.#reach(await this.#story);
  }

  // --- the test-only fault switch ---------------------------------------------------------------

  setFault(fault: Fault): void {
    this.clearFaults(fault.operation);
    this.faults.push(fault);
  }

  clearFaults(operation?: string): void {
    const kept = this.faults.filter((f) => operation !== undefined && f.operation !== operation);
    this.faults.splice(0, this.faults.length, ...kept);
  }

  /** The fault to apply to this answer of an operation, if any (counted down). */
  takeFault(operation: string): FaultKind | null {
    const fault = this.faults.find((item) => item.operation === operation);
    if (!fault) return null;
    if (fault.remaining !== null) {
      fault.remaining -= 1;
      if (fault.remaining <= 0) this.clearFaults(operation);
    }
    return fault.kind;
  }
}

/** Whether a process with this id runs (a lock file left by one that died is stale). */
function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
