// npm run bench:validation: what runtime response validation costs, per screen.
// A measuring script, not a test: it prints figures and asserts nothing.
//
// 1. Bytes: in headless Chromium against Prism and `vite preview` of dist/ (or BENCH_DIST), the
//    gzip size of all JS each screen loads, and of the validator chunks among it.
// 2. CPU: in Node (same V8 and the same generated validators), the time to check each screen's
//    answers (the contract's examples: what Prism serves) — parse + validate, as the middleware
//    does, median of many runs — and for a 10,000-device page.
//
// Ports: BENCH_PRISM_PORT (default 5085) and BENCH_PREVIEW_PORT (default 5086). To compare with
// another build: BENCH_DIST=<its dist> BENCH_CONTRACT=<its openapi.yaml>.
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { checkAnswer, loadGeneratedValidators } from '../../src/api/response-validation';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium';
import { exampleOf, readDocument, responseExamples } from '../../scripts/lib/openapi-doc';
import { DIST_DIR, DOC_PATH, REPO_ROOT as ROOT, bin } from '../../scripts/lib/paths';
import {
  exitOnSignals,
  median,
  prismCommand,
  startProcess,
  stopAll,
  waitForUrl,
} from '../../scripts/lib/processes';
import { newContext } from './browser';

const DIST = path.resolve(process.env.BENCH_DIST ?? DIST_DIR);
/** The contract Prism serves (another checkout's, to measure its build). */
const CONTRACT = path.resolve(process.env.BENCH_CONTRACT ?? DOC_PATH);
const PRISM_PORT = Number(process.env.BENCH_PRISM_PORT ?? 5085);
const PREVIEW_PORT = Number(process.env.BENCH_PREVIEW_PORT ?? 5086);
const BASE = `http://127.0.0.1:${PREVIEW_PORT}`;

const examples = responseExamples(readDocument(DOC_PATH));
const example = <T = unknown>(method: string, template: string, name?: string) =>
  exampleOf<T>(examples, `${method} ${template}`, { name });
const teamId = example<{ id: string }>('GET', '/team/{teamId}', 'engineering').id;
const deviceId = example<{ id: string }>('GET', '/device/{deviceId}').id;

type Answer = [method: string, template: string];

