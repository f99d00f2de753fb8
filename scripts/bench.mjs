// npm run bench: the app side by side with its floor (tests/bench-floor: a bare React + MUI sign-in
// form and a bare device table, built with the same Vite), in one run, and how the device list and
// the CSV export grow with the number of devices. A measuring script, not a test: it prints figures
// and asserts nothing.
//
// 1. Gzip JS and CSS each entry route's first paint loads (dist/.vite/route-chunks.json), and the
//    floor's, with the ratio.
// 2. Lighthouse on /login, app and floor (mobile, simulated throttling: Lighthouse's defaults),
//    both served by the same static gzip server (scripts/lib/static-server.mjs), runs interleaved,
//    median of BENCH_LH_RUNS (3): LCP, CLS, TBT, score. Debian's Chromium (scripts/lib/chromium.mjs).
// 3. Layout shift measured in the page (PerformanceObserver 'layout-shift') on /login and on the
//    signed-in shell (/devices/{teamId}), in Playwright's Chromium at 1280x800 and 390x844.
// 4. Time to the first device row, app and floor, with 0 and 100 ms added to every API answer.
// 5. At 100, 1,000, 10,000 and 50,000 devices: the CSV export's time at 100 ms latency per request
//    and the tab's peak JS heap during it (CDP Performance.getMetrics, sampled), and the device
//    list's render time at page sizes 20 and 100, with the growth per 10x devices.
//
// The device pages are generated here (contract-valid: the contract's example device with a new
// id and name), the rest of the API is the Prism mock. It builds dist/ and the floor first, starts
// Prism (:4011) and two static servers (:4175 app, :4176 floor) and stops them at the end.
/* global window, document, MutationObserver -- functions passed to page.evaluate run in the browser */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium.mjs';
import { contractExamples } from './lib/examples.mjs';
import { buildFloor, floorFiles, FLOOR_OUT_DIR } from './lib/floor.mjs';
import { launchChromeForLighthouse, lighthouseRun } from './lib/lighthouse.mjs';
import { REPORT_FILE } from './lib/route-chunks.mjs';
import { gzipTotals, kB, routeFiles } from './lib/sizes.mjs';
import { startStaticServer } from './lib/static-server.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'dist');
const PRISM_PORT = Number(process.env.BENCH_PRISM_PORT ?? 4011);
const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 4175);
const FLOOR_PORT = Number(process.env.BENCH_FLOOR_PORT ?? 4176);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const LH_RUNS = Number(process.env.BENCH_LH_RUNS ?? 3);
const RENDER_RUNS = Number(process.env.BENCH_RENDER_RUNS ?? 3);
const SIZES = (process.env.BENCH_SIZES ?? '100,1000,10000,50000').split(',').map(Number);
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',')) : null;
const runs = (part) => !ONLY || ONLY.has(part);
const SESSION_KEY = 'console.session';
const EXPORT_PAGE_SIZE = 100;
const EXPORT_CONCURRENCY = 4;
const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);

// ---------------------------------------------------------------------------------------------
// The contract's examples: the team, the template device, the list's shape (never hard-coded).

const exampleValue = contractExamples(path.join(ROOT, 'openapi', 'openapi.yaml'));
const teamId = exampleValue('getTeam', 'engineering').id;
const deviceId = exampleValue('getDevice').id;
const listExample = exampleValue('listTeamDevices', 'engineering');
const template =
  listExample.devices.find((d) => d.status === 'compliant') ?? listExample.devices[0];
const OPENAPI_HASH = /OPENAPI_HASH = "([0-9a-f]+)"/.exec(
  fs.readFileSync(path.join(ROOT, 'generated', 'openapi-hash.ts'), 'utf8'),
)[1];

