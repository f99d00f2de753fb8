import type { Page, Request } from '@playwright/test';
import { test, expect, expectAccessible, holdClock, readSession, STORY_NOW } from './fixtures';
import { example, type Schemas } from './contract-examples';

type Team = Schemas['TeamSummary'];
type DeviceList = Schemas['DeviceList'];

const engineering = example<Team>('getTeam', 'engineering');
const sales = example<Team>('getTeam', 'sales');
const firstPage = example<DeviceList>('listTeamDevices', 'engineering');
const lastPage = example<DeviceList>('listTeamDevices', 'lastPage');
const listPath = `/devices/${engineering.id}`;

function isListRequest(request: Request): boolean {
  return (
    request.method() === 'GET' &&
    new URL(request.url()).pathname.endsWith(`/team/${engineering.id}/devices`)
  );
}

/** The query of the next device-list request that matches. */
async function nextListQuery(
  page: Page,
  match: (q: URLSearchParams) => boolean = () => true,
): Promise<URLSearchParams> {
  const request = await page.waitForRequest(
    (r) => isListRequest(r) && match(new URL(r.url()).searchParams),
  );
  return new URL(request.url()).searchParams;
}

function searchOf(page: Page): URLSearchParams {
  return new URL(page.url()).searchParams;
}

test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(STORY_NOW);
});

