// `npm run contract:verify`, as functions: its options, what a run may change on the server it is
// given (`runMode`), the steps it takes, and the run itself against a validating proxy
// (validating-proxy.ts) in front of the server. The command (scripts/contract-verify.ts) parses its
// arguments, starts the proxy and calls `startVerify`.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { ContractViolation } from '../../src/api/response-validation';
import { operationIsPublic } from './contract-rules';
import { type JsonObject, objectOr } from './openapi-doc';
import { DOC_PATH, REPO_ROOT } from './paths';
import {
  type ProxyOperation,
  type Violation,
  declaredStatuses,
  formatCall,
  operationLabel,
  parseJson,
  shown,
} from './proxy-report';
import type { ValidatingProxy } from './validating-proxy';
import {
  type Answer,
  type Json,
  PLAN_OPERATIONS,
  STEPS,
  type StepRequest,
  type VerifyContext,
  type VerifyStep,
} from './verify-plan';

export const USAGE = `usage: npm run contract:verify -- --upstream URL [options]
  --upstream URL          the API base of the server, e.g. http://127.0.0.1:4020/api/v1
  --token TOKEN           use this session (nothing is logged in or out)
  --email E --password P  log in first (and out at the end); a failed login is reported and the
                          run goes on with what needs no session
  --only ID[,ID...]       only these operations (and the calls that make and remove their data)
  --read-only             skip every call that changes state
  --allow-writes=HOST     accept writes to HOST (the host of --upstream); without it a server that
                          is not on this machine (127.0.0.0/8, localhost, [::1]) is only read
Writes to data the run did not make, each put back or listed as left behind:
  --touch-existing-data   a device's name, team and public page; an admin on the account; a
                          collaborator's access to the run's team
  --change-password       the password, to a temporary one and back (needs --password)
  --include-irreversible  what cannot be undone: removeDevice, addCollaborator, saveOnboardingInfo,
                          requestEmailChange, updateBilling, createTwoFactorSecret and
                          confirmTwoFactor, requestPasswordReset (sends the reset email)
  --strict                also flag answer fields the contract does not declare
  --list                  print the plan and exit
  --verbose               also print Prism's own log
Environment: CONTRACT_VERIFY_TOKEN, CONTRACT_VERIFY_EMAIL, CONTRACT_VERIFY_PASSWORD.`;

/** A wrong command line: the command prints it with the usage and exits 2. */
export class UsageError extends Error {}

export interface VerifyOptions {
  upstream?: string;
  token?: string;
  email?: string;
  password?: string;
  only?: Set<string>;
  readOnly?: boolean;
  allowWrites?: string;
  touchExistingData?: boolean;
  changePassword?: boolean;
  includeIrreversible?: boolean;
  strict?: boolean;
  list?: boolean;
  verbose?: boolean;
  help?: boolean;
}

const FLAGS = {
  '--read-only': 'readOnly',
  '--touch-existing-data': 'touchExistingData',
  '--change-password': 'changePassword',
  '--include-irreversible': 'includeIrreversible',
  '--strict': 'strict',
  '--list': 'list',
  '--verbose': 'verbose',
} as const;
const VALUES = [
  '--upstream',
  '--token',
  '--email',
  '--password',
  '--only',
  '--allow-writes',
] as const;

/** The options of a command line (and the environment); throws UsageError. */
export function parseVerifyArgs(
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): VerifyOptions {
  const options: VerifyOptions = {
    token: env.CONTRACT_VERIFY_TOKEN || undefined,
    email: env.CONTRACT_VERIFY_EMAIL || undefined,
    password: env.CONTRACT_VERIFY_PASSWORD || undefined,
  };
  for (let i = 0; i < argv.length; i += 1) {
    const [flag = '', inline] = argv[i]!.split(/=(.*)/s, 2);
    if (flag === '--help' || flag === '-h') return { ...options, help: true };
    if (Object.hasOwn(FLAGS, flag)) {
      options[FLAGS[flag as keyof typeof FLAGS]] = true;
      continue;
    }
    if (!(VALUES as readonly string[]).includes(flag)) {
      throw new UsageError(`unknown argument ${argv[i]}`);
    }
    const value = inline ?? argv[(i += 1)];
    if (value === undefined || value === '') throw new UsageError(`${flag} needs a value`);
    if (flag === '--only') {
      options.only = new Set(
        value
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      );
    } else if (flag === '--allow-writes') options.allowWrites = value;
    else options[flag.slice(2) as 'upstream' | 'token' | 'email' | 'password'] = value;
  }
  const unknown = [...(options.only ?? [])].filter((id) => !PLAN_OPERATIONS.includes(id));
  if (unknown.length > 0) {
    throw new UsageError(
      `--only: no such operation ${unknown.join(', ')} (operations: ${PLAN_OPERATIONS.join(', ')})`,
    );
  }
  if (options.token && (options.email || options.password)) {
    throw new UsageError('--token, or --email and --password, not both');
  }
  if (options.changePassword && !options.password) {
    throw new UsageError('--change-password needs --password (the current one, to set it back)');
  }
  return options;
}