/** Device `i` of a generated team: the template with its own id, name and hardware id. */
function device(i) {
  const n = String(i + 1).padStart(8, '0');
  return {
    ...template,
    id: `de${n.slice(0, 6)}-${n.slice(6)}00-4000-8000-${String(i + 1).padStart(12, '0')}`,
    teamId,
    machineUUID: `BE0C0000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
    deviceName: `Bench device ${n}`,
    reportedDeviceName: `bench-${n}`,
    publicId: null,
  };
}

/** The API handler of the static servers: the team's device list with `count` devices. */
function deviceListHandler(count) {
  return (req, url) => {
    if (req.method !== 'GET' || !/^\/api\/v1\/team\/[^/]+\/devices$/.test(url.pathname))
      return null;
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1);
    const pageSize = Math.max(1, Number(url.searchParams.get('pageSize') ?? 20) || 20);
    const from = (page - 1) * pageSize;
    const devices = [];
    for (let i = from; i < Math.min(count, from + pageSize); i += 1) devices.push(device(i));
    return {
      body: {
        ...listExample,
        devices,
        page,
        pageSize,
        total: count,
        pageCount: Math.max(1, Math.ceil(count / pageSize)),
      },
      headers: { 'openapi-hash': OPENAPI_HASH },
    };
  };
}

// ---------------------------------------------------------------------------------------------
// Processes and helpers.

const children = [];
let stopping = false;
function start(command, args) {
  const child = spawn(command, args, {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  child.on('exit', (code) => {
    if (!stopping && code !== 0)
      console.error(`bench: ${path.basename(command)} exited (${code})\n${stderr}`);
  });
  children.push(child);
}
function stopAll() {
  stopping = true;
  for (const child of children) {
    if (child.exitCode !== null || child.pid === undefined) continue;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopAll();
    process.exit(130);
  });
}
process.on('exit', stopAll);

async function waitFor(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`bench: ${url} did not answer within ${timeoutMs / 1000} s`);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const ms = (value) => `${Math.round(value)} ms`;
const ratio = (app, floor) => (floor > 0 ? `${(app / floor).toFixed(2)}x` : 'n/a');
const MB = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function table(headers, rows) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`;
  return [
    line(headers),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...rows.map(line),
  ].join('\n');
}

/** Growth per 10x devices between consecutive sizes: 10 is linear, 1 is flat, 100 quadratic. */
function growth(sizes, values) {
  const steps = [];
  for (let i = 1; i < sizes.length; i += 1) {
    const factor = values[i] / values[i - 1];
    const per10 = factor ** (1 / Math.log10(sizes[i] / sizes[i - 1]));
    steps.push(
      `${sizes[i - 1]}->${sizes[i]}: x${factor.toFixed(2)} (x${per10.toFixed(2)} per 10x)`,
    );
  }
  return steps.join('; ');
}

/** A fresh context (empty cache); signed in by seeding the stored session as the e2e fixtures do. */
async function newPage(browser, { signedIn, viewport = { width: 1280, height: 800 } }) {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  if (signedIn) {
    const session = {
      token: 'bench-session-token',
      adminToken: null,
      activeTeamId: null,
      deviceOrderBy: 'deviceName',
      deviceOrderDirection: 'asc',
    };
    await context.addInitScript(
      ([key, value]) => window.localStorage.setItem(key, value),
      [SESSION_KEY, JSON.stringify(session)],
    );
  }
  // Layout shifts (as CLS counts them: not right after input) and the first device row's time.
  await context.addInitScript(() => {
    window.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.hadRecentInput) continue;
        window.__shifts.push({
          value: entry.value,
          at: entry.startTime,
          sources: (entry.sources ?? []).map((s) => {
            const node = s.node;
            if (!node || node.nodeType !== 1) return node?.nodeName ?? '?';
            const testId = node.getAttribute('data-testid');
            return `${node.tagName.toLowerCase()}${testId ? `[data-testid=${testId}]` : ''}${node.className && typeof node.className === 'string' ? `.${node.className.split(' ')[0]}` : ''}`;
          }),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
    const seen = () => {
      const rows = document.querySelectorAll('[data-testid="device-row"]').length;
      if (rows > 0 && window.__firstRow === undefined) window.__firstRow = performance.now();
      if (window.__rowsWanted && rows >= window.__rowsWanted && window.__allRows === undefined)
        window.__allRows = performance.now();
    };
    new MutationObserver(seen).observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  return { context, page };
}

// ---------------------------------------------------------------------------------------------
// Parts of the bench.

function routeSizes() {
  const report = JSON.parse(fs.readFileSync(path.join(DIST, REPORT_FILE), 'utf8'));
  const floorLogin = gzipTotals(FLOOR_OUT_DIR, floorFiles(FLOOR_OUT_DIR, 'index.html'));
  const floorDevices = gzipTotals(FLOOR_OUT_DIR, floorFiles(FLOOR_OUT_DIR, 'devices.html'));
  const routes = [
    ['/login', false, floorLogin, 'sign-in form'],
    ['/devices/:teamId', true, floorDevices, 'device table'],
    ['/device/:deviceId', true, floorLogin, 'sign-in form'],
    ['/settings/:teamId', true, floorLogin, 'sign-in form'],
    ['/account', true, floorLogin, 'sign-in form'],
    ['/billing', true, floorLogin, 'sign-in form'],
  ];
  const rows = routes.map(([route, signedIn, floor, floorName]) => {
    const size = gzipTotals(DIST, routeFiles(report, route, signedIn));
    return [
      route,
      signedIn ? 'in' : 'out',
      size.files,
      kB(size.js),
      kB(size.css),
      `${floorName}: ${floor.files} files, ${kB(floor.js)}`,
      ratio(size.js, floor.js),
    ];
  });
  console.log("\n## 1. Gzip (-9) JS and CSS of each entry route's first paint, app vs floor\n");
  console.log(
    table(['route', 'signed', 'files', 'JS', 'CSS', 'floor (same Vite)', 'JS / floor'], rows),
  );
}

async function lighthouseLogin(app, floor) {
  const chrome = await launchChromeForLighthouse();
  const results = { app: [], floor: [] };
  try {
    // Interleaved: app, floor, app, floor... so a slow moment of the machine hits both.
    for (let i = 0; i < LH_RUNS; i += 1) {
      results.app.push(await lighthouseRun(`${app.url}/login`, chrome.port));
      results.floor.push(await lighthouseRun(`${floor.url}/login`, chrome.port));
    }
  } finally {
    await chrome.kill();
  }
  const m = (side, key) => median(results[side].map((r) => r[key]));
  const row = (label, key, format) => [
    label,
    format(m('app', key)),
    format(m('floor', key)),
    ratio(m('app', key), m('floor', key)),
    results.app.map((r) => format(r[key])).join(' / '),
    results.floor.map((r) => format(r[key])).join(' / '),
  ];
  const s = (v) => `${(v / 1000).toFixed(2)} s`;
  const n3 = (v) => v.toFixed(3);
  console.log(
    `\n## 2. Lighthouse on /login (mobile, simulated throttling, same static gzip server, interleaved, median of ${LH_RUNS})\n`,
  );
  console.log(
    table(
      ['metric', 'app', 'floor', 'app / floor', 'app runs', 'floor runs'],
      [
        row('FCP', 'fcp', s),
        row('LCP', 'lcp', s),
        row('CLS', 'cls', n3),
        row('TBT', 'tbt', ms),
        row('score', 'score', String),
        row('script requests', 'scriptRequests', String),
        row('script transfer', 'scriptBytes', kB),
      ],
    ),
  );
  const shifts = results.app.flatMap((r) => r.shifts);
  if (shifts.length > 0)
    console.log(`app layout shifts seen by Lighthouse: ${JSON.stringify(shifts.slice(0, 5))}`);
  console.log(`app LCP element: ${results.app[0].lcpElement}`);
}

async function settle(page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
}

async function layoutShift(browser, app) {
  const rows = [];
  const cases = [
    [
      '/login',
      false,
      (page) => page.getByRole('heading', { name: 'Log in to your account' }).waitFor(),
    ],
    [`/devices/${teamId}`, true, (page) => page.getByTestId('device-row').first().waitFor()],
    // The other signed-in screens: their heading, then the network settles.
    ...[
      `/overview/${teamId}`,
      `/device/${deviceId}`,
      `/settings/${teamId}`,
      '/account',
      '/billing',
    ].map((route) => [route, true, (page) => page.locator('main h1').first().waitFor()]),
  ];
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    for (const [route, signedIn, ready] of cases) {
      const values = [];
      let sources = new Set();
      for (let i = 0; i < 3; i += 1) {
        const { context, page } = await newPage(browser, { signedIn, viewport });
        await page.goto(`${app.url}${route}`);
        await ready(page);
        await settle(page);
        const shifts = await page.evaluate(() => window.__shifts);
        values.push(shifts.reduce((sum, s) => sum + s.value, 0));
        for (const s of shifts)
          for (const src of s.sources) sources.add(`${src} (${s.value.toFixed(4)})`);
        await context.close();
      }
      rows.push([
        route.replace(teamId, '{teamId}').replace(deviceId, '{deviceId}'),
        `${viewport.width}x${viewport.height}`,
        Math.max(...values).toFixed(4),
        [...sources].slice(0, 4).join(', ') || 'none',
      ]);
    }
  }
  console.log(
    "\n## 3. Layout shift in the page (PerformanceObserver 'layout-shift', sum until 1 s after network idle, worst of 3)\n",
  );
  console.log(table(['route', 'viewport', 'CLS', 'shifted elements'], rows));
}

async function firstRow(browser, server, latencyMs) {
  server.state.latencyMs = latencyMs;
  const { context, page } = await newPage(browser, { signedIn: true });
  await page.goto(`${server.url}/devices/${teamId}`);
  await page.waitForFunction(() => window.__firstRow !== undefined, null, { timeout: 60_000 });
  const at = await page.evaluate(() => window.__firstRow);
  await context.close();
  server.state.latencyMs = 0;
  return at;
}

async function firstRows(browser, app, floor) {
  const rows = [];
  for (const latency of [0, 100]) {
    const appRuns = [];
    const floorRuns = [];
    for (let i = 0; i < RUNS; i += 1) {
      appRuns.push(await firstRow(browser, app, latency));
      floorRuns.push(await firstRow(browser, floor, latency));
    }
    rows.push([
      `${latency} ms`,
      ms(median(appRuns)),
      ms(median(floorRuns)),
      ratio(median(appRuns), median(floorRuns)),
      appRuns.map(ms).join(' / '),
      floorRuns.map(ms).join(' / '),
    ]);
  }
  console.log(
    `\n## 4. First device row on /devices/{teamId}, signed in, 1280x800 (from navigation start; median of ${RUNS}, interleaved)\n`,
  );
  console.log(
    table(
      ['added latency per API answer', 'app', 'floor', 'app / floor', 'app runs', 'floor runs'],
      rows,
    ),
  );
}

async function exportRun(browser, app, count) {
  app.state.api = deviceListHandler(count);
  const { context, page } = await newPage(browser, { signedIn: true });
  try {
    await page.goto(`${app.url}/devices/${teamId}`);
    await page.getByTestId('device-row').first().waitFor();
    await settle(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      return metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
    };
    const base = await heap();
    let peak = base;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await heap().catch(() => 0));
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    app.state.latencyMs = 100;
    const before = app.state.apiRequests;
    const download = page.waitForEvent('download', { timeout: 300_000 });
    const started = performance.now();
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    const elapsed = performance.now() - started;
    sampling = false;
    await sampler;
    app.state.latencyMs = 0;
    const requests = app.state.apiRequests - before;
    const text = fs.readFileSync(await file.path(), 'utf8');
    const lines = text.split('\r\n').filter(Boolean).slice(1);
    const unique = new Set(lines.map((line) => line.split(',')[0])).size;
    return { ms: elapsed, peak, base, rows: lines.length, unique, requests };
  } finally {
    app.state.latencyMs = 0;
    app.state.api = null;
    await context.close();
  }
}

async function exports(browser, app) {
  const results = [];
  for (const count of SIZES) {
    const r = await exportRun(browser, app, count);
    const pages = Math.ceil(count / EXPORT_PAGE_SIZE);
    // The network floor: page 1 alone, then the rest EXPORT_CONCURRENCY at a time, 100 ms each.
    const rounds = 1 + Math.ceil((pages - 1) / EXPORT_CONCURRENCY);
    results.push({ count, pages, rounds, ...r });
  }
  console.log(
    '\n## 5a. CSV export with 100 ms added to every API answer (pages of 100, 4 in parallel); peak JS heap of the tab during it (CDP Performance.getMetrics every 20 ms)\n',
  );
  console.log(
    table(
      [
        'devices',
        'rows written (unique)',
        'requests',
        'time',
        'network floor',
        'time / floor',
        'heap before',
        'peak heap',
        'peak - before',
      ],
      results.map((r) => [
        r.count,
        `${r.rows} (${r.unique})`,
        r.requests,
        ms(r.ms),
        `${r.rounds} x 100 ms`,
        ratio(r.ms, r.rounds * 100),
        MB(r.base),
        MB(r.peak),
        MB(r.peak - r.base),
      ]),
    ),
  );
  console.log(
    `\ngrowth of the export time: ${growth(
      SIZES,
      results.map((r) => r.ms),
    )}`,
  );
  console.log(
    `growth of the time above the network floor: ${growth(
      SIZES,
      results.map((r) => Math.max(1, r.ms - r.rounds * 100)),
    )}`,
  );
  console.log(
    `growth of the peak heap above the start: ${growth(
      SIZES,
      results.map((r) => Math.max(1, r.peak - r.base)),
    )}`,
  );
}

async function renderRun(browser, app, count, pageSize) {
  app.state.api = deviceListHandler(count);
  const { context, page } = await newPage(browser, { signedIn: true });
  try {
    const wanted = Math.min(count, pageSize);
    await page.addInitScript((n) => (window.__rowsWanted = n), wanted);
    await page.goto(`${app.url}/devices/${teamId}?page=1&pageSize=${pageSize}`);
    await page.waitForFunction(() => window.__allRows !== undefined, null, { timeout: 60_000 });
    return await page.evaluate(() => {
      const list = performance
        .getEntriesByType('resource')
        .filter((e) => /\/api\/v1\/team\/[^/]+\/devices\?/.test(e.name))
        .at(-1);
      return {
        sinceResponse: window.__allRows - (list?.responseEnd ?? 0),
        fromStart: window.__allRows,
      };
    });
  } finally {
    app.state.api = null;
    await context.close();
  }
}

async function renders(browser, app) {
  const rows = [];
  const byPageSize = new Map();
  for (const pageSize of [20, 100]) {
    const values = [];
    for (const count of SIZES) {
      const samples = [];
      for (let i = 0; i < RENDER_RUNS; i += 1)
        samples.push(await renderRun(browser, app, count, pageSize));
      const since = median(samples.map((s) => s.sinceResponse));
      values.push(since);
      rows.push([
        pageSize,
        count,
        ms(since),
        ms(median(samples.map((s) => s.fromStart))),
        samples.map((s) => ms(s.sinceResponse)).join(' / '),
      ]);
    }
    byPageSize.set(pageSize, values);
  }
  console.log(
    `\n## 5b. Device list render: from the list's answer to every row of the page in the DOM (no added latency, median of ${RENDER_RUNS})\n`,
  );
  console.log(
    table(['page size', 'devices', 'render', 'rows shown from navigation', 'runs'], rows),
  );
  for (const [pageSize, values] of byPageSize)
    console.log(
      `growth at page size ${pageSize}: ${growth(
        SIZES,
        values.map((v) => Math.max(1, v)),
      )}`,
    );
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const t0 = performance.now();
  if (!process.env.BENCH_NO_BUILD) {
    console.log('bench: building the app (vite build) and the floor (same Vite)');
    const build = spawnSync(bin('vite'), ['build', '--logLevel', 'warn'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  await buildFloor();

  console.log(`bench: Prism on :${PRISM_PORT}, app on :${APP_PORT}, floor on :${FLOOR_PORT}`);
  start(bin('prism'), [
    'mock',
    path.join(ROOT, 'openapi', 'openapi.yaml'),
    '--port',
    String(PRISM_PORT),
    '--host',
    '127.0.0.1',
  ]);
  const app = await startStaticServer({
    root: DIST,
    port: APP_PORT,
    apiTarget: `http://127.0.0.1:${PRISM_PORT}`,
  });
  const floor = await startStaticServer({
    root: FLOOR_OUT_DIR,
    port: FLOOR_PORT,
    fallback: (pathname) => (pathname.startsWith('/devices/') ? 'devices.html' : 'index.html'),
  });
  // Both serve the same generated device pages for the first-row comparison.
  const firstRowDevices = deviceListHandler(1000);
  floor.state.api = firstRowDevices;
  await waitFor(`http://127.0.0.1:${PRISM_PORT}/teams`);

  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    if (runs('sizes')) routeSizes();
    if (runs('lighthouse')) await lighthouseLogin(app, floor);
    if (runs('cls')) await layoutShift(browser, app);
    if (runs('firstrow')) {
      app.state.api = firstRowDevices;
      await firstRow(browser, app, 0); // warm-up: Prism answers its first requests slowly
      await firstRow(browser, floor, 0);
      await firstRows(browser, app, floor);
      app.state.api = null;
    }
    if (runs('export')) await exports(browser, app);
    if (runs('render')) await renders(browser, app);
    console.log(`\nbench: done in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  } finally {
    await browser.close();
    await app.close();
    await floor.close();
    stopAll();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(`bench failed: ${error instanceof Error ? error.stack : error}`);
    stopAll();
    process.exit(1);
  },
);
