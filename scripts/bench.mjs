// npm run bench: what each route downloads, how fast the device list shows its first row, and how
// long a 1,000-device CSV export takes, in headless Chromium against the Prism mock.
// A measuring script, not a test: it prints figures and asserts nothing.
//
// It builds dist/ when missing, starts Prism (:4011) and `vite preview` (:4174) itself and stops
// them at the end, so it never collides with `npm start` or the e2e servers.
/* global window, document, MutationObserver -- functions passed to page.evaluate run in the browser */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import YAML from 'yaml';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PRISM_PORT = 4011;
const PREVIEW_PORT = 4174;
const BASE = `http://127.0.0.1:${PREVIEW_PORT}`;
const CHROMIUM = CHROMIUM_PATH;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const EXPORT_RUNS = Number(process.env.BENCH_EXPORT_RUNS ?? 3);
const LATENCIES = [0, 100];
const SESSION_KEY = 'console.session';
const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);

// ---------------------------------------------------------------------------------------------
// Ids from the contract's named examples (never hard-coded here).

const doc = YAML.parse(fs.readFileSync(path.join(ROOT, 'openapi', 'openapi.yaml'), 'utf8'));
function resolve(node) {
  let current = node;
  while (current && typeof current.$ref === 'string') {
    current = current.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce((acc, key) => acc[key], doc);
  }
  return current;
}
function exampleValue(operationId, name) {
  for (const item of Object.values(doc.paths)) {
    for (const op of Object.values(item)) {
      if (op?.operationId !== operationId) continue;
      const code = Object.keys(op.responses).find((c) => c.startsWith('2'));
      const media = resolve(Object.values(resolve(op.responses[code]).content)[0]);
      const examples = media.examples ?? {};
      const found = name ? examples[name] : Object.values(examples)[0];
      if (!found) throw new Error(`no example ${name} for ${operationId}`);
      return resolve(found).value;
    }
  }
  throw new Error(`no operation ${operationId}`);
}
const teamId = exampleValue('getTeam', 'engineering').id;
const deviceId = exampleValue('getDevice').id;
const exportExample = exampleValue('listTeamDevices', 'exportPage');

// ---------------------------------------------------------------------------------------------
// Servers.

