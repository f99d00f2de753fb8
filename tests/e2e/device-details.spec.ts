import type { Page } from '@playwright/test';
import { test, expect, expectAccessible, STORY_NOW } from './fixtures';
import { example, type Schemas } from './contract-examples';
import { EXTERNAL_LINKS } from '../../src/lib/constants';

/** SCENARIOS.md: every timestamp of the story is relative to this instant. */
const DAY = 24 * 60 * 60 * 1000;

type Device = Schemas['Device'];
type Team = Schemas['TeamSummary'];

/** SPEC §3: check states as the UI names them. */
const STATE_LABELS: Record<string, string> = {
  off: 'turned off',
  fail: 'failed',
  missingDependency: 'not installed',
  pass: 'passed',
  error: 'error',
};

const teams = example<Team[]>('listTeams', 'threeTeams');
const failing = example<Device>('getDevice', 'failing');
const compliant = example<Device>('getDevice', 'compliant');
const pending = example<Device>('getDevice', 'pending');
const stale = example<Device>('getDevice', 'stale');

test.use({ timezoneId: 'UTC', locale: 'en-GB' });

test.beforeEach(async ({ page, scenario }) => {
  await page.clock.setFixedTime(STORY_NOW);
  await scenario.signIn();
});

async function openDevice(page: Page, device: Device) {
  await page.goto(`/device/${device.id}`);
  await expect(page.getByRole('heading', { level: 1, name: device.deviceName })).toBeVisible();
}

function field(page: Page, name: string) {
  return page.locator(`[data-field="${name}"] dd`);
}

test('a device page for an unknown, a compliant, a pending and a stale device', async ({
  page,
  scenario,
}) => {
  // First, while the session remembers no team ("Back to devices" leads to the first one). No step
  // here opens a team's page, which would make the session remember that team.
  await test.step('an unknown device shows "Device not found" with a way back', async () => {
    await scenario.prefer({ 'GET /device/{deviceId}': 'code=404' });
    await page.goto(`/device/${failing.id}`);
    await expect(page.getByText('Device not found')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to devices' })).toHaveAttribute(
      'href',
      `/devices/${teams[0]!.id}`,
    );
    await expectAccessible(page);
  });

  await test.step('a compliant, published device: "just now" and the public page URL', async () => {
    await scenario.prefer({ 'GET /device/{deviceId}': 'example=compliant' });
    await openDevice(page, compliant);
    await expect(page.locator('[data-status]')).toHaveText('Compliant');
    expect(Date.parse(STORY_NOW) - Date.parse(compliant.lastCheck!)).toBeLessThan(5000);
    await expect(page.getByTestId('last-check')).toHaveText('just now');
    const link = field(page, 'publicPage').getByRole('link');
    await expect(link).toHaveText(`${EXTERNAL_LINKS.publicPage}${compliant.publicId}`);
    await expect(link).toHaveAttribute('href', `${EXTERNAL_LINKS.publicPage}${compliant.publicId}`);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(page.locator('[data-state]')).toHaveCount(
      compliant.claims.flatMap((c) => c.checks).length,
    );
    await expect(page.locator('[data-state]:not([data-state="pass"])')).toHaveCount(0);
    await expectAccessible(page);
  });

  await test.step('a pending device: never reported, no check results', async () => {
    await scenario.prefer({ 'GET /device/{deviceId}': 'example=pending' });
    await openDevice(page, pending);
    expect(pending.lastCheck).toBeNull();
    await expect(page.getByTestId('last-check')).toHaveText('never');
    await expect(page.locator('[data-status]')).toHaveText('Pending');
    await expect(page.getByText('No check results yet.', { exact: false })).toBeVisible();
    await expect(page.getByTestId('not-reporting')).toHaveCount(0);
    await expectAccessible(page);
  });

  await test.step('a stale device is flagged as not reporting for 60 days', async () => {
    await scenario.prefer({ 'GET /device/{deviceId}': 'example=stale' });
    await openDevice(page, stale);
    const days = Math.floor((Date.parse(STORY_NOW) - Date.parse(stale.lastCheck!)) / DAY);
    expect(days).toBeGreaterThanOrEqual(60);
    await expect(page.getByTestId('last-check')).toHaveText(`${days} days ago`);
    const flag = page.getByTestId('not-reporting');
    await expect(flag).toBeVisible();
    await expect(flag).toContainText('60 days');
    await expect(page.locator('[data-status]')).toHaveText('Stale');
  });
});