// --- what a run may change -------------------------------------------------------------------------

/** The classes of writes to data the run did not make, each behind its own flag. */
const GUARDED = {
  existing: {
    flag: '--touch-existing-data',
    option: 'touchExistingData',
    leaves: 'put back after',
  },
  password: { flag: '--change-password', option: 'changePassword', leaves: 'put back after' },
  irreversible: {
    flag: '--include-irreversible',
    option: 'includeIrreversible',
    leaves: 'cannot be undone',
  },
} as const;
type GuardedKind = keyof typeof GUARDED;
const isGuarded = (kind: string): kind is GuardedKind => Object.hasOwn(GUARDED, kind);

/** Whether a host name of a URL is this machine: 127.0.0.0/8, localhost or [::1]. */
export function isLoopback(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** The host name a --allow-writes value names ('staging.example.com', 'host:8080', a URL). */
function namedHost(value: string): string | undefined {
  const url = value.includes('://') ? value : `http://${value}`;
  return URL.canParse(url) ? new URL(url).hostname : undefined;
}

/** What a run may change: whether it writes at all (and why), and which guarded classes run. */
export interface RunMode {
  writes: boolean;
  why: string;
  kinds: Set<GuardedKind>;
}

/**
 * What the options allow on their --upstream: writes only to this machine or to the host named
 * with --allow-writes; each class of writes to data the run did not make only with its flag.
 * Throws UsageError when they disagree (the command then sends nothing).
 */
export function runMode(options: VerifyOptions): RunMode {
  const guarded = (Object.keys(GUARDED) as GuardedKind[]).filter(
    (kind) => options[GUARDED[kind].option],
  );
  const flags = guarded.map((kind) => GUARDED[kind].flag).join(', ');
  if (options.readOnly) {
    if (options.allowWrites)
      throw new UsageError('--read-only and --allow-writes exclude each other');
    if (guarded.length > 0) throw new UsageError(`--read-only and ${flags} exclude each other`);
    return { writes: false, why: '--read-only', kinds: new Set() };
  }
  const { upstream } = options;
  const host = upstream && URL.canParse(upstream) ? new URL(upstream).hostname : undefined;
  if (options.allowWrites !== undefined) {
    const named = namedHost(options.allowWrites);
    if (!named) throw new UsageError(`--allow-writes is not a host name: ${options.allowWrites}`);
    if (host !== undefined && named !== host) {
      throw new UsageError(
        `--allow-writes names ${named}, but --upstream is ${host}: writes go only to the host named, so nothing was sent`,
      );
    }
    return { writes: true, why: `--allow-writes names ${named}`, kinds: new Set(guarded) };
  }
  if (host === undefined || isLoopback(host)) {
    const why = host === undefined ? 'no --upstream' : `${host} is this machine`;
    return { writes: true, why, kinds: new Set(guarded) };
  }
  if (guarded.length > 0) {
    throw new UsageError(
      `${flags} would change data on ${host}, which is not this machine: pass --allow-writes=${host} to accept writes there (or leave ${guarded.length > 1 ? 'them' : 'it'} out for a read-only run)`,
    );
  }
  return {
    writes: false,
    why: `${host} is not this machine; --allow-writes=${host} accepts writes there`,
    kinds: new Set(),
  };
}

/** Why a step does not run in `mode`, or undefined when it does. */
function blockedBy(step: VerifyStep, mode: RunMode): string | undefined {
  if (step.kind === 'read' || step.kind === 'refusal' || step.kind === 'session') return undefined;
  if (!mode.writes) return `changes state (${mode.why})`;
  if (isGuarded(step.kind) && !mode.kinds.has(step.kind)) {
    const guard = GUARDED[step.kind];
    return `${guard.leaves}: ${step.note} (${guard.flag} runs it)`;
  }
  return undefined;
}

/**
 * The lines said before a run: whether it writes and why, and each change to data it did not make
 * with what it leaves behind, run or not (and the flag that runs it).
 */
export function modeLines(options: VerifyOptions, mode: RunMode): string[] {
  if (!mode.writes) {
    return [
      `contract:verify: read-only (${mode.why}): only reads, a login and logout, and made-up secrets the server must refuse`,
    ];
  }
  const selected = selectSteps(options);
  const lines = [
    `contract:verify: writes (${mode.why}): what it makes it removes; data it did not make:`,
  ];
  for (const step of STEPS) {
    if (!selected.has(step) || step.followUp || !isGuarded(step.kind)) continue;
    if (step.cleans && !step.provides) continue; // a step that puts back
    const guard = GUARDED[step.kind];
    const runs = mode.kinds.has(step.kind);
    lines.push(
      `  ${runs ? '▸' : '○'} ${step.op}: ${step.note} · ${guard.leaves} · ${runs ? 'runs' : `not run (${guard.flag} runs it)`}`,
    );
  }
  if (lines.length === 1) lines.push('  (none in this selection)');
  return lines;
}

/** The steps of a run: all, or for --only the chosen operations, what they need, and what cleans up after them. */
export function selectSteps(options: VerifyOptions): Set<VerifyStep> {
  const only = options.only;
  if (!only) return new Set(STEPS);
  const included = new Set(STEPS.filter((step) => only.has(step.op) && !step.followUp));
  const providerOf = (key: string) => STEPS.find((step) => step.provides?.includes(key));
  const provided = () => new Set([...included].flatMap((step) => step.provides ?? []));
  let size = -1;
  while (size !== included.size) {
    size = included.size;
    for (const step of [...included]) {
      for (const key of [
        ...(step.requires ?? []),
        ...(options.readOnly ? [] : (step.wants ?? [])),
      ]) {
        const provider = providerOf(key);
        if (provider) included.add(provider);
      }
    }
    const have = provided();
    // What the chosen operations themselves give: the follow-ups that read it back are theirs.
    const chosen = new Set(
      [...included].filter((s) => only.has(s.op)).flatMap((s) => s.provides ?? []),
    );
    for (const step of STEPS) {
      if (step.cleans && have.has(step.cleans)) included.add(step);
      const requires = step.requires ?? [];
      if (
        step.followUp &&
        requires.some((key) => chosen.has(key)) &&
        requires.every((key) => have.has(key))
      ) {
        included.add(step);
      }
    }
  }
  return included;
}

/** The lines of --list: the plan, each step with what it needs to run. */
export function planLines(options: VerifyOptions): string[] {
  const selected = selectSteps(options);
  return STEPS.filter((step) => selected.has(step)).map((step) => {
    const needs = isGuarded(step.kind)
      ? ` [${GUARDED[step.kind].flag}]`
      : step.kind === 'write'
        ? ' [writes]'
        : '';
    return `${step.op}${step.note ? ` · ${step.note}` : ''}${needs}`;
  });
}

/** The console's own verdict on a success answer (scripts/lib/console-answers.ts). */
export type ConsoleCheck = (
  operation: string,
  status: number,
  body: unknown,
) => ContractViolation | null;

function buildUrl(
  op: ProxyOperation,
  params: Record<string, Json> = {},
  query?: Record<string, Json>,
): string {
  let url = op.template.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  );
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.set(key, String(value));
  }
  if ([...search].length > 0) url += `?${search}`;
  return url;
}

