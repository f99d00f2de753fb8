// 5b. The device list's render time at 100 to 50,000 devices (BENCH_SIZES), page sizes 20 and 100:
//     from the list's answer to every row of the page in the DOM, with the growth per 10x devices.
import type { Browser } from '@playwright/test';
import { median } from '../../scripts/lib/processes';
import { type PageMarks, newPage } from './browser';
import { RENDER_RUNS, SIZES } from './config';
import { deviceListHandler, teamId } from './devices';
import { growth, ms, table } from './format';
import type { StaticServer } from './static-server';

async function renderRun(browser: Browser, app: StaticServer, count: number, pageSize: number) {
  app.state.api = deviceListHandler(count);
  const { context, page } = await newPage(browser, { signedIn: true });
  try {
    const wanted = Math.min(count, pageSize);
    await page.addInitScript((n) => ((window as unknown as PageMarks).__rowsWanted = n), wanted);
    await page.goto(`${app.url}/devices/${teamId}?page=1&pageSize=${pageSize}`);
    await page.waitForFunction(
      () => (window as unknown as PageMarks).__allRows !== undefined,
      null,
      { timeout: 60_000 },
    );
    return await page.evaluate(() => {
      const marks = window as unknown as PageMarks;
      const list = performance
        .getEntriesByType('resource')
        .filter((e) => /\/api\/v1\/team\/[^/]+\/devices\?/.test(e.name))
        .at(-1) as PerformanceResourceTiming | undefined;
      return {
        sinceResponse: marks.__allRows! - (list?.responseEnd ?? 0),
        fromStart: marks.__allRows!,
      };
    });
  } finally {
    app.state.api = null;
    await context.close();
  }
}

export async function listRenders(browser: Browser, app: StaticServer): Promise<void> {
  const rows: (string | number)[][] = [];
  const byPageSize = new Map<number, number[]>();
  for (const pageSize of [20, 100]) {
    const values: number[] = [];
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
