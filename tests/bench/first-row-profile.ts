// 4b. Where the first device row's time goes: one signed-in load of /devices/{teamId}, app and
//    floor, with Chromium's sampling CPU profiler (CDP Profiler) and the page's long tasks, at full
//    CPU speed and at 4x slowdown. Main-thread time up to the first row, by what ran it: each
//    script file (its JS functions' own time), the browser's own work outside JS ("(program)":
//    parsing, compiling, style, layout, paint), garbage collection and idle time; then the long
//    tasks and the moments the data and the first row arrived. Median of BENCH_RUNS per figure.
//    Also (4c): the React commits before the first row (counted by a stand-in for React DevTools'
//    hook, which production React calls after every commit), the fibers in the tree once it shows,
//    and the styling runtime's time (samples under an emotion or MUI system frame, found by the
//    builds' hidden source maps) at page sizes 20 and 100, with the table body's share apart from
//    the shell's: the styling that grows with the rows, (100-row time - 20-row time) / 80 per row.
import fs from 'node:fs';
import path from 'node:path';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import type { Browser } from '@playwright/test';
import { FLOOR_OUT_DIR } from '../../scripts/lib/floor';
import { median } from '../../scripts/lib/processes';
import { type PageMarks, newPage } from './browser';
import { DIST, RUNS } from './config';
import { teamId } from './devices';
import { ms, table } from './format';
import type { StaticServer } from './static-server';

interface ProfileNode {
  id: number;
  callFrame: { url: string; functionName: string; lineNumber: number; columnNumber: number };
  children?: number[];
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
  /** React commits up to the first row (the row's own included) */
  commits: number;
  /** fibers in the React tree right after the first row showed */
  fibers: number;
  /** elements with a run-time (emotion) class in the device rows, and elsewhere on the page */
  styledRows: number;
  styledRest: number;
  /** ms of samples up to the first row under a styling-runtime frame; null without source maps */
  styling: number | null;
  /** ms of samples up to the first row in any script */
  scripts: number;
}

// The styling runtime: emotion, MUI's styled/sx/theme machinery (@mui/system) and its engine.
const STYLING_SOURCE =
  /node_modules\/(?:@emotion\/|@mui\/styled-engine\/|@mui\/system\/(?!.*useMediaQuery))/;

const maps = new Map<string, TraceMap | null>();
/** The source map of a served script (`root` is the directory its server serves), if built with one. */
function sourceMapOf(root: string, url: string): TraceMap | null {
  const file = path.join(root, new URL(url).pathname);
  if (!maps.has(file)) {
    let map: TraceMap | null = null;
    try {
      // Sources resolved against the map's own path.
      map = new TraceMap(fs.readFileSync(`${file}.map`, 'utf8'), `${file}.map`);
    } catch {
      map = null;
    }
    maps.set(file, map);
  }
  return maps.get(file)!;
}

/** A stand-in for React DevTools' hook: counts commits, keeps the root to count its fibers. */
function installCommitCounter() {
  const marks = window as unknown as { __commits: number[]; __fiberRoot?: unknown };
  marks.__commits = [];
  (window as unknown as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    onCommitFiberRoot: (_id: number, root: unknown) => {
      marks.__commits.push(performance.now());
      marks.__fiberRoot = root;
    },
    onCommitFiberUnmount: () => undefined,
    onPostCommitFiberRoot: () => undefined,
    checkDCE: () => undefined,
  };
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
  { root, pageSize }: { root?: string; pageSize?: number } = {},
): Promise<Breakdown> {
  const { context, page } = await newPage(browser, { signedIn: true });
  await context.addInitScript(installCommitCounter);
  // At another page size than the default, the time runs to every row of the page.
  if (pageSize)
    await context.addInitScript(
      (n) => ((window as unknown as PageMarks).__rowsWanted = n),
      pageSize,
    );
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
  await page.goto(
    `${server.url}/devices/${teamId}${pageSize ? `?page=1&pageSize=${pageSize}` : ''}`,
  );
  await page.waitForFunction(
    (all) => (window as unknown as PageMarks)[all ? '__allRows' : '__firstRow'] !== undefined,
    !!pageSize,
    {
      timeout: 60_000,
    },
  );
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
  const marks = await page.evaluate((all) => {
    const page = window as unknown as PageMarks & {
      __commits: number[];
      __fiberRoot?: { current: Fiber };
    };
    interface Fiber {
      child: Fiber | null;
      sibling: Fiber | null;
    }
    const at = (all ? page.__allRows : page.__firstRow)!;
    let fibers = 0;
    const stack: Fiber[] = page.__fiberRoot ? [page.__fiberRoot.current] : [];
    while (stack.length > 0) {
      const fiber = stack.pop()!;
      fibers += 1;
      if (fiber.sibling) stack.push(fiber.sibling);
      if (fiber.child) stack.push(fiber.child);
    }
    // Elements styled at run time (an emotion class each: one style serialisation per render),
    // inside the device rows and elsewhere.
    let styledRows = 0;
    let styledRest = 0;
    for (const element of document.querySelectorAll('[class*="css-"]')) {
      if (![...element.classList].some((name) => name.startsWith('css-'))) continue;
      if (element.closest('[data-testid="device-row"]')) styledRows += 1;
      else styledRest += 1;
    }
    return {
      firstRow: at,
      commits: page.__commits.filter((t) => t <= at).length,
      fibers,
      styledRows,
      styledRest,
      longTasks: (window as unknown as { __longTasks: number[][] }).__longTasks,
      listAnswer:
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((entry) =>
          /\/devices\?/.test(entry.name),
        )?.responseEnd ?? -1,
    };
  }, !!pageSize);
  await context.close();

  // The profile starts right before the navigation: the samples of the first `firstRow` ms (and a
  // few more for the time goto takes to start it) are the load up to the first row.
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parents.set(child, node.id);
  // Whether a sample's stack holds a styling-runtime frame (null: no source maps to tell).
  const haveMaps =
    !!root &&
    fs.existsSync(path.join(root, 'assets')) &&
    fs.readdirSync(path.join(root, 'assets')).some((file) => file.endsWith('.js.map'));
  const styled = new Map<number, boolean>();
  const isStyling = (id: number): boolean => {
    const known = styled.get(id);
    if (known !== undefined) return known;
    const { url, lineNumber, columnNumber } = nodes.get(id)!.callFrame;
    // A script's top level (line 0, column 0) maps to whichever module the chunk starts with.
    const topLevel = lineNumber === 0 && columnNumber === 0;
    const map = url.startsWith('http') && !topLevel ? sourceMapOf(root!, url) : null;
    // CDP's lines are 0-based, a source map's 1-based.
    const source = map
      ? originalPositionFor(map, { line: lineNumber + 1, column: columnNumber }).source
      : null;
    const parent = parents.get(id);
    const result =
      (source !== null && STYLING_SOURCE.test(source)) ||
      (parent !== undefined && isStyling(parent));
    styled.set(id, result);
    return result;
  };
  const buckets = new Map<string, number>();
  let styling = 0;
  let scripts = 0;
  let at = 0;
  let counted = 0;
  profile.samples.forEach((id, index) => {
    const delta = (profile.timeDeltas[index] ?? 0) / 1000;
    at += delta;
    if (at > marks.firstRow + 20) return;
    const bucket = bucketOf(nodes.get(id)!);
    buckets.set(bucket, (buckets.get(bucket) ?? 0) + delta);
    if (nodes.get(id)!.callFrame.url) scripts += delta;
    if (haveMaps && isStyling(id)) styling += delta;
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
    commits: marks.commits,
    fibers: marks.fibers,
    styledRows: marks.styledRows,
    styledRest: marks.styledRest,
    styling: haveMaps ? styling : null,
    scripts,
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
      runs.app.push(await profileOnce(browser, app, slowdown, { root: DIST }));
      runs.floor.push(await profileOnce(browser, floor, slowdown, { root: FLOOR_OUT_DIR }));
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
          [
            'React commits before it',
            med(runs.app, (b) => b.commits),
            med(runs.floor, (b) => b.commits),
          ],
          [
            'styling runtime (emotion, MUI system)',
            stylingText(runs.app.map((b) => b.styling)),
            stylingText(runs.floor.map((b) => b.styling)),
          ],
          ...rows.map((row) => [row.name, ms(row.app), ms(row.floor)]),
        ],
      ),
    );
  }
  await stylingByPageSize(browser, app, floor);
}

