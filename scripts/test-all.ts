// npm test: every test, stopping at the first failure.
//
// Two phases, in a fixed order. First the checks without a browser, as many at a time as the
// machine has CPUs, longest first (most of them use one core). Then the browser steps in two fixed
// chains side by side: the e2e tests, then the size budgets; the sandbox stories, then the tool
// tests. The e2e run is the longest step, so it starts as soon as the first phase ends, and the
// other chain fills what it leaves idle. Each step's output is printed in one piece when the step
// ends (a failing step's output last), so steps side by side never interleave lines.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { REPO_ROOT } from './lib/paths';
import { descendants } from './lib/processes';

const DEFAULT_CHROMIUM = '/usr/bin/chromium';
const INSTALL = 'apt-get update && apt-get install -y chromium';
/** The checks without a browser, longest first. */
const CHECKS = ['lint', 'test:unit', 'check:contract', 'typecheck', 'test:contract'];
/**
 * The browser steps: two chains side by side. test:budgets after test:e2e: it rebuilds dist/ as
 * production (the e2e build has test settings) and reuses the e2e run's configured build for the
 * third-party checks. The stories use their own build folder and ports; the tool tests take free
 * ports and temporary folders.
 */
const BROWSER_CHAINS = [
  ['test:e2e', 'test:budgets'],
  ['test:sandbox', 'test:tooling'],
];
const STEP_COUNT = CHECKS.length + BROWSER_CHAINS.flat().length;

const started = Date.now();
const seconds = (since = started) => `${((Date.now() - since) / 1000).toFixed(1)}s`;

/**
 * The machine's CPU time from /proc/stat (Linux; null elsewhere), in seconds: busy (user, nice,
 * system, interrupts) and all (busy, idle, I/O wait). Read at the start and the end, it says
 * whether the run was bound by the CPU: if the CPUs were busy nearly all the time, the run is
 * shortened only by less work or faster CPUs. It counts whatever else the machine runs, too (the
 * steps' own CPU time cannot be summed from here: a browser's helpers are not always waited for).
 */
function machineCpu(): { busy: number; all: number } | null {
  try {
    const [user, nice, system, idle, iowait, irq, softirq] = fs
      .readFileSync('/proc/stat', 'utf8')
      .split('\n', 1)[0]!
      .trim()
      .split(/\s+/)
      .slice(1, 8)
      .map(Number);
    const busy = user! + nice! + system! + irq! + softirq!;
    const all = busy + idle! + iowait!;
    // Clock ticks: USER_HZ is 100 on Linux.
    return Number.isFinite(all) ? { busy: busy / 100, all: all / 100 } : null;
  } catch {
    return null;
  }
}
const startCpu = machineCpu();

/** "the CPUs were busy 98% of the time (835 of 851 CPU-s)", or null off Linux. */
function cpuShare(): string | null {
  const now = machineCpu();
  if (!startCpu || !now) return null;
  const busy = now.busy - startCpu.busy;
  const all = now.all - startCpu.all;
  if (all <= 0) return null;
  return `the CPUs were busy ${Math.round((100 * busy) / all)}% of the time (${busy.toFixed(0)} of ${all.toFixed(0)} CPU-s)`;
}

function header(text: string) {
  console.log(`\n${'='.repeat(72)}\n== ${text}\n${'='.repeat(72)}`);
}

