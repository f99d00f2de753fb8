import type { Page, Route } from '@playwright/test';
import { test, expect as baseExpect, expectAccessible, STORY_NOW } from './fixtures';
import { defaultExample, type Schemas } from './contract-examples';
import { OPENAPI_HASH } from '../../generated/openapi-hash';

type DeviceList = Schemas['DeviceList'];

// Rich tests with many requests: room for a busy machine.
const expect = baseExpect.configure({ timeout: 15_000 });
type Team = Schemas['TeamSummary'];

const teams = defaultExample<Team[]>('listTeams');
const engineering = teams.find((team) => team.name === 'Engineering')!;
const design = teams.find((team) => team.name === 'Design')!;
const example = defaultExample<DeviceList>('listTeamDevices');
const listPath = `/devices/${engineering.id}`;
const devicesPath = `/api/v1/team/${engineering.id}/devices`;

/** What every answer of the contract carries. */
const HASH = { 'openapi-hash': OPENAPI_HASH };
/** The single move and removal calls' answer (204), given here: many of them, no mock round trip. */
const done = (route: Route) => route.fulfill({ status: 204, headers: HASH });

/** `count` distinct devices of the team, made from the contract's example devices. */
function makeDevices(count: number) {
  return Array.from({ length: count }, (_, i) => {
    const base = example.devices[i % example.devices.length]!;
    const n = String(i + 1).padStart(3, '0');
    return {
      ...base,
      id: `b0000000-0000-4000-8000-000000000${n}`,
      teamId: engineering.id,
      deviceName: `Fleet device ${n}`,
    };
  });
}

/**
 * The team's device list as a server would page it (the mock answers every page alike): `search`
 * filters by name, `page` and `pageSize` slice, sorted by name as the list asks by default.
 */
async function serveDeviceList(page: Page, devices: ReturnType<typeof makeDevices>) {
  const pageSizes: number[] = [];
  await page.route(`**${devicesPath}?**`, async (route: Route) => {
    const url = new URL(route.request().url());
    const search = (url.searchParams.get('search') ?? '').toLowerCase();
    const pageSize = Number(url.searchParams.get('pageSize') ?? 20);
    const number = Number(url.searchParams.get('page') ?? 1);
    pageSizes.push(pageSize);
    const matching = devices.filter((d) => d.deviceName.toLowerCase().includes(search));
    const body: DeviceList = {
      devices: matching.slice((number - 1) * pageSize, number * pageSize),
      page: number,
      pageSize,
      pageCount: Math.ceil(matching.length / pageSize),
      total: matching.length,
    };
    await route.fulfill({ json: body, headers: HASH });
  });
  return pageSizes;
}

test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(STORY_NOW);
});