const stylingText = (values: (number | null)[]) =>
  values.some((v) => v === null) ? 'n/a (no source maps)' : ms(median(values as number[]));

/**
 * 4c. The React commits before the first row and the styling runtime's time, at page sizes 20 and
 * 100 (no CPU slowdown): the table body's share is what grows with the rows.
 */
async function stylingByPageSize(
  browser: Browser,
  app: StaticServer,
  floor: StaticServer,
): Promise<void> {
  const at20: Breakdown[] = [];
  const at100: Breakdown[] = [];
  const floor20: Breakdown[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    at20.push(await profileOnce(browser, app, 1, { root: DIST, pageSize: 20 }));
    at100.push(await profileOnce(browser, app, 1, { root: DIST, pageSize: 100 }));
    floor20.push(await profileOnce(browser, floor, 1, { root: FLOOR_OUT_DIR, pageSize: 20 }));
  }
  const med = (list: Breakdown[], pick: (b: Breakdown) => number) => median(list.map(pick));
  const styling = (list: Breakdown[]) =>
    list.some((b) => b.styling === null) ? null : med(list, (b) => b.styling!);
  const s20 = styling(at20);
  const s100 = styling(at100);
  const perRow = s20 === null || s100 === null ? null : Math.max(0, (s100 - s20) / 80);
  const row = (label: string, pick: (b: Breakdown) => number, format = ms) => [
    label,
    format(med(at20, pick)),
    format(med(at100, pick)),
    format(med(floor20, pick)),
  ];
  const figure = (value: number | null) => (value === null ? 'n/a (no source maps)' : ms(value));
  console.log(
    `\n## 4c. React commits and styling time up to every row of the page (no CPU slowdown; median of ${RUNS}; styling: samples under an emotion or MUI system frame, by the builds' source maps)\n`,
  );
  console.log(
    table(
      ['', 'app, 20 rows', 'app, 100 rows', 'floor, 20 rows'],
      [
        row('every row of the page shown', (b) => b.firstRow),
        row('React commits before it', (b) => b.commits, String),
        row('fibers in the tree then', (b) => b.fibers, String),
        row('elements styled at run time, in the rows', (b) => b.styledRows, String),
        row('elements styled at run time, elsewhere', (b) => b.styledRest, String),
        row('script time before it', (b) => b.scripts),
        ['styling runtime before it', figure(s20), figure(s100), figure(styling(floor20))],
        [
          'of it, the table body (per row x rows)',
          figure(perRow === null ? null : perRow * 20),
          figure(perRow === null ? null : perRow * 100),
          '',
        ],
        [
          'of it, the shell and the rest',
          figure(perRow === null ? null : s20! - perRow * 20),
          figure(perRow === null ? null : s100! - perRow * 100),
          '',
        ],
      ],
    ),
  );
  if (perRow !== null)
    console.log(
      `styling per table row: ${(perRow * 1000).toFixed(0)} µs (100-row minus 20-row time, / 80)`,
    );
}
