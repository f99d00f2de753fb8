// 4. Time to the first device row on /devices/{teamId}, app and floor, with 0 and 100 ms added to
//    every API answer, at full CPU speed and with a 4x CPU slowdown (Chromium's CPU throttling, as
//    Lighthouse's mobile preset uses), interleaved, median of BENCH_RUNS.
import type { Browser } from '@playwright/test';
import { median } from '../../scripts/lib/processes';
import { type PageMarks, newPage } from './browser';
import { RUNS } from './config';
import { teamId } from './devices';
import { ms, ratio, table } from './format';
import type { StaticServer } from './static-server';

/** One run: ms from navigation start to the first device row in the DOM. */
export async function firstRow(
  browser: Browser,
  server: StaticServer,
  latencyMs: number,
  cpuSlowdown = 1,
): Promise<number> {
  server.state.latencyMs = latencyMs;
  const { context, page } = await newPage(browser, { signedIn: true });
  if (cpuSlowdown > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  }
  await page.goto(`${server.url}/devices/${teamId}`);
  await page.waitForFunction(
    () => (window as unknown as PageMarks).__firstRow !== undefined,
    null,
    { timeout: 60_000 },
  );
  const at = await page.evaluate(() => (window as unknown as PageMarks).__firstRow!);
  await context.close();
  server.state.latencyMs = 0;
  return at;
}

export async function firstRows(
  browser: Browser,
  app: StaticServer,
  floor: StaticServer,
): Promise<void> {
  const rows: string[][] = [];
  for (const slowdown of [1, 4])
    for (const latency of [0, 100]) {
      const appRuns: number[] = [];
      const floorRuns: number[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        appRuns.push(await firstRow(browser, app, latency, slowdown));
        floorRuns.push(await firstRow(browser, floor, latency, slowdown));
      }
      rows.push([
        slowdown > 1 ? `${slowdown}x` : 'none',
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
      [
        'CPU slowdown',
        'added latency per API answer',
        'app',
        'floor',
        'app / floor',
        'app runs',
        'floor runs',
      ],
      rows,
    ),
  );
}
