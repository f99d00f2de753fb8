// npm run test:budgets (a step of npm test): the gzip JS and CSS each entry route's first paint
// loads, against budgets.json, and where third-party code may appear. Sizes, never timings.
//
// It reads the build's own route map (dist/.vite/route-chunks.json, written by
// scripts/lib/route-preload/): per route, signed in and out, the entry chunk and its imports, the
// route-preload script and the route's chunks. It also builds the floor (tests/bench-floor, a bare
// React + MUI login form, ~2 s) and checks the sign-in page against it, so the ratio holds even
// when React or MUI change both.
//
// It reuses the builds the e2e step made (dist/ and the configured build with a Sentry DSN and a
// Paddle token); when one is missing it builds it. `--build` rebuilds dist/ first.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { CONFIGURED_ENV, CONFIGURED_OUT_DIR } from '../tests/e2e/configured-app';
import { buildFloor, FLOOR_OUT_DIR } from './lib/floor';
import { DIST_DIR as DIST, REPO_ROOT as ROOT, bin } from './lib/paths';
import { REPORT_FILE, type RouteReport, readRouteReport } from './lib/route-preload/report';
import { gzipTotals, kB, routeFiles } from './lib/sizes';

const BUDGETS_FILE = path.join(ROOT, 'budgets.json');
// The e2e run's second build (tests/e2e/configured-app.ts): the only one that holds Sentry's code.
const CONFIGURED_DIST = path.join(ROOT, CONFIGURED_OUT_DIR);

interface Budgets {
  routes: { route: string; signedIn: boolean; js: number; css: number }[];
  floorRatio: { route: string; max: number };
  thirdParty: { name: string; match: string; allowedOn: string[] }[];
}

function build(outDir: string, env: Record<string, string> = {}) {
  console.log(`budgets: building ${path.relative(ROOT, outDir)}/`);
  const run = spawnSync(
    bin('vite'),
    [
      'build',
      '--configLoader',
      'runner',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } },
  );
  if (run.status !== 0) process.exit(run.status ?? 1);
}

function readReport(dir: string, env?: Record<string, string>): RouteReport {
  const file = path.join(dir, REPORT_FILE);
  if (!fs.existsSync(file)) build(dir, env);
  const stat = fs.statSync(file);
  console.log(
    `budgets: ${path.relative(ROOT, dir)}/ built ${stat.mtime.toISOString().replace(/\.\d+Z$/, 'Z')}`,
  );
  return readRouteReport(dir);
}

function table(headers: string[], rows: (string | number)[][]) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells: (string | number)[]) =>
    cells.map((c, i) => String(c).padEnd(widths[i]!)).join('  ');
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** Every route's first paint, signed in and out, with the packages and sources in its files. */
function* screens(report: RouteReport) {
  const states = [
    ['signed out', 'signedOut'],
    ['signed in', 'signedIn'],
  ] as const;
  for (const route of [...report.routes, { path: '(unknown path)', ...report.unknown }]) {
    for (const [label, key] of states) {
      const files = [...report.entry, report.preloadScript, ...route[key]];
      const inside = new Set<string>();
      for (const file of files) {
        const chunk = report.chunks[file];
        for (const name of [...(chunk?.packages ?? []), ...(chunk?.sources ?? [])])
          inside.add(name);
      }
      yield { path: route.path, state: label, inside };
    }
  }
}

function checkThirdParties(
  report: RouteReport,
  rules: Budgets['thirdParty'],
  buildName: string,
): string[] {
  const failures: string[] = [];
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
  const budgets = JSON.parse(fs.readFileSync(BUDGETS_FILE, 'utf8')) as Budgets;
  const report = readReport(DIST);
  const failures: string[] = [];

  const rows: (string | number)[][] = [];
  const measured = new Map<string, ReturnType<typeof gzipTotals>>();
  for (const budget of budgets.routes) {
    const size = gzipTotals(DIST, routeFiles(report, budget.route, budget.signedIn));
    measured.set(budget.route, size);
    const over: string[] = [];
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
  const present = (rule: Budgets['thirdParty'][number]) =>
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

main().catch((error: unknown) => {
  console.error(`budgets failed: ${error instanceof Error ? error.stack : String(error)}`);
  process.exit(1);
});
