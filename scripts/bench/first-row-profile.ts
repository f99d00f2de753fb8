// 4b. Where the first device row's time goes: one signed-in load of /devices/{teamId}, app and
//    floor, with Chromium's sampling CPU profiler (CDP Profiler) and the page's long tasks, at full
//    CPU speed and at 4x slowdown. Main-thread time up to the first row, by what ran it: each
//    script file (its JS functions' own time), the browser's own work outside JS ("(program)":
//    parsing, compiling, style, layout, paint), garbage collection and idle time; then the long
//    tasks and the moments the data and the first row arrived. Median of BENCH_RUNS per figure.
import type { Browser } from '@playwright/test';
import { median } from '../lib/processes';
import { type PageMarks, newPage } from './browser';
import { RUNS } from './config';
import { teamId } from './devices';
import { ms, table } from './format';
import type { StaticServer } from './static-server';

interface ProfileNode {
  id: number;
  callFrame: { url: string; functionName: string };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

interface Breakdown {
  firstRow: number;
  /** ms of main-thread samples up to the first row, by bucket */
  buckets: Map<string, number>;
  longTasks: number[];
  /** when the device list's answer ended (ms from navigation start) */
  listAnswer: number;
}

/** A script's bucket: its file name with the content hash dropped (index-Ab12.js → index.js). */
function bucketOf(node: ProfileNode): string {
  const { url, functionName } = node.callFrame;
  if (!url) return functionName.startsWith('(') ? functionName : '(browser built-ins)';
  const file = url.split('/').pop()!.split('?')[0]!;
  return file.replace(/-[\w-]{8}\.js$/, '.js');
}

async function profileOnce(
  browser: Browser,
  server: StaticServer,
  cpuSlowdown: number,
): Promise<Breakdown> {
  const { context, page } = await newPage(browser, { signedIn: true });
  await context.addInitScript(() => {
    const marks = window as unknown as { __longTasks: number[][] };
    marks.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        marks.__longTasks.push([entry.startTime, entry.duration]);
    }).observe({ type: 'longtask', buffered: true });
  });
  const cdp = await context.newCDPSession(page);
  if (cpuSlowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  await page.goto(`${server.url}/devices/${teamId}`);
  await page.waitForFunction(
    () => (window as unknown as PageMarks).__firstRow !== undefined,
    null,
    {
      timeout: 60_000,
    },
  );
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
  const marks = await page.evaluate(() => ({
    firstRow: (window as unknown as PageMarks).__firstRow!,
    longTasks: (window as unknown as { __longTasks: number[][] }).__longTasks,
    listAnswer:
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((entry) =>
        /\/devices\?/.test(entry.name),
      )?.responseEnd ?? -1,
  }));
  await context.close();

  // The profile starts right before the navigation: the samples of the first `firstRow` ms (and a
  // few more for the time goto takes to start it) are the load up to the first row.
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const buckets = new Map<string, number>();
  let at = 0;
  let counted = 0;
  profile.samples.forEach((id, index) => {
    const delta = (profile.timeDeltas[index] ?? 0) / 1000;
    at += delta;
    if (at > marks.firstRow + 20) return;
    const bucket = bucketOf(nodes.get(id)!);
    buckets.set(bucket, (buckets.get(bucket) ?? 0) + delta);
    counted += 1;
  });
  if (counted === 0) throw new Error('profile: no samples before the first row');
  return {
    firstRow: marks.firstRow,
    buckets,
    longTasks: marks.longTasks
      .filter(([start]) => start! < marks.firstRow)
      .map(([, duration]) => duration!),
    listAnswer: marks.listAnswer,
  };
}

export async function firstRowProfiles(
  browser: Browser,
  app: StaticServer,
  floor: StaticServer,
): Promise<void> {
  for (const slowdown of [1, 4]) {
    const runs = { app: [] as Breakdown[], floor: [] as Breakdown[] };
    for (let i = 0; i < RUNS; i += 1) {
      runs.app.push(await profileOnce(browser, app, slowdown));
      runs.floor.push(await profileOnce(browser, floor, slowdown));
    }
    const med = (list: Breakdown[], pick: (b: Breakdown) => number) => median(list.map(pick));
    const names = new Set([...runs.app, ...runs.floor].flatMap((b) => [...b.buckets.keys()]));
    const rows = [...names]
      .map((name) => {
        const app = med(runs.app, (b) => b.buckets.get(name) ?? 0);
        const fl = med(runs.floor, (b) => b.buckets.get(name) ?? 0);
        return { name, app, floor: fl };
      })
      .filter((row) => row.app >= 5 || row.floor >= 5)
      .sort((a, b) => b.app - a.app);
    const label = slowdown > 1 ? `${slowdown}x CPU slowdown` : 'no CPU slowdown';
    console.log(
      `\n## 4b. Where the first row's time goes (${label}; main-thread samples up to the first row, median of ${RUNS})\n`,
    );
    console.log(
      table(
        ['', 'app', 'floor'],
        [
          [
            'first device row',
            ms(med(runs.app, (b) => b.firstRow)),
            ms(med(runs.floor, (b) => b.firstRow)),
          ],
          [
            'device list answer ended',
            ms(med(runs.app, (b) => b.listAnswer)),
            ms(med(runs.floor, (b) => b.listAnswer)),
          ],
          [
            'long tasks before it (count / total)',
            `${med(runs.app, (b) => b.longTasks.length)} / ${ms(med(runs.app, (b) => b.longTasks.reduce((s, d) => s + d, 0)))}`,
            `${med(runs.floor, (b) => b.longTasks.length)} / ${ms(med(runs.floor, (b) => b.longTasks.reduce((s, d) => s + d, 0)))}`,
          ],
          ...rows.map((row) => [row.name, ms(row.app), ms(row.floor)]),
        ],
      ),
    );
  }
}
