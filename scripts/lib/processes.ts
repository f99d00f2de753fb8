// Processes and ports for the scripts and the tool tests: start a server, wait until it answers,
// stop it (and everything it started), find a free port. Servers are started in their own process
// group so that stopping one also stops what it spawned (npm → node → Prism).
import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { REPO_ROOT, bin } from './paths';

const HOST = '127.0.0.1';

/** Listens on `port` (0: any free one) of 127.0.0.1; resolves with the port. */
export function listen(server: net.Server, port: number, host = HOST): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as net.AddressInfo).port);
    });
  });
}

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  const port = await listen(probe, 0);
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Whether something accepts connections on `port`. */
export function portOpen(port: number, host = HOST, timeoutMs = 5000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, host);
    socket.setTimeout(timeoutMs, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `port` accepts connections; throws after `timeoutMs`, or when `gone()` says so. */
export async function waitForPort(
  port: number,
  {
    timeoutMs = 60_000,
    host = HOST,
    gone,
  }: { timeoutMs?: number; host?: string; gone?: () => boolean } = {},
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await portOpen(port, host))) {
    if (gone?.()) throw new Error(`the process meant to listen on port ${port} exited`);
    if (Date.now() > until)
      throw new Error(`nothing listens on port ${port} after ${timeoutMs / 1000} s`);
    await sleep(200);
  }
}

/** Waits until `url` answers at all (any status); throws after `timeoutMs`. */
export async function waitForUrl(url: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      if (Date.now() > until) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
      await sleep(250);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Servers

export interface Started {
  child: ChildProcess;
  /** The last few kB of its stderr (and stdout, when piped), for an error message. */
  output(): string;
  /** SIGTERM to its process group, SIGKILL after `graceMs`; resolves once it has exited. */
  stop(graceMs?: number): Promise<void>;
}

const started = new Set<ChildProcess>();
let exitHookInstalled = false;
let stoppingAll = false;

const alive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined || !alive(child)) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // the group is gone already
  }
}

/**
 * Every process below `pid` (Linux: read from /proc; empty elsewhere). A step's own process group
 * does not hold what its children start in groups of their own (Playwright's web servers), so
 * stopping a step means signalling these too.
 */
export function descendants(pid: number): number[] {
  let parents: Map<number, number[]>;
  try {
    parents = new Map();
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
      } catch {
        // exited while listed
      }
    }
  } catch {
    return [];
  }
  const found: number[] = [];
  for (let queue = [pid]; queue.length > 0;) {
    const children = parents.get(queue.shift()!) ?? [];
    found.push(...children);
    queue.push(...children);
  }
  return found;
}

/** Every server started here, stopped at once (on exit, or on a signal). */
export function stopAll(): void {
  stoppingAll = true;
  for (const child of started) killGroup(child, 'SIGTERM');
}

function installExitHook() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', stopAll);
}

/**
 * For scripts without signal handling of their own: Ctrl-C or SIGTERM exits (stopping every
 * server started here); without a handler Node would exit without running its exit hooks.
 */
export function exitOnSignals(code = 130): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => process.exit(code));
  }
}

/**
 * Starts a long-running process in its own process group (stdin ignored, stdout ignored unless
 * `pipe`), stopped with the calling process at the latest.
 */
export function startProcess(
  command: string,
  args: readonly string[],
  {
    env,
    cwd = REPO_ROOT,
    pipe = false,
    onExit,
  }: {
    env?: NodeJS.ProcessEnv;
    cwd?: string;
    /** Also keep stdout (e.g. to wait for a line). */
    pipe?: boolean;
    /** Called when it exits by itself (not through stop()). */
    onExit?: (code: number | null, signal: NodeJS.Signals | null, output: string) => void;
  } = {},
): Started {
  installExitHook();
  const options: SpawnOptions = {
    cwd,
    env: env ? { ...process.env, ...env } : process.env,
    stdio: ['ignore', pipe ? 'pipe' : 'ignore', 'pipe'],
    detached: true,
  };
  const child = spawn(command, args, options);
  started.add(child);
  let output = '';
  let stopping = false;
  const keep = (chunk: Buffer | string) => {
    output = (output + String(chunk)).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.on('exit', (code, signal) => {
    started.delete(child);
    if (!stopping && !stoppingAll) onExit?.(code, signal, output);
  });
  return {
    child,
    output: () => output,
    async stop(graceMs = 3000) {
      stopping = true;
      if (!alive(child)) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      killGroup(child, 'SIGTERM');
      const force = setTimeout(() => killGroup(child, 'SIGKILL'), graceMs);
      await exited;
      clearTimeout(force);
    },
  };
}

/**
 * Node and the arguments that run Prism (`prism mock ...`, `prism proxy ...`) so that it exits
 * when the calling process dies, even by SIGKILL (scripts/lib/exit-with-parent.cjs).
 */
export const prismCommand = (...args: string[]): [string, string[]] => [
  process.execPath,
  [
    '--require',
    path.join(REPO_ROOT, 'scripts', 'lib', 'exit-with-parent.cjs'),
    bin('prism'),
    ...args,
  ],
];

// ---------------------------------------------------------------------------------------------
// Figures

/** The median (the mean of the two middle values for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
