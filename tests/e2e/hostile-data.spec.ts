import type { Page } from '@playwright/test';
import { test, expect, expectNoSidewaysScroll, readSession, STORY_NOW } from './fixtures';
import { example, type Schemas } from './contract-examples';

/**
 * Security probe §1 and §5: hostile strings (10,000 characters, right-to-left controls)
 * never push a screen sideways or rewrite a sentence, and sizes from the server are bounded.
 */
type Device = Schemas['Device'];
type Team = Schemas['TeamSummary'];
type Json = Record<string, unknown>;
const teams = example<Team[]>('listTeams', 'threeTeams');
const engineering = teams.find((t) => t.deviceCount > 0)!;
const failing = example<Device>('getDevice', 'failing');

const HUGE = 'W'.repeat(10_000);
/** The longest values the contract allows, with no place to break a line. */
const NAME_255 = 'N'.repeat(255);
const TEAM_128 = 'T'.repeat(128);
const EMAIL_128 = `${'a'.repeat(64)}@${'b'.repeat(55)}.example`;

/** Answers of `path` pass through `change` (the contract's own answer, with its hash header). */
async function patch(page: Page, path: RegExp, change: (body: unknown) => unknown) {
  await page.route(
    (url) => path.test(url.pathname),
    async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      const response = await route.fetch();
      await route.fulfill({ response, json: change(await response.json()) });
    },
  );
}

function longDevice<T extends Json>(device: T): T {
  return {
    ...device,
    deviceName: NAME_255,
    ownerEmail: EMAIL_128,
    reportedDeviceName: HUGE,
    statusMsg: HUGE,
    modelName: HUGE,
    modelSerial: HUGE,
    osVersion: HUGE,
    version: HUGE,
    machineUUID: HUGE,
  };
}

async function hostileEverywhere(page: Page) {
  await patch(page, /^\/api\/v1\/user$/, (user) => ({ ...(user as Json), email: EMAIL_128 }));
  await patch(page, /^\/api\/v1\/teams$/, (list) =>
    (list as Json[]).map((team) => ({ ...team, name: TEAM_128 })),
  );
  await patch(page, /^\/api\/v1\/team\/[^/]+$/, (team) => ({ ...(team as Json), name: TEAM_128 }));
  await patch(page, /^\/api\/v1\/team\/[^/]+\/overview$/, (body) => {
    const overview = body as { requiredChecks: Json[]; outdatedDevices: { devices: Json[] } };
    return {
      requiredChecks: overview.requiredChecks.map((check) => ({
        ...check,
        description: HUGE,
        devices: (check.devices as Json[]).map((d) => ({
          ...d,
          deviceName: NAME_255,
          ownerEmail: EMAIL_128,
        })),
      })),
      outdatedDevices: {
        ...overview.outdatedDevices,
        devices: overview.outdatedDevices.devices.map((d) => ({
          ...d,
          deviceName: NAME_255,
          ownerEmail: EMAIL_128,
          osVersion: HUGE,
        })),
      },
    };
  });
  await patch(page, /^\/api\/v1\/team\/[^/]+\/devices$/, (body) => {
    const list = body as { devices: Json[] };
    return { ...list, devices: list.devices.map(longDevice) };
  });
  await patch(page, /^\/api\/v1\/device\/[^/]+$/, (body) => {
    const device = longDevice(body as Json & { claims: Json[] });
    return {
      ...device,
      claims: (device.claims as Json[]).map((claim) => ({
        ...claim,
        claim: HUGE,
        checks: (claim.checks as Json[]).map((check) => ({ ...check, description: HUGE })),
      })),
    };
  });
}

test.beforeEach(async ({ page, scenario }) => {
  await page.clock.setFixedTime(STORY_NOW);
  await scenario.signIn();
});

for (const size of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`10,000-character and longest-allowed strings never scroll a screen sideways (${size.width}px)`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(size);
    await hostileEverywhere(page);
    const screens: [string, string, RegExp | string][] = [
      ['overview', `/overview/${engineering.id}`, 'Required checks'],
      ['device list', `/devices/${engineering.id}`, 'Showing'],
      ['device details', `/device/${failing.id}`, 'Check results'],
      ['rename', `/device/${failing.id}/rename`, 'Currently'],
      ['move', `/device/${failing.id}/move`, 'Move to team'],
      ['public page', `/device/${failing.id}/public`, 'Back to the device'],
    ];
    for (const [screen, path, marker] of screens) {
      await page.goto(path);
      await expect(page.getByRole('main').getByText(marker).first()).toBeVisible();
      await expectNoSidewaysScroll(page, screen);
    }
    await page.goto(`/device/${failing.id}`);
    await page.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByRole('dialog')).toContainText('from this team?');
    await expectNoSidewaysScroll(page, 'remove dialog');
  });
}