test('the first page, the next page loading, paging and the last page', async ({
  page,
  scenario,
}) => {
  await scenario.signIn();
  await test.step('shows the first page: rows, links, badges and "Showing X to Y of Z entries"', async () => {
    const request = nextListQuery(page);
    await page.goto(listPath);
    const query = await request;
    expect(Object.fromEntries(query)).toEqual({
      page: '1',
      pageSize: '20',
      orderBy: 'deviceName',
      direction: 'asc',
    });
    await expect(page).toHaveTitle(/^Devices - Page 1 \| /);
    const rows = page.getByTestId('device-row');
    await expect(rows).toHaveCount(firstPage.devices.length);
    const first = firstPage.devices[0]!;
    await expect(rows.first().getByRole('link', { name: first.deviceName })).toHaveAttribute(
      'href',
      `/device/${first.id}`,
    );
    await expect(rows.first()).toContainText(first.ownerEmail);
    await expect(rows.first()).toContainText(first.osVersion);
    await expect(page.getByTestId('showing-text')).toHaveText(
      `Showing 1 to ${firstPage.devices.length} of ${firstPage.total} entries`,
    );
    // The default columns (the column picker adds the others; tests/e2e/responsive.spec.ts).
    for (const label of [
      'Name',
      'Status',
      'Failed required',
      'Last check',
      'Owner',
      'OS version',
    ]) {
      await expect(page.getByRole('columnheader', { name: label, exact: true })).toBeVisible();
    }
    await expect(page.locator('th[aria-sort="ascending"]')).toHaveText('Name');
    await expectAccessible(page);
  });
  // The first page, as the previous step left it: no reload.
  await test.step('keeps the previous page visible while the next one loads', async () => {
    await expect(page.getByTestId('device-row')).toHaveCount(firstPage.devices.length);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/v1/team/${engineering.id}/devices?**`, async (route) => {
      if (new URL(route.request().url()).searchParams.get('page') === '2') await gate;
      await route.fallback();
    });
    await page.getByRole('button', { name: 'Go to page 2' }).click();
    await expect(page.getByRole('progressbar', { name: 'Loading devices' })).toBeVisible();
    await expect(page.getByTestId('device-row')).toHaveCount(firstPage.devices.length);
    await expect(page.getByRole('table', { name: 'Devices' })).toHaveAttribute('aria-busy', 'true');
    release();
    await expect(page.getByRole('progressbar', { name: 'Loading devices' })).toHaveCount(0);
    await expect(page.getByTestId('device-row')).toHaveCount(firstPage.devices.length);
  });
  // The previous step's hold (released) goes; the next step loads the first page afresh.
  await page.unroute(`**/api/v1/team/${engineering.id}/devices?**`);
  await test.step('paging: page buttons, page size, back and forward', async () => {
    await page.goto(listPath);
    await expect(page.getByTestId('device-row')).toHaveCount(firstPage.devices.length);

    const second = nextListQuery(page, (q) => q.get('page') === '2');
    await page.getByRole('button', { name: 'Go to page 2' }).click();
    expect((await second).get('pageSize')).toBe('20');
    await expect(page).toHaveURL(`${listPath}?page=2`);
    await expect(page).toHaveTitle(/^Devices - Page 2 \| /);
    // The new page is read from the top: its first rows are on screen, not the pager alone.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.getByTestId('device-row').first()).toBeInViewport();

    const sized = nextListQuery(page, (q) => q.get('pageSize') === '50');
    await page.getByRole('combobox', { name: 'Per page' }).selectOption('50');
    expect((await sized).get('page')).toBe('1');
    await expect(page).toHaveURL(`${listPath}?pageSize=50`);

    await page.goBack();
    await expect(page).toHaveURL(`${listPath}?page=2`);
    await expect(page).toHaveTitle(/^Devices - Page 2 \| /);
    // The new page is read from the top: its first rows are on screen, not the pager alone.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.getByTestId('device-row').first()).toBeInViewport();
    await page.goBack();
    await expect(page).toHaveURL(listPath);
    await expect(page).toHaveTitle(/^Devices - Page 1 \| /);
    await page.goForward();
    await expect(page).toHaveURL(`${listPath}?page=2`);
  });
  await test.step('the last, partial page', async () => {
    await scenario.prefer({ 'GET /team/{teamId}/devices': 'example=lastPage' });
    await page.goto(`${listPath}?page=${lastPage.page}`);
    await expect(page.getByTestId('device-row')).toHaveCount(lastPage.devices.length);
    const from = (lastPage.page - 1) * lastPage.pageSize + 1;
    await expect(page.getByTestId('showing-text')).toHaveText(
      `Showing ${from} to ${lastPage.total} of ${lastPage.total} entries`,
    );
    await expect(page.getByRole('button', { name: `page ${lastPage.page}` })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});

test('the list query: invalid values fall back, searching, and a search without results', async ({
  page,
  scenario,
}) => {
  // The search's pause in typing is the page's own timer, held while words are typed (below).
  await page.clock.install();
  await scenario.signIn();
  await test.step('invalid query values fall back to the defaults', async () => {
    const request = nextListQuery(page);
    await page.goto(
      `${listPath}?page=-4&pageSize=1000&orderBy=password&direction=sideways&openInviteModal=maybe&search=${'x'.repeat(300)}`,
    );
    expect(Object.fromEntries(await request)).toEqual({
      page: '1',
      pageSize: '20',
      orderBy: 'deviceName',
      direction: 'asc',
    });
    await expect(page).toHaveTitle(/^Devices - Page 1 \| /);
    await expect(page.getByTestId('device-row')).toHaveCount(firstPage.devices.length);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('searchbox', { name: 'Search devices' })).toHaveValue('');
  });
  await test.step('search: debounced, in the URL, back to page 1', async () => {
    await page.goto(`${listPath}?page=3`);
    await expect(page.getByTestId('device-row').first()).toBeVisible();
    const searched = nextListQuery(page, (q) => q.has('search'));
    const requests: string[] = [];
    page.on('request', (r) => {
      if (isListRequest(r)) requests.push(new URL(r.url()).searchParams.get('search') ?? '');
    });
    // Typed with the clock held, so that no gap between two keys outlasts the pause, however
    // loaded the machine; then let run.
    await holdClock(page);
    await page.getByRole('searchbox', { name: 'Search devices' }).pressSequentially('  mac');
    await page.clock.resume();
    const query = await searched;
    expect(query.get('search')).toBe('mac');
    expect(query.get('page')).toBe('1');
    await expect(page).toHaveURL(`${listPath}?search=mac`);
    // Debounced: no request for the partial words.
    expect(requests.filter((s) => s !== 'mac')).toEqual([]);

    // Refining the search replaces the history entry; back returns to the unsearched page 3.
    await page.getByRole('searchbox', { name: 'Search devices' }).pressSequentially('book');
    await expect(page).toHaveURL(`${listPath}?search=macbook`);
    await page.goBack();
    await expect(page).toHaveURL(`${listPath}?page=3`);
    await expect(page.getByRole('searchbox', { name: 'Search devices' })).toHaveValue('');
    await page.goForward();
    await expect(page.getByRole('searchbox', { name: 'Search devices' })).toHaveValue('macbook');
  });
  await test.step('a search without results says so', async () => {
    await scenario.prefer({ 'GET /team/{teamId}/devices': 'example=empty' });
    await page.goto(`${listPath}?search=nothing-like-this`);
    await expect(page.getByText('No devices match your search.', { exact: true })).toBeVisible();
    await expect(page.getByTestId('demo-device-list')).toHaveCount(0);
    await expect(page.getByRole('searchbox', { name: 'Search devices' })).toHaveValue(
      'nothing-like-this',
    );
  });
});

test('sorting and the whole view are kept in the URL and survive a reload', async ({
  page,
  scenario,
}) => {
  await scenario.signIn();
  await test.step('sorting toggles, is stored in the session and in the URL, and survives a reload', async () => {
    await page.goto(`${listPath}?page=2`);
    await expect(page.getByTestId('device-row').first()).toBeVisible();

    const asc = nextListQuery(page, (q) => q.get('orderBy') === 'lastCheck');
    await page.getByRole('button', { name: 'Last check' }).click();
    expect(Object.fromEntries(await asc)).toMatchObject({
      orderBy: 'lastCheck',
      direction: 'asc',
      page: '1',
    });
    await expect(page).toHaveURL(`${listPath}?orderBy=lastCheck&direction=asc`);
    await expect(page.locator('th[aria-sort="ascending"]')).toHaveText('Last check');
    expect(await readSession(page)).toMatchObject({
      deviceOrderBy: 'lastCheck',
      deviceOrderDirection: 'asc',
    });

    const desc = nextListQuery(page, (q) => q.get('direction') === 'desc');
    await page.getByRole('button', { name: 'Last check' }).click();
    expect((await desc).get('orderBy')).toBe('lastCheck');
    await expect(page).toHaveURL(`${listPath}?orderBy=lastCheck&direction=desc`);
    await expect(page.locator('th[aria-sort="descending"]')).toHaveText('Last check');
    expect(await readSession(page)).toMatchObject({
      deviceOrderBy: 'lastCheck',
      deviceOrderDirection: 'desc',
    });

    // A new column starts ascending.
    await page.getByRole('button', { name: 'OS version' }).click();
    await expect(page).toHaveURL(`${listPath}?orderBy=osVersion&direction=asc`);

    const reloaded = nextListQuery(page);
    await page.reload();
    expect(Object.fromEntries(await reloaded)).toMatchObject({
      orderBy: 'osVersion',
      direction: 'asc',
    });
    await expect(page.locator('th[aria-sort="ascending"]')).toHaveText('OS version');

    // The stored choice is the default of a list opened without a sort in the URL.
    const fresh = nextListQuery(page);
    await page.goto(listPath);
    expect(Object.fromEntries(await fresh)).toMatchObject({
      orderBy: 'osVersion',
      direction: 'asc',
    });
  });
  await test.step('a reload keeps the whole view', async () => {
    const view = `${listPath}?page=2&pageSize=50&orderBy=failedRequiredCount&direction=desc&search=mac`;
    await page.goto(view);
    await expect(page.getByTestId('device-row').first()).toBeVisible();
    const reloaded = nextListQuery(page);
    await page.reload();
    expect(Object.fromEntries(await reloaded)).toEqual({
      page: '2',
      pageSize: '50',
      orderBy: 'failedRequiredCount',
      direction: 'desc',
      search: 'mac',
    });
    await expect(page).toHaveURL(view);
    await expect(page).toHaveTitle(/^Devices - Page 2 \| /);
    await expect(page.getByRole('searchbox', { name: 'Search devices' })).toHaveValue('mac');
    await expect(page.locator('th[aria-sort="descending"]')).toHaveText('Failed required');
    await expect(page.getByRole('combobox', { name: 'Per page' })).toHaveValue('50');
  });
});

test('the session sort is the default when the URL has none', async ({ page, scenario }) => {
  await scenario.signIn({ deviceOrderBy: 'ownerEmail', deviceOrderDirection: 'desc' });
  const request = nextListQuery(page);
  await page.goto(listPath);
  expect(Object.fromEntries(await request)).toMatchObject({
    orderBy: 'ownerEmail',
    direction: 'desc',
  });
  await expect(page.locator('th[aria-sort="descending"]')).toHaveText('Owner');
});

test('the linking wizard from the URL: opening, closing, and a refused clipboard', async ({
  page,
  scenario,
}) => {
  await scenario.signIn();
  await test.step('openInviteModal=true opens the linking wizard; closing removes it from the URL', async () => {
    await page.goto(`${listPath}?page=2&openInviteModal=true`);
    const dialog = page.getByRole('dialog', { name: 'Link a device' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Step 1 of 3: Install')).toBeVisible();
    await dialog.getByRole('button', { name: 'Next' }).click();
    const origin = new URL(page.url()).origin;
    await expect(dialog.getByRole('textbox', { name: 'Team invite link' })).toHaveValue(
      `${origin}/team/join/${engineering.id}`,
    );
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(`${listPath}?page=2`);
    expect(searchOf(page).has('openInviteModal')).toBe(false);

    await page.getByRole('button', { name: 'Invite Link' }).click();
    await expect(page).toHaveURL(`${listPath}?page=2&openInviteModal=true`);
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(`${listPath}?page=2`);
  });
  // Copying, inviting by email and its failures: tests/e2e/linking.spec.ts.
  await test.step('a refused clipboard is explained and the link stays selectable', async () => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
      });
    });
    await page.goto(`${listPath}?openInviteModal=true`);
    const dialog = page.getByRole('dialog', { name: 'Link a device' });
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('button', { name: 'Copy team invite link' }).click();
    await expect(
      dialog.getByText('Copying is not allowed here. Select the link and copy it yourself.'),
    ).toBeVisible();
    const field = dialog.getByRole('textbox', { name: 'Team invite link' });
    await field.focus();
    const selected = await field.evaluate((input: HTMLInputElement) =>
      input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0),
    );
    expect(selected).toBe(await field.inputValue());
  });
});

test('no devices, an empty team, and an error with a retry', async ({ page, scenario }) => {
  await scenario.signIn();
  await test.step('an account without devices sees the faded demo list and a call to action', async () => {
    await scenario.prefer({
      'GET /teams': 'example=noDevices',
      'GET /team/{teamId}/devices': 'example=empty',
    });
    await page.goto(`/devices/${sales.id}`);
    const demo = page.getByTestId('demo-device-list');
    await expect(demo).toBeVisible();
    await expect(demo).toHaveAttribute('aria-hidden', 'true');
    await expect(demo).toHaveAttribute('inert', '');
    expect(Number(await demo.evaluate((el) => getComputedStyle(el).opacity))).toBeCloseTo(0.4, 1);
    expect(await demo.evaluate((el) => getComputedStyle(el).pointerEvents)).toBe('none');
    await expect(page.getByTestId('device-row')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    await expect(page.getByRole('heading', { name: 'No devices yet' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Invite team members' }).click();
    await expect(page.getByRole('dialog', { name: 'Link a device' })).toBeVisible();
    await expect(page).toHaveURL(`/devices/${sales.id}?openInviteModal=true`);
  });
  // Prism's own teams list again, as the next step had.
  await scenario.prefer({ 'GET /teams': '' });
  await test.step('an empty team in an account with devices: a plain notice, no demo list', async () => {
    // The default teams list: Engineering and Design have devices, Sales has none.
    await scenario.prefer({ 'GET /team/{teamId}/devices': 'example=empty' });
    await page.goto(`/devices/${sales.id}`);
    await expect(
      page.getByRole('heading', { name: `No devices in ${sales.name} yet` }),
    ).toBeVisible();
    await expect(page.getByTestId('demo-device-list')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    await page.getByRole('button', { name: 'Invite team members' }).click();
    const dialog = page.getByRole('dialog', { name: 'Link a device' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Step 1 of 3: Install')).toBeVisible();
  });
  await test.step('an error shows the catalogue message and a retry', async () => {
    await scenario.prefer({ 'GET /team/{teamId}/devices': 'code=500' });
    await page.goto(listPath);
    await expect(page.getByRole('alert')).toContainText('Internal server error.');
    await scenario.prefer({ 'GET /team/{teamId}/devices': 'example=engineering' });
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByTestId('device-row')).toHaveCount(firstPage.devices.length);
  });
});
