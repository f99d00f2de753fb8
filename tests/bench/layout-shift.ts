// 3. Layout shift measured in the page (PerformanceObserver 'layout-shift') on /login and on the
//    signed-in screens, in Chromium at 1280x800 and 390x844.
import type { Browser, Page } from '@playwright/test';
import { type PageMarks, newPage, settle } from './browser';
import { deviceId, teamId } from './devices';
import { table } from './format';
import type { StaticServer } from './static-server';

export async function layoutShift(browser: Browser, app: StaticServer): Promise<void> {
  const rows: string[][] = [];
  const heading = (page: Page) => page.locator('main h1').first().waitFor();
  const cases: [string, boolean, (page: Page) => Promise<void>][] = [
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
    ].map((route): [string, boolean, (page: Page) => Promise<void>] => [route, true, heading]),
  ];
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    for (const [route, signedIn, ready] of cases) {
      const values: number[] = [];
      const sources = new Set<string>();
      for (let i = 0; i < 3; i += 1) {
        const { context, page } = await newPage(browser, { signedIn, viewport });
        await page.goto(`${app.url}${route}`);
        await ready(page);
        await settle(page);
        const shifts = await page.evaluate(() => (window as unknown as PageMarks).__shifts);
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