test('a right-to-left override in a name cannot reverse the sentence around it', async ({
  page,
}) => {
  const spoof = 'exe.png\u202EFrank';
  await patch(page, /^\/api\/v1\/device\/[^/]+$/, (device) => ({
    ...(device as Json),
    deviceName: spoof,
  }));
  await page.goto(`/device/${failing.id}`);
  await page.getByRole('button', { name: 'Remove' }).click();
  const dialog = page.getByRole('dialog');
  // Isolated, and shown without the control character.
  await expect(dialog.locator('bdi').first()).toHaveText('exe.pngFrank');
  const text = await dialog.innerText();
  expect(text).not.toContain('\u202E');
  expect(text).toContain('exe.pngFrank');
  expect(text).toContain('from this team? Its check results will no longer be shown');
});

test('sizes and ids from the server are bounded on the device list: an export that claims 1,000,000 pages, a page of 10,000 devices, an id that is a path', async ({
  page,
  guards,
}) => {
  // Checked for the whole test: only the last step's answer breaks the contract.
  guards.expectContractViolations(['GET /team/{teamId}/devices $.devices[0].id: format uuid']);

  await test.step('an export whose answer claims 1,000,000 pages stops at the reported total', async () => {
    const asked: number[] = [];
    // Only the export's pages of 100: the list's own page (20) is the contract's answer.
    await page.route(
      (url) =>
        url.pathname === `/api/v1/team/${engineering.id}/devices` &&
        url.searchParams.get('pageSize') === '100',
      async (route) => {
        const request = route.request();
        const pageNumber = Number(new URL(request.url()).searchParams.get('page'));
        asked.push(pageNumber);
        // Full pages of 100 (the example named here: route.fetch() is sent from the test), each
        // page its own devices (Prism repeats one example page; the export writes a device once).
        const response = await route.fetch({
          headers: { ...request.headers(), prefer: 'example=exportPage' },
        });
        const body = (await response.json()) as Json;
        const devices = (body.devices as Json[]).map((d) => ({
          ...d,
          id: String(d.id).replace(/-4000-/, `-4${pageNumber.toString(16).padStart(3, '0')}-`),
        }));
        await route.fulfill({
          response,
          json: { ...body, devices, pageCount: 1_000_000, total: 250 },
        });
      },
    );
    await page.goto(`/devices/${engineering.id}`);
    await expect(page.getByTestId('device-row').first()).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await downloading;
    await expect(page.getByText('Exported 250 devices.')).toBeVisible();
    expect(asked.sort((a, b) => a - b)).toEqual([1, 2, 3]);
  });

  // Each route below is added after the one before, so it answers first (route.fetch() goes to the
  // server, past the older routes).
  await test.step('a page of 10,000 devices shows the 20 that were asked for', async () => {
    const template = failing as unknown as Json;
    await page.route(
      (url) => url.pathname === `/api/v1/team/${engineering.id}/devices`,
      async (route) => {
        const response = await route.fetch();
        const devices = Array.from({ length: 10_000 }, (_, i) => {
          const { claims: _claims, ...summary } = template;
          return {
            ...summary,
            id: `de000000-0000-4000-8000-${(i + 1).toString(16).padStart(12, '0')}`,
            deviceName: `Device ${i + 1}`,
          };
        });
        await route.fulfill({
          response,
          json: { devices, page: 1, pageSize: 20, pageCount: 500, total: 10_000 },
        });
      },
    );
    await page.goto(`/devices/${engineering.id}`);
    await expect(page.getByTestId('device-row').first()).toBeVisible();
    await expect(page.getByTestId('device-row')).toHaveCount(20);
  });

  await test.step('a device id that is a path ("../../logout") is refused, not followed', async () => {
    await patch(page, /^\/api\/v1\/team\/[^/]+\/devices$/, (body) => {
      const list = body as { devices: Json[] };
      return {
        ...list,
        devices: list.devices.map((d, i) => (i === 0 ? { ...d, id: '../../logout' } : d)),
      };
    });
    await page.goto(`/devices/${engineering.id}`);
    await expect(page.getByRole('main').getByRole('alert')).toContainText(
      'not in the expected form',
    );
    await expect(page.locator('a[href*="logout"]')).toHaveCount(0);
    expect((await readSession(page))?.token).not.toBeNull();
  });
});
