// 2. Lighthouse on /login, app and floor (mobile, simulated throttling: Lighthouse's defaults), both
//    served by the same static gzip server, runs interleaved, median of BENCH_LH_RUNS (3): LCP,
//    CLS, TBT, score. Debian's Chromium (scripts/lib/chromium.ts).
import { chromium } from '@playwright/test';
import { median } from '../../scripts/lib/processes';
import { kB } from '../../scripts/lib/sizes';
import { LH_RUNS, SESSION_KEY } from './config';
import { teamId } from './devices';
import { ms, ratio, table } from './format';
import { type LighthouseFigures, launchChromeForLighthouse, lighthouseRun } from './lighthouse-run';
import type { StaticServer } from './static-server';

type Figure = Exclude<keyof LighthouseFigures, 'lcpElement' | 'shifts'>;

export async function lighthouseLogin(app: StaticServer, floor: StaticServer): Promise<void> {
  const chrome = await launchChromeForLighthouse();
  const results: { app: LighthouseFigures[]; floor: LighthouseFigures[] } = { app: [], floor: [] };
  try {
    // Interleaved: app, floor, app, floor... so a slow moment of the machine hits both.
    for (let i = 0; i < LH_RUNS; i += 1) {
      results.app.push(await lighthouseRun(`${app.url}/login`, chrome.port));
      results.floor.push(await lighthouseRun(`${floor.url}/login`, chrome.port));
    }
  } finally {
    chrome.kill();
  }
  report('/login', results);
}

/**
 * 2b. Lighthouse on a signed-in /devices/{teamId} against the floor's bare table. Lighthouse resets
 * the browser's storage before a run, which would sign the app out: here the reset is off, and
 * before every run the bench itself clears the cache and cookies and stores the session (over the
 * DevTools protocol), so each run is still cold.
 */
export async function lighthouseDevices(app: StaticServer, floor: StaticServer): Promise<void> {
  const chrome = await launchChromeForLighthouse();
  const results: { app: LighthouseFigures[]; floor: LighthouseFigures[] } = { app: [], floor: [] };
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const session = JSON.stringify({
    token: 'bench-session-token',
    adminToken: null,
    activeTeamId: null,
    deviceOrderBy: 'deviceName',
    deviceOrderDirection: 'asc',
  });
  const coldSignedIn = async (origin: string) => {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Network.clearBrowserCookies');
    await page.goto(`${origin}/favicon.svg`);
    await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
      SESSION_KEY,
      session,
    ] as const);
    await page.close();
  };
  try {
    for (let i = 0; i < LH_RUNS; i += 1) {
      await coldSignedIn(app.url);
      results.app.push(
        await lighthouseRun(`${app.url}/devices/${teamId}`, chrome.port, { keepStorage: true }),
      );
      await coldSignedIn(floor.url);
      results.floor.push(
        await lighthouseRun(`${floor.url}/devices/${teamId}`, chrome.port, { keepStorage: true }),
      );
    }
  } finally {
    await browser.close().catch(() => {});
    chrome.kill();
  }
  report('/devices/{teamId}, signed in (floor: the bare table)', results);
}

function report(
  where: string,
  results: { app: LighthouseFigures[]; floor: LighthouseFigures[] },
): void {
  const m = (side: 'app' | 'floor', key: Figure) => median(results[side].map((r) => r[key]));
  const row = (label: string, key: Figure, format: (value: number) => string) => [
    label,
    format(m('app', key)),
    format(m('floor', key)),
    ratio(m('app', key), m('floor', key)),
    results.app.map((r) => format(r[key])).join(' / '),
    results.floor.map((r) => format(r[key])).join(' / '),
  ];
  const s = (v: number) => `${(v / 1000).toFixed(2)} s`;
  const n3 = (v: number) => v.toFixed(3);
  console.log(
    `\n## 2. Lighthouse on ${where} (mobile, simulated throttling, same static gzip server, interleaved, median of ${LH_RUNS})\n`,
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
  console.log(`app LCP element: ${results.app[0]?.lcpElement}`);
}