test('laptop: select across pages, select every matching device, remove with one confirmation, at most 4 at a time, retry only the failed', async ({
  page,
  scenario,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await scenario.signIn();
  const devices = makeDevices(110);
  const pageSizes = await serveDeviceList(page, devices);
  // Removals: held a little so they overlap; two devices fail the first time.
  const sent: string[] = [];
  let inFlight = 0;
  let peak = 0;
  const failOnce = new Set([devices[7]!.id, devices[101]!.id]);
  await page.route(`**/api/v1/team/${engineering.id}/device`, async (route) => {
    if (route.request().method() !== 'DELETE') return route.fallback();
    const { id } = route.request().postDataJSON() as { id: string };
    sent.push(id);
    inFlight += 1;
    peak = Math.max(peak, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 40));
    inFlight -= 1;
    if (failOnce.delete(id)) return route.abort('failed');
    return done(route);
  });

  await page.goto(listPath);
  const rows = page.getByTestId('device-row');
  await expect(rows).toHaveCount(20);
  // Nothing selected: no bulk bar.
  await expect(page.getByRole('region', { name: 'Bulk actions' })).toHaveCount(0);

  // Two rows by mouse, one by keyboard on page 2; the selection survives paging.
  await page.getByRole('checkbox', { name: 'Select Fleet device 001' }).check();
  // The bar (its own chunk) comes in with the first choice and moves the rows: wait for it.
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bar).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select Fleet device 002' }).check();
  await expect(bar.getByRole('status')).toHaveText('2 devices selected.');
  await page.getByRole('button', { name: 'Go to page 2' }).click();
  await expect(page.getByRole('link', { name: 'Fleet device 021' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select Fleet device 021' }).focus();
  await page.keyboard.press('Space');
  await expect(bar.getByRole('status')).toHaveText('3 devices selected.');
  await page.getByRole('button', { name: 'Go to page 1' }).click();
  await expect(page.getByRole('checkbox', { name: 'Select Fleet device 001' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Select Fleet device 003' })).not.toBeChecked();

  // The whole page, then every matching device (the list call, 100 a page).
  const pageBox = page.getByRole('checkbox', { name: 'Select all devices on this page' });
  await pageBox.check();
  await expect(bar.getByRole('status')).toHaveText('21 devices selected.');
  await expectAccessible(page);
  await bar.getByRole('button', { name: 'Select all 110 matching' }).click();
  await expect(bar.getByRole('status')).toHaveText('All 110 devices matching are selected.');
  expect(pageSizes.filter((size) => size === 100)).toHaveLength(2);

  // One confirmation naming the count.
  await bar.getByRole('button', { name: 'Remove' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove 110 devices' });
  await expect(dialog).toContainText('Remove 110 devices from this team?');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Remove 110 devices' }).click();

  // Two failed: listed by name, the others done.
  await expect(dialog.getByRole('alert')).toContainText('108 of 110 devices removed.');
  const failures = dialog.getByTestId('bulk-failures').getByRole('listitem');
  await expect(failures).toHaveCount(2);
  await expect(failures.first()).toContainText('Fleet device 008');
  await expect(failures.last()).toContainText('Fleet device 102');
  expect(sent).toHaveLength(110);
  expect(new Set(sent).size).toBe(110);
  expect(peak).toBeGreaterThan(1);
  expect(peak).toBeLessThanOrEqual(4);
  // The selection is now the two that failed (the bar is behind the dialog meanwhile).
  await expect(
    page
      .getByRole('region', { name: 'Bulk actions', includeHidden: true })
      .getByRole('status', { includeHidden: true }),
  ).toHaveText('2 devices selected.');

  // Retry sends those two alone, once each.
  await dialog.getByRole('button', { name: 'Retry the 2 failed' }).click();
  await expect(page.getByText('110 devices removed!')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  expect(sent.slice(110).sort()).toEqual([devices[7]!.id, devices[101]!.id].sort());
  expect(sent).toHaveLength(112);
  await expect(page.getByRole('region', { name: 'Bulk actions' })).toHaveCount(0);
});

test('phone: cards with checkboxes, select the page, move to another team; a new search clears the selection', async ({
  page,
  scenario,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await scenario.signIn();
  const devices = makeDevices(45);
  await serveDeviceList(page, devices);
  const moves: { deviceId: string; teamId: string }[] = [];
  await page.route('**/api/v1/device/*/move', async (route) => {
    const deviceId = new URL(route.request().url()).pathname.split('/')[4]!;
    moves.push({ deviceId, teamId: (route.request().postDataJSON() as { teamId: string }).teamId });
    return done(route);
  });

  await page.goto(listPath);
  await expect(page.getByRole('list', { name: 'Devices' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select Fleet device 005' }).check();
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bar.getByRole('status')).toHaveText('1 device selected.');

  // A new search starts with nothing selected.
  await page.getByLabel('Search devices').fill('device 01');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Showing 1 to 10 of 10 entries')).toBeVisible();
  await expect(bar).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: 'Select Fleet device 010' })).not.toBeChecked();

  await page.getByLabel('Select this page').check();
  await expect(bar.getByRole('status')).toHaveText('All 10 devices matching are selected.');
  // Everything matching is already on this page: nothing more to select.
  await expect(bar.getByRole('button', { name: /Select all/ })).toHaveCount(0);
  await expectAccessible(page);
  const box = await bar.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);

  await bar.getByRole('button', { name: 'Move to team' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move 10 devices' });
  const confirm = dialog.getByRole('button', { name: 'Move 10 devices' });
  await expect(confirm).toBeDisabled();
  // Only the other teams are offered.
  await expect(dialog.getByRole('radio', { name: engineering.name })).toHaveCount(0);
  await dialog.getByRole('radio', { name: design.name }).check();
  await expect(dialog).toContainText(`Move 10 devices to ${design.name}?`);
  await expectAccessible(page);
  await confirm.click();
  await expect(page.getByText('10 devices moved!')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(bar).toHaveCount(0);
  expect(moves.map((m) => m.teamId)).toEqual(Array(10).fill(design.id));
  expect(moves.map((m) => m.deviceId).sort()).toEqual(
    devices
      .filter((d) => d.deviceName.includes('device 01'))
      .map((d) => d.id)
      .sort(),
  );
});

test('laptop: progress is told at the start and a few milestones, not per device; Clear selection stops "Select all matching"; a move that took effect despite a time-out is not sent again', async ({
  page,
  scenario,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await scenario.signIn();
  const devices = makeDevices(40);
  await serveDeviceList(page, devices);
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  const pageBox = page.getByRole('checkbox', { name: 'Select all devices on this page' });

  await test.step('Clear selection while every matching device loads: the load stops, nothing comes back', async () => {
    // The load of every matching device (100 a page) is held.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${devicesPath}?*pageSize=100*`, async (route) => {
      await gate;
      await route.fallback().catch(() => {});
    });
    await page.goto(listPath);
    await expect(page.getByTestId('device-row')).toHaveCount(20);
    await pageBox.check();
    const load = page.waitForRequest((r) => r.url().includes('pageSize=100'));
    await bar.getByRole('button', { name: 'Select all 40 matching' }).click();
    const stopped = page.waitForEvent('requestfailed', (r) => r.url().includes('pageSize=100'));
    await load;
    await bar.getByRole('button', { name: 'Clear selection' }).click();
    await stopped;
    release();
    await expect(bar).toHaveCount(0);
    await page.unroute(`**${devicesPath}?*pageSize=100*`);
  });

  await test.step('removing 40 devices: the live regions say the start and a few milestones; the toast the end', async () => {
    await page.route(`**/api/v1/team/${engineering.id}/device`, (route) =>
      route.request().method() === 'DELETE' ? done(route) : route.fallback(),
    );
    await pageBox.check();
    await bar.getByRole('button', { name: 'Select all 40 matching' }).click();
    await expect(bar.getByRole('status')).toHaveText('All 40 devices matching are selected.');
    await bar.getByRole('button', { name: 'Remove' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove 40 devices' });
    await expect(dialog).toBeVisible();
    // Every text a live region inside the dialog takes, in order.
    await page.evaluate(() => {
      const root = document.querySelector('[role="dialog"]')!;
      const said: string[] = [];
      (window as unknown as { said: string[] }).said = said;
      const last = new Map<Element, string>();
      new MutationObserver(() => {
        for (const region of root.querySelectorAll('[aria-live], [role="status"]')) {
          const text = region.textContent?.trim() ?? '';
          if (text !== '' && last.get(region) !== text) said.push(text);
          last.set(region, text);
        }
      }).observe(root, { subtree: true, childList: true, characterData: true });
    });
    await dialog.getByRole('button', { name: 'Remove 40 devices' }).click();
    await expect(page.getByText('40 devices removed!')).toBeVisible();
    const said = await page.evaluate(() => (window as unknown as { said: string[] }).said);
    expect(said).toEqual([
      'Removing 40 devices.',
      '10 of 40 devices done.',
      '20 of 40 devices done.',
      '30 of 40 devices done.',
    ]);
  });

  await test.step('a move that timed out but was carried out counts as done on retry, without a second request', async () => {
    const moved = devices[2]!;
    const moves: string[] = [];
    await page.route('**/api/v1/device/*/move', async (route) => {
      const deviceId = new URL(route.request().url()).pathname.split('/')[4]!;
      moves.push(deviceId);
      // The server carries out this move, but its answer never arrives.
      if (deviceId === moved.id && moves.filter((id) => id === moved.id).length === 1)
        return route.abort('timedout');
      return done(route);
    });
    // Read again, the device is in Design already.
    await page.route(`**/api/v1/device/${moved.id}`, async (route) => {
      const answer = await route.fetch();
      const json = (await answer.json()) as Record<string, unknown>;
      await route.fulfill({ response: answer, json: { ...json, id: moved.id, teamId: design.id } });
    });
    await page.reload();
    await expect(page.getByTestId('device-row')).toHaveCount(20);
    // The bulk bar (its own chunk after a reload) shows with the first choice and moves the rows
    // down: each next box is pressed once the bar is there and the previous box is checked.
    for (const device of devices.slice(0, 3)) {
      const box = page.getByRole('checkbox', { name: `Select ${device.deviceName}` });
      await box.check();
      await expect(box).toBeChecked();
      await expect(bar).toBeVisible();
    }
    await expect(bar.getByRole('button', { name: 'Move to team' })).toBeVisible();
    await bar.getByRole('button', { name: 'Move to team' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move 3 devices' });
    await dialog.getByRole('radio', { name: design.name }).check();
    await dialog.getByRole('button', { name: 'Move 3 devices' }).click();
    await expect(dialog.getByRole('alert')).toContainText('2 of 3 devices moved.');
    await dialog.getByRole('button', { name: 'Retry the 1 failed' }).click();
    await expect(page.getByText('3 devices moved!')).toBeVisible();
    expect(moves.filter((id) => id === moved.id)).toHaveLength(1);
    expect(moves).toHaveLength(3);
  });
});
