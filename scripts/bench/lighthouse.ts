// 2. Lighthouse on /login, app and floor (mobile, simulated throttling: Lighthouse's defaults), both
//    served by the same static gzip server, runs interleaved, median of BENCH_LH_RUNS (3): LCP,
//    CLS, TBT, score. Debian's Chromium (scripts/lib/chromium.ts).
import { median } from '../lib/processes';
import { kB } from '../lib/sizes';
import { LH_RUNS } from './config';
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
  console.log(`app LCP element: ${results.app[0]?.lcpElement}`);
}