function parseBody(answer: { headers: JsonObject; body: string } | undefined): Json {
  if (!String(answer?.headers['content-type'] ?? '').includes('json')) return undefined;
  const parsed = parseJson(answer!.body);
  return parsed.ok ? parsed.value : undefined;
}

function valueAtPath(body: unknown, pathText: string): unknown {
  const keys = [
    ...pathText.matchAll(/\.([A-Za-z_$][\w$]*)|\[(\d+)\]|\["((?:[^"\\]|\\.)*)"\]/g),
  ].map((m) => m[1] ?? (m[2] !== undefined ? Number(m[2]) : (JSON.parse(`"${m[3]}"`) as string)));
  let node: unknown = body;
  for (const key of keys) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[key];
  }
  return node;
}

/** A run under way: stop it early, or ask what it would leave behind if it ended now. */
export interface VerifyRun {
  /** No new call: only the pending clean-ups, then the summary. False when already stopped. */
  stop(reason: string): boolean;
  /** What stays on the server if the process ended now, one line each (empty: nothing). */
  leftBehind(): string[];
  /** The run's end: whether every answer matched (and the login worked), and why it stopped early. */
  done: Promise<{ ok: boolean; stopped?: string }>;
}

/**
 * One run of the plan through `proxy` (already pointed at the server), printing one line per call
 * and the summary with `log`. A stop (or a crash of a step) ends the run after the call in flight:
 * the clean-ups still pending run, and what they could not undo is printed.
 */
