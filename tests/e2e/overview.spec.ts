import { test, expect, expectAccessible, STORY_NOW } from './fixtures';
import { example, type Schemas } from './contract-examples';

/** SCENARIOS.md: every timestamp of the story is relative to this instant. */

type Team = Schemas['TeamSummary'];
type Overview = Schemas['TeamOverview'];

const engineering = example<Team>('getTeam', 'engineering');
const sales = example<Team>('getTeam', 'sales');
const busy = example<Overview>('getTeamOverview', 'busy');
const MAX_ROWS = 8;
const MAX_AVATARS = 15;

test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(STORY_NOW);
});

test('a busy team overview: team and overview asked together, quiet devices, capped avatars, See all', async ({
  page,
  scenario,
}) => {
  await scenario.signIn();
  // The first step loads the busy overview; the second reads that same screen (no second load).
  await test.step('team and overview are requested together', async () => {
    const started: Record<string, number> = {};
    const finished: Record<string, number> = {};
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/api/v1/team/')) started[path] = Date.now();
    });
    page.on('requestfinished', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/api/v1/team/')) finished[path] = Date.now();
    });
    // Each answer is held until the other request has started: if the app asked for one only after
    // the other's answer, neither would ever answer and the page would never show.
    const team = `/api/v1/team/${engineering.id}`;
    const overview = `/api/v1/team/${engineering.id}/overview`;
    const started$ = (path: string) =>
      page.waitForRequest((r) => new URL(r.url()).pathname === path, { timeout: 0 });
    const teamStarted = started$(team);
    const overviewStarted = started$(overview);
    const isTeam = (url: URL) => url.pathname === team;
    const isOverview = (url: URL) => url.pathname === overview;
    await page.route(isTeam, async (route) => {
      await overviewStarted;
      await route.fallback();
    });
    await page.route(isOverview, async (route) => {
      await teamStarted;
      await route.fallback();
    });
    await page.goto(`/overview/${engineering.id}`);
    await expect(
      page.getByRole('heading', { level: 1, name: `${engineering.name} Overview` }),
    ).toBeVisible();
    expect(started[team]).toBeDefined();
    expect(started[overview]).toBeDefined();
    expect(started[overview]!).toBeLessThan(finished[team]!);
    expect(started[team]!).toBeLessThan(finished[overview]!);
    await page.unroute(isTeam);
    await page.unroute(isOverview);
  });

  await test.step('busy team: title, 8 quiet devices with "See all", avatars capped at 15', async () => {
    // The busy overview the step before loaded, as it first shows.
    await expect(
      page.getByRole('heading', { level: 1, name: `${engineering.name} Overview` }),
    ).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${engineering.name} Overview \\| `));

    // Devices not reporting: at most 8 rows, the server's day threshold, "See all" to the sorted list.
    const quiet = page.getByRole('region', { name: 'Devices not reporting' });
    expect(busy.outdatedDevices.devices.length).toBeGreaterThan(MAX_ROWS);
    const rows = quiet.getByTestId('not-reporting-row');
    await expect(rows).toHaveCount(MAX_ROWS);
    for (const [i, device] of busy.outdatedDevices.devices.slice(0, MAX_ROWS).entries()) {
      const row = rows.nth(i);
      await expect(row.getByRole('link', { name: device.deviceName })).toHaveAttribute(
        'href',
        `/device/${device.id}`,
      );
      await expect(row).toContainText(device.ownerEmail);
      await expect(row).toContainText(device.osVersion);
    }
    await expect(rows.first()).toContainText(
      busy.outdatedDevices.devices[0]!.lastCheck === null ? 'never' : 'ago',
    );
    await expect(quiet).toContainText(`${busy.outdatedDevices.outdatedAfterDays} days`);
    const seeAll = quiet.getByRole('link', { name: 'See all' });
    await expect(seeAll).toHaveAttribute(
      'href',
      `/devices/${engineering.id}?orderBy=lastCheck&direction=asc`,
    );

    // Required checks: only failing ones, at most 15 avatars each, then "+N more".
    const checks = page.getByRole('region', { name: 'Required checks' });
    const failing = busy.requiredChecks.filter((c) => c.devices.length > 0);
    await expect(checks.getByTestId('failing-check')).toHaveCount(failing.length);
    const crowded = failing.find((c) => c.devices.length > MAX_AVATARS)!;
    expect(crowded).toBeDefined();
    const crowdedItem = checks
      .getByTestId('failing-check')
      .filter({ hasText: crowded.description });
    await expect(crowdedItem.getByTestId('failing-device')).toHaveCount(MAX_AVATARS);
    await expect(crowdedItem).toContainText(`+${crowded.devices.length - MAX_AVATARS} more`);
    const firstDevice = crowded.devices[0]!;
    await expect(
      crowdedItem.getByRole('link', {
        name: `${firstDevice.deviceName} (${firstDevice.ownerEmail})`,
      }),
    ).toHaveAttribute('href', `/device/${firstDevice.id}`);
    const small = failing.find((c) => c.devices.length <= MAX_AVATARS)!;
    const smallItem = checks.getByTestId('failing-check').filter({ hasText: small.description });
    await expect(smallItem.getByTestId('failing-device')).toHaveCount(small.devices.length);
    await expect(smallItem).not.toContainText('more');

    // No notice: the team has devices.
    await expect(page.getByText('This team has no devices yet.', { exact: false })).toHaveCount(0);

    await expectAccessible(page);

    // A failing check leads to all of its failing devices, not only the 15 avatars.
    const list = crowdedItem.getByRole('button', {
      name: `List the ${crowded.devices.length} devices failing this check`,
    });
    await expect(list).toHaveAttribute('aria-expanded', 'false');
    await list.click();
    const failingList = crowdedItem.getByTestId('failing-device-list');
    await expect(failingList.getByRole('link')).toHaveCount(crowded.devices.length);
    const last = crowded.devices.at(-1)!;
    await expect(failingList.getByRole('link', { name: last.deviceName })).toHaveAttribute(
      'href',
      `/device/${last.id}`,
    );
    await expectAccessible(page);
    await crowdedItem.getByRole('button', { name: 'Hide the failing devices' }).click();
    await expect(failingList).toHaveCount(0);

    // "See all": the device list, oldest report first, saying so and marking the quiet devices.
    await seeAll.click();
    await expect(page).toHaveURL(
      new RegExp(`/devices/${engineering.id}\\?orderBy=lastCheck&direction=asc$`),
    );
    await expect(page.getByRole('button', { name: 'Last check' })).toBeVisible();
    await expect(page.locator('th[aria-sort="ascending"]')).toContainText('Last check');
    const { total, outdatedAfterDays } = busy.outdatedDevices;
    await expect(page.getByTestId('not-reporting-notice')).toHaveText(
      'Sorted by last check, oldest first, so the devices that are not reporting come first. ' +
        `${total} devices have not sent a report in the last ${outdatedAfterDays} days.`,
    );
    // Rows of the list page whose last report (or, never reported, whose linking) is older than the
    // threshold are marked.
    const marked = page.getByTestId('device-row').filter({ hasText: 'Not reporting' });
    await expect(marked.first()).toBeVisible();
    for (const row of await marked.all())
      await expect(row).not.toContainText(/minutes? ago|hours? ago/);
  });
});

test('the overview of a team without checks, a healthy single team, a failed load, a team without devices', async ({
  page,
  scenario,
}) => {
  await scenario.signIn();

  await test.step('no required checks: "No checks."', async () => {
    await scenario.prefer({ 'GET /team/{teamId}/overview': 'example=noChecks' });
    await page.goto(`/overview/${engineering.id}`);
    await expect(
      page
        .getByRole('region', { name: 'Required checks' })
        .getByText('No checks.', { exact: true }),
    ).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: 'Devices not reporting' })
        .getByText('All devices have recently sent a report to the product!', { exact: true }),
    ).toBeVisible();
    await expect(page.getByText('All devices are passing the checks!')).toHaveCount(0);
  });

  await test.step('healthy team, the only one: every check passes, every device reports, no team switcher', async () => {
    await scenario.prefer({
      'GET /team/{teamId}/overview': 'example=healthy',
      'GET /teams': 'example=oneTeam',
    });
    await page.goto(`/overview/${engineering.id}`);
    await expect(
      page.getByText('All devices are passing the checks!', { exact: true }),
    ).toBeVisible();
    await expect(
      page.getByText('All devices have recently sent a report to the product!', { exact: true }),
    ).toBeVisible();
    await expect(page.getByText('No checks.', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'See all' })).toHaveCount(0);
    // SPEC §2: the team switcher appears only when there is more than one team.
    await expect(page.getByRole('link', { name: 'Devices', exact: true })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Team' })).toHaveCount(0);
    await expectAccessible(page);
  });

  await test.step('an error shows the catalogue message and a retry that works', async () => {
    // The default teams again: the step before had only one.
    await scenario.prefer({ 'GET /teams': '' });
    await scenario.prefer({ 'GET /team/{teamId}/overview': 'code=500' });
    await page.goto(`/overview/${engineering.id}`);
    await expect(page.getByRole('alert')).toContainText('Internal server error.');
    await scenario.prefer({ 'GET /team/{teamId}/overview': 'example=healthy' });
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(
      page.getByText('All devices are passing the checks!', { exact: true }),
    ).toBeVisible();
  });

  // Last: it opens another team (the session then remembers it) and leaves a dialog open.
  await test.step('a team without devices shows the notice', async () => {
    await scenario.prefer({
      'GET /team/{teamId}': 'example=sales',
      'GET /team/{teamId}/overview': 'example=emptyTeam',
    });
    await page.goto(`/overview/${sales.id}`);
    await expect(
      page.getByRole('heading', { level: 1, name: `${sales.name} Overview` }),
    ).toBeVisible();
    await expect(page.getByText('This team has no devices yet.', { exact: false })).toBeVisible();
    // The notice alone: no success claimed about zero devices.
    await expect(page.getByText('All devices are passing the checks!')).toHaveCount(0);
    await expect(page.getByText('All devices have recently sent a report')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Required checks' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Devices not reporting' })).toHaveCount(0);
    await expectAccessible(page);
    // It leads into linking a device.
    await page.getByRole('button', { name: 'Link a device' }).click();
    const dialog = page.getByRole('dialog', { name: 'Link a device' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Step 1 of 3: Install')).toBeVisible();
  });
});