/** Each screen, its address and the answers it checks. */
const SCREENS: { name: string; path: string; signedIn: boolean; answers: Answer[] }[] = [
  { name: 'login (before submitting)', path: '/login', signedIn: false, answers: [] },
  {
    name: 'overview',
    path: `/overview/${teamId}`,
    signedIn: true,
    answers: [
      ['GET', '/user'],
      ['GET', '/teams'],
      ['GET', '/team/{teamId}'],
      ['GET', '/team/{teamId}/overview'],
    ],
  },
  {
    name: 'device list',
    path: `/devices/${teamId}`,
    signedIn: true,
    answers: [
      ['GET', '/user'],
      ['GET', '/teams'],
      ['GET', '/team/{teamId}/devices'],
    ],
  },
  {
    name: 'device details',
    path: `/device/${deviceId}`,
    signedIn: true,
    answers: [
      ['GET', '/user'],
      ['GET', '/teams'],
      ['GET', '/device/{deviceId}'],
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// 1. Bytes per screen, in Chromium.

async function bytesPerScreen() {
  const [node, args] = prismCommand(
    'mock',
    CONTRACT,
    '--port',
    String(PRISM_PORT),
    '--host',
    '127.0.0.1',
  );
  startProcess(node, args);
  startProcess(
    bin('vite'),
    [
      'preview',
      '--configLoader',
      'runner',
      '--port',
      String(PREVIEW_PORT),
      '--strictPort',
      '--host',
      '127.0.0.1',
      '--outDir',
      DIST,
    ],
    { env: { MOCK_URL: `http://127.0.0.1:${PRISM_PORT}` } },
  );
  await waitForUrl(`http://127.0.0.1:${PRISM_PORT}/teams`, 90_000);
  await waitForUrl(`${BASE}/login`, 90_000);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const rows = [];
  try {
    for (const screen of SCREENS) {
      const context = await newContext(browser);
      if (screen.signedIn) {
        await context.addInitScript(() =>
          window.localStorage.setItem(
            'console.session',
            JSON.stringify({ token: 'bench-token', adminToken: null }),
          ),
        );
      }
      const page = await context.newPage();
      const scripts = new Map<string, number>();
      page.on('response', async (response) => {
        const url = new URL(response.url());
        if (!url.pathname.endsWith('.js') || !url.pathname.startsWith('/assets/')) return;
        try {
          scripts.set(url.pathname, gzipSync(await response.body()).length);
        } catch {
          // navigated away
        }
      });
      await page.goto(`${BASE}${screen.path}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(500);
      let all = 0;
      let validators = 0;
      let count = 0;
      for (const [name, size] of scripts) {
        all += size;
        if (/\/validator-/.test(name)) {
          validators += size;
          count += 1;
        }
      }
      rows.push({ screen: screen.name, all, validators, count });
      await context.close();
    }
  } finally {
    await browser.close();
    stopAll();
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// 2. CPU per screen, in Node, with the generated validators (the app's own module).

async function cpuPerScreen() {
  {
    const measure = async (answers: [string, string, unknown][], runs: number) => {
      const loaded = await Promise.all(
        answers.map(async ([method, template, body]) => {
          const key = `${method} ${template}`;
          return {
            key,
            validators: await loadGeneratedValidators(key),
            text: JSON.stringify(body),
          };
        }),
      );
      const once = (strict: boolean) => {
        const t0 = performance.now();
        for (const { key, validators, text } of loaded) {
          const result = checkAnswer(validators, key, 200, JSON.parse(text), strict);
          if (result.violation)
            throw new Error(`${key}: ${result.violation.path} ${result.violation.rule}`);
        }
        return performance.now() - t0;
      };
      for (let i = 0; i < 20; i += 1) once(false); // warm up
      const production = median(Array.from({ length: runs }, () => once(false)));
      const strict = median(Array.from({ length: runs }, () => once(true)));
      const bytes = loaded.reduce((sum, { text }) => sum + text.length, 0);
      return { production, strict, bytes };
    };
    const rows = [];
    for (const screen of SCREENS.filter((s) => s.answers.length > 0)) {
      const answers = screen.answers.map(([method, template]): [string, string, unknown] => [
        method,
        template,
        example(method, template),
      ]);
      rows.push({ screen: screen.name, ...(await measure(answers, 200)) });
    }
    const template = example<{ devices: object[] }>('GET', '/team/{teamId}/devices');
    const big = {
      ...template,
      devices: Array.from({ length: 10_000 }, (_, i) => ({
        ...template.devices[i % template.devices.length],
        id: `de000000-0000-4000-8000-${(i + 1).toString(16).padStart(12, '0')}`,
      })),
      total: 10_000,
    };
    rows.push({
      screen: 'device list, a page of 10,000 devices',
      ...(await measure([['GET', '/team/{teamId}/devices', big]], 15)),
    });
    return rows;
  }
}

exitOnSignals();
const kB = (n: number) => (n / 1024).toFixed(1);
const ms = (n: number) => n.toFixed(2);
const cpu = await cpuPerScreen();
console.log('\nCPU to check a screen\u2019s answers (parse + validate, median, Node/V8):');
console.log(
  '| screen | answers (bytes of JSON) | production build | dev/test build (undeclared fields too) |',
);
console.log('| --- | --- | --- | --- |');
for (const row of cpu) {
  console.log(`| ${row.screen} | ${row.bytes} | ${ms(row.production)} ms | ${ms(row.strict)} ms |`);
}
const bytes = await bytesPerScreen();
console.log(`\nJS each screen loads (gzip), from ${path.relative(ROOT, DIST) || DIST}:`);
console.log('| screen | all JS | validator chunks |');
console.log('| --- | --- | --- |');
for (const row of bytes) {
  console.log(
    `| ${row.screen} | ${kB(row.all)} kB | ${kB(row.validators)} kB (${row.count} chunks) |`,
  );
}
process.exit(0);
