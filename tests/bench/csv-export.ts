// 5a. The CSV export at 100, 1,000, 10,000 and 50,000 devices (BENCH_SIZES), with 100 ms added to
//     every API answer: its time against the network floor, and the tab's peak JS heap during it
//     (CDP Performance.getMetrics, sampled every 20 ms), with the growth per 10x devices.
import fs from 'node:fs';
import type { Browser } from '@playwright/test';
import { newPage, settle } from './browser';
import { EXPORT_CONCURRENCY, EXPORT_PAGE_SIZE, SIZES } from './config';
import { deviceListHandler, teamId } from './devices';
import { MB, growth, ms, ratio, table } from './format';
import type { StaticServer } from './static-server';

async function exportRun(browser: Browser, app: StaticServer, count: number) {
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

export async function csvExports(browser: Browser, app: StaticServer): Promise<void> {
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
  const times = results.map((r) => r.ms);
  console.log(`\ngrowth of the export time: ${growth(SIZES, times)}`);
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