export function startVerify({
  options,
  mode,
  proxy,
  consoleCheck,
  log,
}: {
  options: VerifyOptions;
  mode: RunMode;
  proxy: ValidatingProxy;
  consoleCheck: ConsoleCheck;
  log: (line: string) => void;
}): VerifyRun {
  const selected = selectSteps(options);
  const only = options.only;
  const allOps = [...new Set(STEPS.map((step) => step.op))];
  const { document, expectedHash } = proxy;
  const byId = new Map(
    proxy.operations.filter((op) => op.operationId).map((op) => [op.operationId!, op]),
  );
  const isPublic = (op: ProxyOperation) =>
    operationIsPublic(
      document,
      objectOr(objectOr(objectOr(document.paths)[op.template])[op.method.toLowerCase()]),
    );

  const runId = randomBytes(4).toString('hex');
  const ctx: VerifyContext = {
    runId,
    teamName: `contract-verify ${runId}`,
    token: options.token,
    session: options.token ? true : undefined,
    email: options.email,
    password: options.password,
    tempPassword: `Contract-verify-${runId}-${randomBytes(6).toString('hex')}`,
    sessions: [],
  };

  const version = objectOr(document.info).version;
  log(
    `contract:verify: ${options.upstream ? new URL(options.upstream).href : '(no upstream)'} against ${path.relative(REPO_ROOT, DOC_PATH)} ${String(version)} (openapi-hash ${expectedHash}), through Prism's validating proxy and the console's validators`,
  );
  for (const line of modeLines(options, mode)) log(line);
  log(
    `contract:verify: run ${runId}; what it makes is named "${ctx.teamName}" or ${runId}-…@verify.example`,
  );

  // What stays on the server until its clean-up succeeded (the key a step `cleans` → what), and the
  // call in flight (its change may have happened).
  const pending = new Map<string, string>();
  let inFlight: string | undefined;
  let stopped: string | undefined;
  let crashed = false;
  const leftBehind = () => [
    ...pending.values(),
    ...(inFlight ? [`perhaps (its answer has not come): ${inFlight}`] : []),
  ];
  const stop = (reason: string) => {
    if (stopped) return false;
    stopped = reason;
    log(
      `contract:verify: stopped (${reason}): no new call; ${pending.size > 0 || inFlight ? 'undoing what it changed' : 'nothing to undo'}`,
    );
    return true;
  };

  // --- one call --------------------------------------------------------------------------------

  let counter = 0;
  interface Outcome {
    ran: number;
    failed: number;
    skip: string | undefined;
    said?: boolean;
  }
  const results = new Map<string, Outcome>();
  const record = (op: string): Outcome => {
    if (!results.has(op)) results.set(op, { ran: 0, failed: 0, skip: undefined });
    return results.get(op)!;
  };

  async function call(step: VerifyStep, op: ProxyOperation, req: StepRequest): Promise<void> {
    const id = `cv-${runId}-${String((counter += 1)).padStart(2, '0')}`;
    const auth = req.auth ?? !isPublic(op);
    const headers: Record<string, string> = { accept: 'application/json', 'x-request-id': id };
    const token = req.token ?? ctx.token;
    if (auth && token) headers.authorization = `Bearer ${token}`;
    const body = req.body === undefined ? undefined : JSON.stringify(req.body);
    if (body !== undefined) headers['content-type'] = 'application/json';
    const url = buildUrl(op, req.params, req.query);
    const leaves = step.leaves;
    inFlight = leaves?.what(ctx);
    const result = await proxy.exchange({ method: op.method, url, headers, body });
    inFlight = undefined;
    const violations: Violation[] = [...result.violations];
    const backend = result.backend;
    const status = backend?.status ?? result.prism?.status;
    const parsed = parseBody(backend);
    const expect = req.expect ?? step.expect ?? 'success';
    const successes = declaredStatuses(document, op).filter((code) => /^2/.test(code));
    const isSuccess = backend !== undefined && successes.includes(String(backend.status));
    const statusFlagged = violations.some((v) => v.rule === 'undeclared-status');

    if (!backend && violations.length === 0) {
      violations.push({
        side: 'request',
        where: 'connection',
        rule: 'not-reached',
        message: `Prism answered ${status} itself: the request did not reach the server`,
      });
    }
    if (backend?.status === 501) {
      violations.push({
        side: 'response',
        where: 'status 501',
        rule: 'not-implemented',
        message:
          'the server does not implement this operation (Prism answered it with a mocked example)',
      });
    } else if (backend && !statusFlagged) {
      let unexpected: string | undefined;
      if (expect === 'success' && !isSuccess)
        unexpected = `the console's flow needs ${successes.join(' or ')} here`;
      if (expect === 'refusal' && backend.status >= 500)
        unexpected = 'a made-up secret must be refused with a 4xx';
      if (expect === 'refusal' && /^2/.test(String(backend.status)))
        unexpected = 'a made-up secret was accepted';
      if (unexpected) {
        violations.push({
          side: 'response',
          where: `status ${backend.status}`,
          rule: 'unexpected-status',
          message: `${unexpected} (${backend.status} is declared; its answer is checked above)`,
          ...(parsed !== undefined ? { received: shown(parsed) } : {}),
        });
      }
    }

    // The console's own validators, for a success Prism found nothing wrong with.
    const bodyFlagged = violations.some((v) => v.where.startsWith('body'));
    if (backend && isSuccess && !bodyFlagged) {
      const raw: unknown = backend.body === '' ? undefined : parsed;
      const verdict = consoleCheck(`${op.method} ${op.template}`, backend.status, raw);
      if (verdict) {
        const received = valueAtPath(raw, verdict.path);
        violations.push({
          side: 'response',
          where: `body ${verdict.path}`,
          rule: `console ${verdict.rule}`,
          message: "the console's generated validator refuses it (Prism let it through)",
          ...(received !== undefined ? { received: shown(received) } : {}),
        });
      }
    }

    // The flow goes on with what the server sent, valid or not, so one broken answer does not
    // hide the operations after it.
    const answer: Answer = { status, body: parsed };
    const problems: string[] = [];
    const follow = (hook: (ctx: VerifyContext, answer: Answer) => string[] | void) => {
      try {
        problems.push(...(hook(ctx, answer) ?? []));
      } catch (error) {
        problems.push(
          `the answer could not be used: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    };
    if (isSuccess && step.after) follow(step.after);
    if (backend && step.afterAny) follow(step.afterAny);
    for (const problem of problems) {
      violations.push({ side: 'response', where: 'body', rule: 'flow', message: problem });
    }
    if (!isSuccess && step.failed) step.failed(ctx, answer);

    // What the call changed (or may have: no answer, a server error) stays listed until undone.
    if (isSuccess && step.cleans) pending.delete(step.cleans);
    const left = leaves?.what(ctx);
    if (leaves && left && isSuccess) pending.set(leaves.key, left);
    else if (leaves && left && (!backend || backend.status >= 500))
      pending.set(leaves.key, `perhaps (${step.op} answered ${status ?? 'nothing'}): ${left}`);

    const label = operationLabel(op, op.method, op.template);
    for (const line of formatCall({ id, label, status, violations, note: req.note ?? step.note }))
      log(line);
    const entry = record(step.op);
    entry.ran += 1;
    if (violations.length > 0) entry.failed += 1;
  }

  // --- the run -----------------------------------------------------------------------------------

  const providersOf = (key: string) => [
    ...new Set(STEPS.filter((s) => s.provides?.includes(key)).map((s) => s.op)),
  ];
  const missingReason = (key: string) =>
    key === 'session'
      ? (ctx.loginFailed ?? 'no session: pass --token, or --email and --password')
      : `needs what ${providersOf(key).join(' or ')} gives (${key}), which it did not`;
  /** Stopped, only what undoes a pending change (or finds what such a step needs) runs. */
  const undoes = (step: VerifyStep) =>
    (step.cleans !== undefined && pending.has(step.cleans)) ||
    (step.findsForCleanUp === true &&
      (step.provides ?? []).some((key) => pending.has(key) && ctx[key] === undefined));

  async function runStep(step: VerifyStep): Promise<void> {
    const op = byId.get(step.op);
    if (!op) throw new Error(`the contract has no operation ${step.op}`);
    const label = operationLabel(op, op.method, op.template);
    const skip = (reason: string, silent = false) => {
      const entry = record(step.op);
      // The summary gives the reason a line was printed for, else the first one.
      if (!silent && !entry.said) [entry.skip, entry.said] = [reason, true];
      entry.skip ??= reason;
      if (!silent) log(`○ [skipped] ${label}: ${reason}`);
    };
    const blocked = blockedBy(step, mode);
    if (blocked) {
      skip(blocked, !mode.writes || !!step.followUp);
      return;
    }
    const missing = (step.requires ?? []).find((key) => ctx[key] === undefined);
    if (missing) {
      // Said once in the summary (a missing session would otherwise give a line per operation).
      skip(missingReason(missing), true);
      return;
    }
    const items: Json[] = step.repeat ? step.repeat(ctx) : [undefined];
    for (const item of items) {
      const req = step.request ? step.request(ctx, item) : {};
      if (req.silent) {
        const entry = record(step.op);
        if (typeof req.silent === 'string') entry.skip ??= req.silent;
        continue;
      }
      if (req.skip) {
        skip(req.skip);
        continue;
      }
      await call(step, op, req);
    }
  }

  async function run(): Promise<{ ok: boolean; stopped?: string }> {
    for (const step of STEPS) {
      if (!selected.has(step)) continue;
      if (stopped && !undoes(step)) continue;
      try {
        await runStep(step);
      } catch (error) {
        // A crash of the tool (not of the server): what it changed is still undone.
        inFlight = undefined;
        crashed = true;
        log(
          `✖ ${step.op}: contract:verify crashed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        );
        record(step.op).failed += 1;
        stop('a crash');
      }
    }

    // --- the summary -----------------------------------------------------------------------------

    const ran = (op: string) => (results.get(op)?.ran ?? 0) > 0;
    const chosen = allOps.filter((op) => !only || [...selected].some((s) => s.op === op));
    const failed = chosen.filter((op) => (results.get(op)?.failed ?? 0) > 0);
    const checked = chosen.filter((op) => ran(op) || failed.includes(op));
    const skipped = chosen.filter((op) => !checked.includes(op));
    const byReason = new Map<string, string[]>();
    for (const op of skipped) {
      const reason =
        results.get(op)?.skip ?? (stopped ? `not reached (${stopped})` : 'not reached');
      byReason.set(reason, [...(byReason.get(reason) ?? []), op]);
    }
    log('');
    log(
      `contract:verify: ${checked.length} of ${chosen.length} operations checked: ${checked.length - failed.length} ✔, ${failed.length} ✖${failed.length > 0 ? ` (${failed.join(', ')})` : ''}; ${skipped.length} skipped`,
    );
    for (const [reason, ops] of byReason) log(`  ○ ${ops.join(', ')}: ${reason}`);
    for (const leftover of leftBehind()) log(`  ⚠ left behind: ${leftover}`);
    if (ctx.loginFailed) log(`  ✖ login failed: ${ctx.loginFailed}`);
    const ok = failed.length === 0 && !ctx.loginFailed && !stopped && !crashed;
    log(
      ok
        ? `contract:verify: passed: every answer matches the contract${skipped.length > 0 ? ' (skipped operations are not checked)' : ''}`
        : stopped && !crashed
          ? `contract:verify: STOPPED (${stopped})${pending.size > 0 ? ': see what is left behind above' : ': nothing is left behind'}`
          : `contract:verify: FAILED: ${failed.length} operation(s) answered against the contract or the console's flow${crashed ? ' or crashed' : ''}${ctx.loginFailed ? ', and the login failed' : ''}`,
    );
    return { ok, ...(stopped && !crashed ? { stopped } : {}) };
  }

  return { stop, leftBehind, done: run() };
}
