import type { Request } from '@playwright/test';
import { test, expect, TEST_TOKEN } from './fixtures';
import { example, type Schemas } from './contract-examples';

// The signed-in first load: the route-preload script (an external file, under the production
// Content-Security-Policy the fixtures check) starts the device list's request with the stored
// token before the app's code has arrived, and the app adopts that answer instead of asking again.
// A stale token still ends, once, on the login screen.

const engineering = example<Schemas['TeamSummary']>('getTeam', 'engineering');
const firstPage = example<Schemas['DeviceList']>('listTeamDevices', 'engineering');
const EXPIRED = 'Authentication expired. Please login again.';

const isListRequest = (request: Request) =>
  request.method() === 'GET' &&
  new URL(request.url()).pathname === `/api/v1/team/${engineering.id}/devices`;

test('the first rows come from the one request the preload script starts, their validators preloaded; a stale token ends on the login screen once', async ({
  page,
  scenario,
}) => {
  // Two full loads of the signed-in app in one test.
  test.slow();
  await scenario.signIn();
  const listRequests: Request[] = [];
  const entryScripts: Request[] = [];
  page.on('request', (request) => {
    if (isListRequest(request)) listRequests.push(request);
    if (request.resourceType() === 'script' && /\/assets\/index-[\w-]+\.js$/.test(request.url()))
      entryScripts.push(request);
  });

  await page.goto(`/devices/${engineering.id}?page=1&pageSize=20&search=%20`);
  await expect(page.getByTestId('device-row')).toHaveCount(firstPage.devices.length);
  await expect(page.getByTestId('showing-text')).toHaveText(
    `Showing 1 to ${firstPage.devices.length} of ${firstPage.total} entries`,
  );
  await page.waitForLoadState('networkidle');
  // Exactly one request for the list: the preload script's, with the stored token, to the API base.
  expect(listRequests).toHaveLength(1);
  const [list] = listRequests;
  expect(await list!.headerValue('authorization')).toBe(`Bearer ${TEST_TOKEN}`);
  expect(Object.fromEntries(new URL(list!.url()).searchParams)).toEqual({
    page: '1',
    pageSize: '20',
    orderBy: 'deviceName',
    direction: 'asc',
  });
  // Started by the preload script, not by the app's code: its initiator is that script.
  const initiator = await page.evaluate(
    (url) =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find(
        (entry) => entry.name === url,
      )?.initiatorType,
    list!.url(),
  );
  expect(initiator).toBe('fetch');
  expect(entryScripts.length).toBeGreaterThan(0);
  // The answers' validators (the list's and the shell's user and teams) came with the route's
  // chunks, preloaded by the script: none is fetched after its answer.
  const preloaded = await page.evaluate(() =>
    [...document.querySelectorAll('link[rel="modulepreload"]')].map(
      (link) => link.getAttribute('href') ?? '',
    ),
  );
  for (const validator of ['list-team-devices', 'get-user', 'list-teams'])
    expect(preloaded.some((href) => href.includes(`/validator-${validator}-`))).toBe(true);

  // The stored token has gone stale: every answer is 401. One normal 401 path, one message.
  await scenario.prefer({
    'GET /team/{teamId}/devices': 'code=401',
    'GET /user': 'code=401',
    'GET /teams': 'code=401',
  });
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(EXPIRED)).toHaveCount(1);
  await expect(page.getByRole('button', { name: /log in/i }).first()).toBeVisible();
  // Signed out: the stored token is gone with the one 401 reaction.
  expect(
    await page.evaluate((key) => window.localStorage.getItem(key), 'console.session'),
  ).not.toContain(TEST_TOKEN);
});