test('a failing device after a failed load and a retry: every field, every check state, grouped by claim', async ({
  page,
  scenario,
}) => {
  await test.step('a failed load shows the error with a retry that recovers', async () => {
    await scenario.prefer({ 'GET /device/{deviceId}': 'code=500' });
    await page.goto(`/device/${failing.id}`);
    await expect(page.getByText('Internal server error.')).toBeVisible();
    await scenario.prefer({ 'GET /device/{deviceId}': 'example=failing' });
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: failing.deviceName })).toBeVisible();
  });

  // The failing device the retry brought in, on the same page: no second load.
  await test.step('a failing device: every field, every check state with its label, grouped by claim', async () => {
    await scenario.prefer({ 'GET /device/{deviceId}': 'example=failing' });
    // openDevice's check, without its load: the step before opened this device's page.
    await expect(page.getByRole('heading', { level: 1, name: failing.deviceName })).toBeVisible();
    await expect(page).toHaveTitle(/^Device Details \| /);

    // Breadcrumb: the team (from the teams list) → its device list, then the device.
    const team = teams.find((t) => t.id === failing.teamId)!;
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: team.name })).toHaveAttribute(
      'href',
      `/devices/${team.id}`,
    );
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText(failing.deviceName);

    // Info card.
    await expect(page.locator('[data-status]')).toHaveText('Failing');
    await expect(page.locator('[data-field="statusMsg"]')).toHaveText(failing.statusMsg);
    await expect(field(page, 'deviceName')).toHaveText(failing.deviceName);
    expect(failing.reportedDeviceName).not.toBe(failing.deviceName);
    await expect(field(page, 'reportedDeviceName')).toHaveText(failing.reportedDeviceName);
    await expect(field(page, 'ownerEmail')).toContainText(failing.ownerEmail);
    await expect(
      field(page, 'ownerEmail').locator('img, [data-testid="user-avatar"]').first(),
    ).toBeVisible();
    await expect(field(page, 'modelName')).toHaveText(failing.modelName);
    await expect(field(page, 'modelSerial')).toHaveText(failing.modelSerial ?? 'Not reported');
    await expect(field(page, 'platform')).toHaveText(failing.platform);
    await expect(field(page, 'osVersion')).toHaveText(failing.osVersion);
    await expect(field(page, 'version')).toHaveText(failing.version);
    await expect(field(page, 'machineUUID')).toHaveText(failing.machineUUID);
    await expect(field(page, 'created')).toHaveText(
      new Date(failing.created).toLocaleDateString('en-GB', {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
      }),
    );
    await expect(page.locator('[data-count="passed"]')).toHaveText(`${failing.passedCount} passed`);
    await expect(page.locator('[data-count="failed"]')).toHaveText(`${failing.failedCount} failed`);
    await expect(page.locator('[data-count="failedRequired"]')).toHaveText(
      `${failing.failedRequiredCount} failed required`,
    );
    await expect(page.locator('[data-count="disabled"]')).toHaveText(
      `${failing.disabledCount} disabled`,
    );
    await expect(field(page, 'publicPage')).toHaveText('Not published');

    // Last check: relative, the exact time in the title.
    const days = Math.floor((Date.parse(STORY_NOW) - Date.parse(failing.lastCheck!)) / DAY);
    const lastCheck = page.getByTestId('last-check');
    await expect(lastCheck).toHaveText(`${days} days ago`);
    await expect(lastCheck).toHaveAttribute('datetime', failing.lastCheck!);
    const exact = new Date(failing.lastCheck!);
    const day = exact.toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    await expect(lastCheck).toHaveAttribute(
      'title',
      new RegExp(`${day}.*${failing.lastCheck!.slice(11, 19)}`),
    );
    await expect(page.getByTestId('not-reporting')).toHaveCount(0);

    // Check results: one section per claim, each check with its label and level.
    const states = new Set<string>();
    for (const claim of failing.claims) {
      const section = page.getByRole('region', { name: claim.claim, exact: true });
      await expect(section.getByRole('heading', { name: claim.claim })).toBeVisible();
      await expect(section.locator('tbody tr')).toHaveCount(claim.checks.length);
      for (const check of claim.checks) {
        states.add(check.state);
        const row = section.locator(`tr[data-check="${check.id}"]`);
        // innerText: on phones the level is repeated under the name, hidden on this laptop screen.
        await expect(row.getByRole('cell').nth(0)).toHaveText(check.description, {
          useInnerText: true,
        });
        // The state's chip (a failing check's cell also offers Exempt… to admins).
        await expect(row.getByRole('cell').nth(1).locator('[data-state]')).toHaveText(
          STATE_LABELS[check.state]!,
        );
        await expect(row.getByRole('cell').nth(2)).toHaveText(
          check.level === 'required' ? 'Required' : 'Optional',
        );
      }
    }
    // The example covers every state of SPEC §3, each shown in words (not colour alone).
    expect([...states].sort()).toEqual(Object.keys(STATE_LABELS).sort());
    for (const label of Object.values(STATE_LABELS)) {
      await expect(
        page
          .locator('[data-state]')
          .filter({ hasText: new RegExp(`^${label}$`) })
          .first(),
      ).toBeVisible();
    }

    // Actions.
    const actions = page.getByRole('group', { name: 'Device actions' });
    await expect(actions.getByRole('link', { name: 'Rename' })).toHaveAttribute(
      'href',
      `/device/${failing.id}/rename`,
    );
    await expect(actions.getByRole('link', { name: 'Move' })).toHaveAttribute(
      'href',
      `/device/${failing.id}/move`,
    );
    await expect(actions.getByRole('link', { name: 'Public Page' })).toHaveAttribute(
      'href',
      `/device/${failing.id}/public`,
    );
    await expect(actions.getByRole('button', { name: 'Remove' })).toBeVisible();

    await expectAccessible(page);

    // The breadcrumb leads to the team's device list.
    await crumbs.getByRole('link', { name: team.name }).click();
    await expect(page).toHaveURL(new RegExp(`/devices/${team.id}$`));
  });
});
