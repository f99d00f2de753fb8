// npm test: every test, in order, stopping at the first failure.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { REPO_ROOT } from './lib/paths';

const DEFAULT_CHROMIUM = '/usr/bin/chromium';
const INSTALL = 'apt-get update && apt-get install -y chromium';
// test:budgets last: it rebuilds dist/ as production (the e2e build has test settings) and reuses
// the e2e run's configured build for the third-party checks.
const STEPS = [
  'typecheck',
  'lint',
  'check:contract',
  'test:unit',
  'test:contract',
  'test:tooling',
  'test:e2e',
  'test:sandbox',
  'test:budgets',
];
const started = Date.now();
const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)}s`;

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

if (!ensureChromium()) {
  console.error(`npm test: FAILED before the first step (no Chromium) after ${seconds()}`);
  process.exit(1);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const times = [];
for (const [index, name] of STEPS.entries()) {
  header(`step ${index + 1}/${STEPS.length}: npm run ${name}`);
  const stepStarted = Date.now();
  const run = spawnSync(npm, ['run', name], { cwd: REPO_ROOT, stdio: 'inherit' });
  times.push(`${name} ${((Date.now() - stepStarted) / 1000).toFixed(1)}s`);
  console.log(`\nnpm test: ${times.at(-1)}`);
  if (run.status !== 0) {
    const why = run.error ? String(run.error) : `exit ${run.status ?? run.signal}`;
    console.error(
      `\nnpm test: FAILED at step ${index + 1}/${STEPS.length} (npm run ${name}, ${why}) after ${seconds()}`,
    );
    process.exit(1);
  }
}
console.log(`\nnpm test: all ${STEPS.length} steps passed in ${seconds()}: ${times.join(', ')}`);