function ensureChromium() {
  const chromium = process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM;
  if (fs.existsSync(chromium)) {
    console.log(`chromium: ${chromium}`);
    return true;
  }
  if (process.env.CHROMIUM_PATH) {
    console.error(`npm test: CHROMIUM_PATH=${chromium} does not exist. Fix it or unset it.`);
    return false;
  }
  if (process.getuid?.() !== 0) {
    console.error(`npm test: Chromium is missing at ${DEFAULT_CHROMIUM}. Install it with:\n`);
    console.error(`  sudo sh -c '${INSTALL}'\n`);
    console.error('or point CHROMIUM_PATH at an existing Chromium, then run npm test again.');
    return false;
  }
  header(`Chromium missing at ${DEFAULT_CHROMIUM}: ${INSTALL}`);
  const run = spawnSync('sh', ['-c', INSTALL], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (run.status !== 0 || !fs.existsSync(DEFAULT_CHROMIUM)) {
    console.error(`npm test: installing Chromium failed (${INSTALL})`);
    return false;
  }
  return true;
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const times: string[] = [];
const running = new Set<ReturnType<typeof spawn>>();
let failed = false;

class StepFailed extends Error {}

/** Runs `npm run <name>`; its output is kept and printed when it ends. */
function runStep(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const stepStarted = Date.now();
    console.log(`npm test: started npm run ${name} (${seconds()})`);
    const child = spawn(npm, ['run', name], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: a failure elsewhere stops the step and everything it started.
      detached: true,
    });
    running.add(child);
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    const finish = (why: string | null) => {
      running.delete(child);
      if (failed && why) return reject(new StepFailed(name)); // stopped: another step failed
      header(`npm run ${name}: ${why ? `FAILED (${why})` : 'passed'} in ${seconds(stepStarted)}`);
      process.stdout.write(Buffer.concat(output));
      times.push(`${name} ${seconds(stepStarted)}`);
      if (!why) return resolve();
      console.error(`\nnpm test: FAILED at npm run ${name} (${why}) after ${seconds()}`);
      void stopEverything().then(() => reject(new StepFailed(name)));
    };
    child.on('error', (error) => finish(String(error)));
    child.on('close', (code, signal) =>
      finish(code === 0 ? null : `exit ${code ?? signal ?? 'unknown'}`),
    );
  });
}

/** Runs `steps` in order, at most `limit` at a time; rejects at the first failure. */
async function runSteps(steps: string[], limit: number) {
  const queue = [...steps];
  const next = async () => {
    for (let step = queue.shift(); step && !failed; step = queue.shift()) await runStep(step);
  };
  await Promise.all(Array.from({ length: Math.min(limit, queue.length) }, next));
}

/**
 * Stops every running step and everything it started: its process group, and the processes below
 * it that run in groups of their own (Playwright's web servers), which would otherwise outlive the
 * run and hold their ports against the next one. SIGKILL for what is left after a grace period.
 */
let stopping: Promise<void> | undefined;
function stopEverything(): Promise<void> {
  failed = true;
  stopping ??= (async () => {
    const signal = (pid: number, name: NodeJS.Signals | 0) => {
      let reached = false;
      for (const target of [-pid, pid]) {
        try {
          process.kill(target, name);
          reached = true;
        } catch {
          // already gone, or not a group leader
        }
      }
      return reached;
    };
    const tree = [...running].flatMap((child) =>
      child.pid ? [child.pid, ...descendants(child.pid)] : [],
    );
    for (const pid of tree) signal(pid, 'SIGTERM');
    for (let waited = 0; waited < 5000 && tree.some((pid) => signal(pid, 0)); waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (const pid of tree) signal(pid, 'SIGKILL');
  })();
  return stopping;
}

async function main() {
  if (!ensureChromium()) {
    console.error(`npm test: FAILED before the first step (no Chromium) after ${seconds()}`);
    process.exit(1);
  }
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.on(signal, () => {
      void stopEverything().then(() => process.exit(code));
    });
  }
  const cpus = os.availableParallelism();
  header(
    `npm test: ${STEP_COUNT} steps; ${CHECKS.join(', ')} (${cpus} at a time); then ${BROWSER_CHAINS.map((chain) => chain.join(' → ')).join(' beside ')}`,
  );
  try {
    await runSteps(CHECKS, cpus);
    await Promise.all(BROWSER_CHAINS.map((chain) => runSteps(chain, 1)));
  } catch (error) {
    if (!(error instanceof StepFailed)) throw error;
    await stopEverything();
    process.exit(1);
  }
  console.log(`\nnpm test: all ${STEP_COUNT} steps passed in ${seconds()}: ${times.join(', ')}`);
  const share = cpuShare();
  if (share) console.log(`npm test: ${share}`);
}

await main();
