// npm test: every test, stopping at the first failure.
//
// Two slots, as the machine may have two cores. The steps before the browser are a queue, longest
// first: each slot takes the next step when it is free (type check, ESLint, Spectral and the
// contract checks are single-threaded, so one slot would leave a core idle). The first slot to find
// the queue empty runs the browser tests (e2e, then the size budgets); the other, once its last step
// is done, runs the sandbox stories and then the tool tests beside them. The e2e run leaves a part
// of the machine idle (a worker waiting on a held answer or a timer, the last tests on one worker),
// which the other slot's steps fill; the e2e run is the longest step, so it starts as early as the
// queue allows. Each step's output is printed in one piece when the step ends (a failing step's
// output last), so two slots never interleave lines.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { REPO_ROOT } from './lib/paths';

const DEFAULT_CHROMIUM = '/usr/bin/chromium';
const INSTALL = 'apt-get update && apt-get install -y chromium';
/**
 * The steps before the browser, longest first (times alone on a 2-core machine: lint 56 s, unit
 * 39 s, check:contract 27 s, type check 11 s, contract tests 7 s).
 */
const BEFORE_BROWSER = ['lint', 'test:unit', 'check:contract', 'typecheck', 'test:contract'];
const SLOTS = 2;
/**
 * The steps from the browser on, one list per slot in the order the slots find the queue empty.
 * test:budgets after test:e2e: it rebuilds dist/ as production (the e2e build has test settings)
 * and reuses the e2e run's configured build for the third-party checks. The stories use their own
 * build folder and ports; the tool tests (100 s alone: git clones, Prism, the sandbox) take free
 * ports and temporary folders.
 */
const BROWSER_STEPS = [
  ['test:e2e', 'test:budgets'],
  ['test:sandbox', 'test:tooling'],
];
const STEP_COUNT = BEFORE_BROWSER.length + BROWSER_STEPS.flat().length;

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
      reject(new StepFailed(name));
    };
    child.on('error', (error) => finish(String(error)));
    child.on('close', (code, signal) =>
      finish(code === 0 ? null : `exit ${code ?? signal ?? 'unknown'}`),
    );
  });
}

/** One slot: steps from the queue while there are any, then the next list of browser steps. */
async function runSlot(queue: string[], browserSteps: string[][]) {
  for (let step = queue.shift(); step; step = queue.shift()) {
    if (failed) return;
    await runStep(step);
  }
  for (const step of browserSteps.shift() ?? []) {
    if (failed) return;
    await runStep(step);
  }
}

function stopEverything() {
  failed = true;
  for (const child of running) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
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
      stopEverything();
      process.exit(code);
    });
  }
  header(
    `npm test: ${STEP_COUNT} steps in ${SLOTS} slots; ${BEFORE_BROWSER.join(', ')}; then ${BROWSER_STEPS.map((steps) => steps.join(' → ')).join(' beside ')}`,
  );
  const queue = [...BEFORE_BROWSER];
  const browserSteps = BROWSER_STEPS.map((steps) => [...steps]);
  try {
    await Promise.all(
      Array.from({ length: SLOTS }, () =>
        runSlot(queue, browserSteps).catch((error: unknown) => {
          stopEverything();
          throw error;
        }),
      ),
    );
  } catch (error) {
    if (!(error instanceof StepFailed)) throw error;
    process.exit(1);
  }
  console.log(`\nnpm test: all ${STEP_COUNT} steps passed in ${seconds()}: ${times.join(', ')}`);
  const share = cpuShare();
  if (share) console.log(`npm test: ${share}`);
}

await main();