const children = [];
function start(command, args, env = {}) {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
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
  return child;
}
let stopping = false;
function stopAll() {
  stopping = true;
  for (const child of children) {
    if (child.exitCode !== null || child.pid === undefined) continue;
    try {
      process.kill(-child.pid, 'SIGTERM'); // the process group: the server and its own children
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

// ---------------------------------------------------------------------------------------------
// Helpers.

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
const ms = (value) => `${Math.round(value)} ms`;

function table(headers, rows) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`;
  return [
    line(headers),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...rows.map(line),
  ].join('\n');
}

/** A fresh context (empty cache); signed in by seeding the stored session as the e2e fixtures do. */
async function newPage(browser, { signedIn, latencyMs = 0, prefer = {} }) {
  const context = await browser.newContext();
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
  if (latencyMs > 0 || Object.keys(prefer).length > 0) {
    await context.route('**/api/v1/**', async (route) => {
      const request = route.request();
      const pathname = new URL(request.url()).pathname.replace(/^\/api\/v1/, '');
      const rule = Object.entries(prefer).find(([pattern]) => new RegExp(pattern).test(pathname));
      if (latencyMs > 0) await new Promise((r) => setTimeout(r, latencyMs));
      await route.continue(
        rule ? { headers: { ...request.headers(), prefer: rule[1] } } : undefined,
      );
    });
  }
  const page = await context.newPage();
  return { context, page };
}

// ---------------------------------------------------------------------------------------------
// 1. What each route downloads: the JS and CSS of the built app, gzip-compressed here.

async function routeWeight(browser, route, { signedIn, ready }) {
  const { context, page } = await newPage(browser, { signedIn });
  const assets = new Map();
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (url.origin !== BASE) return;
    const type = response.request().resourceType();
    const isAsset =
      type === 'script' || type === 'stylesheet' || /\.(m?js|css)$/.test(url.pathname);
    if (!isAsset || assets.has(url.pathname)) return;
    assets.set(
      url.pathname,
      response.body().catch(() => Buffer.alloc(0)),
    );
  });
  await page.goto(`${BASE}${route}`);
  await ready(page);
  await page.waitForLoadState('networkidle');
  let raw = 0;
  let gzip = 0;
  let js = 0;
  let css = 0;
  for (const [pathname, body] of assets) {
    const bytes = await body;
    raw += bytes.length;
    const packed = gzipSync(bytes, { level: 9 }).length;
    gzip += packed;
    if (pathname.endsWith('.css')) css += packed;
    else js += packed;
  }
  await context.close();
  return { files: assets.size, raw, gzip, js, css };
}

// ---------------------------------------------------------------------------------------------
// 2. Time to the first device row, and the API requests' critical path before it.

/** Longest chain of API requests where each starts after the previous one ended. */
function criticalPathDepth(requests) {
  const sorted = [...requests].sort((a, b) => a.start - b.start);
  const depth = [];
  let best = 0;
  for (let i = 0; i < sorted.length; i += 1) {
    let d = 1;
    for (let j = 0; j < i; j += 1) {
      if (sorted[j].end <= sorted[i].start) d = Math.max(d, depth[j] + 1);
    }
    depth.push(d);
    best = Math.max(best, d);
  }
  return best;
}

async function firstRow(browser, latencyMs) {
  const { context, page } = await newPage(browser, { signedIn: true, latencyMs });
  await page.addInitScript(() => {
    const seen = () => {
      if (window.__firstRow === undefined && document.querySelector('[data-testid="device-row"]')) {
        window.__firstRow = performance.now();
      }
    };
    new MutationObserver(seen).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`${BASE}/devices/${teamId}`);
  await page.waitForFunction(() => window.__firstRow !== undefined, null, { timeout: 30_000 });
  const result = await page.evaluate(() => {
    const at = window.__firstRow;
    const api = performance
      .getEntriesByType('resource')
      .filter((e) => new URL(e.name).pathname.startsWith('/api/v1/') && e.startTime < at)
      .map((e) => ({ name: new URL(e.name).pathname, start: e.startTime, end: e.responseEnd }));
    return { at, api };
  });
  await context.close();
  return { ms: result.at, depth: criticalPathDepth(result.api), requests: result.api };
}

// ---------------------------------------------------------------------------------------------
// 3. CSV export of 1,000 devices (10 pages of 100) with added latency.

async function exportTime(browser, latencyMs) {
  const { context, page } = await newPage(browser, {
    signedIn: true,
    latencyMs,
    prefer: { [`^/team/[^/]+/devices$`]: 'example=exportPage' },
  });
  await page.goto(`${BASE}/devices/${teamId}`);
  await page.getByTestId('device-row').first().waitFor();
  const download = page.waitForEvent('download', { timeout: 60_000 });
  const started = performance.now();
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  const elapsed = performance.now() - started;
  const text = fs.readFileSync(await file.path(), 'utf8');
  const rows = text.split('\r\n').filter(Boolean).length - 1;
  await context.close();
  return { ms: elapsed, rows };
}

// ---------------------------------------------------------------------------------------------

async function main() {
  if (!fs.existsSync(path.join(ROOT, 'dist', 'index.html'))) {
    console.log('bench: dist/ is missing, building first (vite build)');
    const build = spawnSync(bin('vite'), ['build'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }

  console.log(`bench: starting Prism on :${PRISM_PORT} and vite preview on :${PREVIEW_PORT}`);
  start(bin('prism'), [
    'mock',
    path.join(ROOT, 'openapi', 'openapi.yaml'),
    '--port',
    String(PRISM_PORT),
    '--host',
    '127.0.0.1',
  ]);
  start(
    bin('vite'),
    ['preview', '--port', String(PREVIEW_PORT), '--strictPort', '--host', '127.0.0.1'],
    {
      MOCK_URL: `http://127.0.0.1:${PRISM_PORT}`,
    },
  );
  await waitFor(`http://127.0.0.1:${PRISM_PORT}/teams`);
  await waitFor(`${BASE}/login`);

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    // Warm-up: Prism and the preview server answer their first requests slowly.
    await firstRow(browser, 0);

    const routes = [
      {
        route: '/login',
        signedIn: false,
        ready: (page) => page.getByRole('heading', { name: 'Log in to your account' }).waitFor(),
      },
      {
        route: `/devices/${teamId}`,
        signedIn: true,
        ready: (page) => page.getByTestId('device-row').first().waitFor(),
      },
      {
        route: `/device/${deviceId}`,
        signedIn: true,
        ready: (page) => page.getByRole('heading', { level: 1 }).first().waitFor(),
      },
    ];
    const weights = [];
    for (const r of routes) {
      const w = await routeWeight(browser, r.route, r);
      weights.push([r.route, w.files, kb(w.raw), kb(w.js), kb(w.css), kb(w.gzip)]);
    }
    console.log('\nJS and CSS each route loads (gzip level 9, fresh cache)\n');
    console.log(table(['route', 'files', 'raw', 'gzip JS', 'gzip CSS', 'gzip total'], weights));

    const timing = [];
    for (const latency of LATENCIES) {
      const runs = [];
      for (let i = 0; i < RUNS; i += 1) runs.push(await firstRow(browser, latency));
      const depths = [...new Set(runs.map((r) => r.depth))].join('/');
      const chain = runs[0].requests
        .sort((a, b) => a.start - b.start)
        .map((r) => r.name.replace(teamId, '{teamId}'))
        .join(', ');
      timing.push([
        `${latency} ms`,
        ms(median(runs.map((r) => r.ms))),
        `${ms(Math.min(...runs.map((r) => r.ms)))} to ${ms(Math.max(...runs.map((r) => r.ms)))}`,
        depths,
        chain,
      ]);
    }
    console.log(`\nFirst device row on /devices/{teamId}, signed in (median of ${RUNS} runs)\n`);
    console.log(
      table(
        [
          'added latency per API request',
          'median',
          'range',
          'API critical path depth',
          'API requests before the row',
        ],
        timing,
      ),
    );

    const exports = [];
    for (let i = 0; i < EXPORT_RUNS; i += 1) exports.push(await exportTime(browser, 100));
    const expected = exportExample.devices.length * exportExample.pageCount;
    console.log(
      `\nCSV export, Prefer example=exportPage (${exportExample.pageCount} pages of ${exportExample.devices.length}), 100 ms added latency (median of ${EXPORT_RUNS} runs)\n`,
    );
    console.log(
      table(
        ['devices written', 'median', 'range'],
        [
          [
            `${exports[0].rows} (expected ${expected})`,
            ms(median(exports.map((e) => e.ms))),
            `${ms(Math.min(...exports.map((e) => e.ms)))} to ${ms(Math.max(...exports.map((e) => e.ms)))}`,
          ],
        ],
      ),
    );
    console.log('');
  } finally {
    await browser.close();
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
