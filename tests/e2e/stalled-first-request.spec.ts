import type { Route } from '@playwright/test';
import { test, expect } from './fixtures';
import { example, type Schemas } from './contract-examples';

// A first request that never answers (a stalled server or network) ends, on each of the three
// screens whose first request the route-preload script starts, as any request does: the early
// request is given up at the client's time limit counted from its start, the page's own request
// takes over, and its failure shows the error with Try again, which then works once the server
// answers again. Before, the page waited for the early answer for ever.

const engineering = example<Schemas['TeamSummary']>('getTeam', 'engineering');
const failing = example<Schemas['Device']>('getDevice', 'failing');
/** The e2e build's request time limit (VITE_REQUEST_TIMEOUT_MS in package.json's test:e2e). */
const LIMIT_MS = 5_000;
// The early request's limit, then the page's own request: its attempts (query.ts shouldRetry: three
// for a timeout) with their retry delays (1 s, 2 s), and room for a loaded machine.
const BOUND_MS = LIMIT_MS * 4 + 3_000 + 10_000;
const NO_RESPONSE = 'No response from the server.';

const screens = [
  {
    name: 'device list',
    address: `/devices/${engineering.id}`,
    api: `/api/v1/team/${engineering.id}/devices`,
    shown: /Showing 1 to \d+ of \d+ entries/,
  },
  {
    name: 'overview',
    address: `/overview/${engineering.id}`,
    api: `/api/v1/team/${engineering.id}/overview`,
    shown: `${engineering.name} Overview`,
  },
  {
    name: 'device page',
    address: `/device/${failing.id}`,
    api: `/api/v1/device/${failing.id}`,
    shown: failing.deviceName,
  },
] as const;

for (const screen of screens) {
  test(`the ${screen.name}'s first request never answers: the error with Try again within the time limit and retries, then it loads`, async ({
    page,
    scenario,
  }) => {
    test.slow();
    await scenario.signIn();
    let stalled = true;
    const held: Route[] = [];
    let asked = 0;
    await page.route(
      (url) => url.pathname === screen.api,
      async (route) => {
        if (route.request().method() !== 'GET') return route.fallback();
        asked += 1;
        if (stalled)
          held.push(route); // never answered
        else await route.fallback();
      },
    );
    await page.goto(screen.address);
    await expect(page.getByText(NO_RESPONSE)).toBeVisible({ timeout: BOUND_MS });
    // The early request and the page's own: both given up, neither left waiting.
    expect(asked).toBeGreaterThanOrEqual(2);
    await expect(page.getByRole('progressbar')).toHaveCount(0);

    stalled = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    if (typeof screen.shown === 'string') {
      await expect(page.getByRole('heading', { level: 1, name: screen.shown })).toBeVisible();
    } else {
      await expect(page.getByTestId('showing-text')).toHaveText(screen.shown);
    }
    await expect(page.getByText(NO_RESPONSE)).toHaveCount(0);
    expect(held.length).toBeGreaterThanOrEqual(2);
  });
}
