// npm run test:budgets (a step of npm test): the gzip JS and CSS each entry route's first paint
// loads, against budgets.json, and where third-party code may appear. Sizes, never timings.
//
// It reads the build's own route map (dist/.vite/route-chunks.json, written by
// scripts/lib/route-chunks.mjs): per route, signed in and out, the entry chunk and its imports, the
// route-preload script and the route's chunks. It also builds the floor (tests/bench-floor, a bare
// React + MUI login form, ~2 s) and checks the sign-in page against it, so the ratio holds even
// when React or MUI change both.
//
// It reuses the builds the e2e step made (dist/ and the configured build with a Sentry DSN and a
// Paddle token); when one is missing it builds it. `--build` rebuilds dist/ first.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildFloor, FLOOR_OUT_DIR } from './lib/floor.mjs';
import { REPORT_FILE } from './lib/route-chunks.mjs';
import { gzipTotals, kB, routeFiles } from './lib/sizes.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUDGETS_FILE = path.join(ROOT, 'budgets.json');
const DIST = path.join(ROOT, 'dist');
// The e2e run's second build (tests/e2e/configured-app.ts): the only one that holds Sentry's code.
const CONFIGURED_DIST = path.join(ROOT, 'node_modules', '.cache', 'e2e-configured-dist');
const CONFIGURED_ENV = {
  VITE_SENTRY_DSN: 'https://e2e0public0key@sentry.invalid/1',
  VITE_SENTRY_TUNNEL: '/e2e-sentry-tunnel',
  VITE_PADDLE_CLIENT_TOKEN: 'test_e2e_client_token',
};

function build(outDir, env = {}) {
  console.log(`budgets: building ${path.relative(ROOT, outDir)}/`);
  const run = spawnSync(
    path.join(ROOT, 'node_modules', '.bin', 'vite'),
    ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } },
  );
  if (run.status !== 0) process.exit(run.status ?? 1);
}

function readReport(dir, env) {
  const file = path.join(dir, REPORT_FILE);
  if (!fs.existsSync(file)) build(dir, env);
  const stat = fs.statSync(file);
  console.log(
    `budgets: ${path.relative(ROOT, dir)}/ built ${stat.mtime.toISOString().replace(/\.\d+Z$/, 'Z')}`,
  );
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

function table(headers, rows) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join('  ');
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** Every route's first paint, signed in and out, with the packages and sources in its files. */
function* screens(report) {
  const states = [
    ['signed out', 'signedOut'],
    ['signed in', 'signedIn'],
  ];
  for (const route of [...report.routes, { path: '(unknown path)', ...report.unknown }]) {
    for (const [label, key] of states) {
      const files = [...report.entry, report.preloadScript, ...route[key]];
      const inside = new Set();
      for (const file of files) {
        const chunk = report.chunks[file];
        for (const name of [...(chunk?.packages ?? []), ...(chunk?.sources ?? [])])
          inside.add(name);
      }
      yield { path: route.path, state: label, inside };
    }
  }
}

function checkThirdParties(report, rules, buildName) {
  const failures = [];
  for (const screen of screens(report)) {
    for (const rule of rules) {
      if (rule.allowedOn.includes(screen.path)) continue;
      const found = [...screen.inside].filter((name) => name.startsWith(rule.match));
      if (found.length > 0)
        failures.push(
          `${rule.name} (${found.join(', ')}) is in the first load of ${screen.path} (${screen.state}, ${buildName}); allowed only on: ${rule.allowedOn.join(', ') || 'no route'}`,
        );
    }
  }
  return failures;
}

async function main() {
  if (process.argv.includes('--build')) build(DIST);
  const budgets = JSON.parse(fs.readFileSync(BUDGETS_FILE, 'utf8'));
  const report = readReport(DIST);
  const failures = [];

  const rows = [];
  const measured = new Map();
  for (const budget of budgets.routes) {
    const size = gzipTotals(DIST, routeFiles(report, budget.route, budget.signedIn));
    measured.set(budget.route, size);
    const over = [];
    if (size.js > budget.js) over.push(`JS ${size.js} B > ${budget.js} B`);
    if (size.css > budget.css) over.push(`CSS ${size.css} B > ${budget.css} B`);
    if (over.length > 0)
      failures.push(
        `${budget.route} (${budget.signedIn ? 'signed in' : 'signed out'}): ${over.join(', ')}`,
      );
    rows.push([
      budget.route,
      budget.signedIn ? 'in' : 'out',
      size.files,
      `${size.js} B (${kB(size.js)})`,
      `${budget.js} B`,
      `${(((budget.js - size.js) / budget.js) * 100).toFixed(1)}%`,
      `${size.css} B / ${budget.css} B`,
      over.length ? 'OVER' : 'ok',
    ]);
  }
  console.log('\nFirst-paint download per entry route (gzip -9), budgets.json\n');
  console.log(
    table(['route', 'signed', 'files', 'JS', 'JS budget', 'headroom', 'CSS / budget', ''], rows),
  );

  // The sign-in page against the floor, built now with the same Vite.
  const { route: floorRoute, max } = budgets.floorRatio;
  const floorSize = gzipTotals(FLOOR_OUT_DIR, await buildFloor());
  const login = measured.get(floorRoute) ?? gzipTotals(DIST, routeFiles(report, floorRoute, false));
  const ratio = login.js / floorSize.js;
  console.log(
    `\n${floorRoute} JS ${login.js} B / floor ${floorSize.js} B = ${ratio.toFixed(3)}x (at most ${max}x)`,
  );
  if (ratio > max)
    failures.push(`${floorRoute}: ${ratio.toFixed(3)}x the floor's JS, more than ${max}x`);

  // Third-party code stays out of every route that does not use it, in both builds.
  failures.push(...checkThirdParties(report, budgets.thirdParty, 'dist/'));
  const configured = readReport(CONFIGURED_DIST, CONFIGURED_ENV);
  failures.push(
    ...checkThirdParties(configured, budgets.thirdParty, 'build with Sentry DSN and Paddle token'),
  );
  const present = (rule) =>
    Object.values(configured.chunks).some((chunk) =>
      [...chunk.packages, ...chunk.sources].some((name) => name.startsWith(rule.match)),
    );
  console.log(
    `\nThird-party code in first loads: ${budgets.thirdParty
      .map(
        (rule) =>
          `${rule.name} only on ${rule.allowedOn.join(', ') || 'no route'}${present(rule) ? '' : ' (not in this build)'}`,
      )
      .join('; ')}`,
  );

  if (failures.length > 0) {
    console.error(`\nbudgets: ${failures.length} exceeded\n  ${failures.join('\n  ')}`);
    console.error(
      '\nShrink what the route loads, or raise the budget in budgets.json on purpose (and say why).',
    );
    process.exit(1);
  }
  console.log('\nbudgets: all within budget');
}

main().catch((error) => {
  console.error(`budgets failed: ${error instanceof Error ? error.stack : error}`);
  process.exit(1);
});
