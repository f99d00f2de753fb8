import type { Locator, Page } from '@playwright/test';
import { test, expect, STORY_NOW } from './fixtures';
import { example, type Schemas } from './contract-examples';

// Every answer the SPEC allows is shown (the contract's answers carry no input limits, and a
// platform is any name): a device on a platform the console does not know, with an owner address
// and a name longer than what a person may type, is shown as it came on the device list (table and
// phone cards), the device page and the overview: cut on screen, whole in the tooltip or details.
// Before, such an answer failed the contract check and blanked the whole screen.

type Json = Record<string, unknown>;
const engineering = example<Schemas['TeamSummary']>('getTeam', 'engineering');
const failing = example<Schemas['Device']>('getDevice', 'failing');
const admin = example<Schemas['User']>('getUser', 'admin');

const PLATFORM = 'FreeBSD';
/** A valid address of 133 characters: longer than the 128 a person may type (SPEC §5). */
const LONG_EMAIL = `${'o'.repeat(64)}@${'w'.repeat(60)}.example`;
/** A name longer than the 255 characters a person may type. */
const LONG_NAME = `Build server ${'N'.repeat(300)}`;

/** Answers of `path` pass through `change` (the contract's own answer, with its hash header). */
async function patch(page: Page, path: RegExp, change: (body: Json) => Json) {
  await page.route(
    (url) => path.test(url.pathname),
    async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      const response = await route.fetch();
      await route.fulfill({ response, json: change((await response.json()) as Json) });
    },
  );
}

const beyondLimits = (device: Json): Json => ({
  ...device,
  platform: PLATFORM,
  ownerEmail: LONG_EMAIL,
  deviceName: LONG_NAME,
});

/** The element shows the value cut to one line, and holds it whole as its tooltip. */
async function expectCutWithTooltip(text: Locator, whole: string) {
  await expect(text).toBeVisible();
  await expect(text).toHaveAttribute('title', whole);
  const [scroll, client] = await text.evaluate((el) => [el.scrollWidth, el.clientWidth]);
  expect(scroll, 'cut on screen').toBeGreaterThan(client);
}

test.beforeEach(async ({ page, scenario }) => {
  await page.clock.setFixedTime(STORY_NOW);
  // The Platform column is one the picker adds: chosen here.
  // The person's own columns (stored per person): the owner and the platform on show.
  await scenario.signIn({
    preferencesByUser: {
      [admin.id]: { columns: ['deviceName', 'status', 'ownerEmail', 'platform'] },
    },
  });
  await patch(page, /^\/api\/v1\/team\/[^/]+\/devices$/, (list) => ({
    ...list,
    devices: (list.devices as Json[]).map((device, at) =>
      at === 0 ? beyondLimits(device) : device,
    ),
  }));
  await patch(page, /^\/api\/v1\/device\/[^/]+$/, beyondLimits);
  await patch(page, /^\/api\/v1\/team\/[^/]+\/overview$/, (overview) => {
    const outdated = overview.outdatedDevices as Json & { devices: Json[] };
    return {
      ...overview,
      requiredChecks: (overview.requiredChecks as (Json & { devices: Json[] })[]).map((check) => ({
        ...check,
        devices: check.devices.map(beyondLimits),
      })),
      outdatedDevices: { ...outdated, devices: outdated.devices.map(beyondLimits) },
    };
  });
});

test('a device on an unknown platform with over-long owner address and name: shown on the list, the device page and the overview', async ({
  page,
}) => {
  await test.step('device list table: the platform by name with a neutral icon, the long values cut with a tooltip', async () => {
    await page.goto(`/devices/${engineering.id}`);
    const row = page.getByTestId('device-row').first();
    await expect(row).toBeVisible();
    const platform = row.locator('[data-platform="other"]');
    await expect(platform).toContainText(PLATFORM);
    await expect(platform.locator('svg')).toHaveCount(1);
    await expectCutWithTooltip(row.locator(`bdi[title="${LONG_EMAIL}"]`), LONG_EMAIL);
    await expectCutWithTooltip(row.locator(`bdi[title="${LONG_NAME}"]`), LONG_NAME);
  });

  await test.step('device list on a phone: the card shows the whole name and the owner cut with a tooltip', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    // On a phone the list is cards (the same row test id).
    const card = page.getByTestId('device-row').first();
    await expect(card.locator('dl')).toBeVisible();
    await expect(card).toContainText(LONG_NAME);
    await expectCutWithTooltip(card.locator(`bdi[title="${LONG_EMAIL}"]`), LONG_EMAIL);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  await test.step('device page: platform, owner and name whole in the details', async () => {
    await page.goto(`/device/${failing.id}`);
    const platform = page.locator('[data-field="platform"] [data-platform="other"]');
    await expect(platform).toContainText(PLATFORM);
    await expect(platform.locator('svg')).toHaveCount(1);
    await expect(page.locator('[data-field="ownerEmail"]')).toContainText(LONG_EMAIL);
    await expect(page.locator('[data-field="deviceName"]')).toContainText(LONG_NAME);
    // The page's header cuts the name and holds it whole as its tooltip.
    await expectCutWithTooltip(page.locator(`bdi[title="${LONG_NAME}"]`).first(), LONG_NAME);
  });

  await test.step('overview: each device by its cut name and owner, whole in the tooltip', async () => {
    await page.goto(`/overview/${engineering.id}`);
    await expect(
      page.getByRole('heading', { level: 1, name: `${engineering.name} Overview` }),
    ).toBeVisible();
    await expectCutWithTooltip(page.locator(`bdi[title="${LONG_EMAIL}"]`).first(), LONG_EMAIL);
    await expectCutWithTooltip(page.locator(`bdi[title="${LONG_NAME}"]`).first(), LONG_NAME);
    await expect(page.getByText('not in the expected form')).toHaveCount(0);
  });
});
