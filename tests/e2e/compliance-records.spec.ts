// Compliance over time, exemptions and the activity log (the contract's 4.1.0 proposals), against
// the Prism mock's examples: one test per screen, at 1280x800 and 390x844, by mouse and keyboard.
import { readFile } from 'node:fs/promises';
import {
  test,
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  record,
  STORY_NOW,
  waitForCall,
} from './fixtures';
import { example, type Schemas } from './contract-examples';

type Team = Schemas['TeamSummary'];
type Device = Schemas['Device'];
const engineering = example<Team>('getTeam', 'engineering');
const busy = example<Schemas['TeamOverview']>('getTeamOverview', 'busy');
const failing = example<Device>('getDevice', 'failing');
const exemptions = example<Schemas['ExemptionList']>('listExemptions', 'buildMachine');
const activity = example<Schemas['ActivityList']>('listActivity', 'recent');
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };

test.use({ timezoneId: 'UTC', locale: 'en-GB' });

test.beforeEach(async ({ page, scenario }) => {
  await page.clock.setFixedTime(STORY_NOW);
  await scenario.signIn();
});

test('overview: compliance over 30 and 90 days as a named figure with a table, and Exempt… on a failing device', async ({
  page,
}) => {
  await page.setViewportSize(LAPTOP);
  const history = waitForCall(page, 'GET', `/team/${engineering.id}/history`);
  await page.goto(`/overview/${engineering.id}`);
  await expect(
    page.getByRole('heading', { level: 1, name: `${engineering.name} Overview` }),
  ).toBeVisible();
  expect(new URL((await history).url()).searchParams.get('days')).toBe('90');

  await test.step('the chart is a figure named after what it shows; 90 days by keyboard', async () => {
    const figure = page.getByRole('figure', {
      name: 'Share of compliant devices and failing required checks per day, last 30 days',
    });
    await expect(figure).toBeVisible();
    await page.getByRole('button', { name: '90 days' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: '90 days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByRole('figure', { name: /per day, last 90 days$/ })).toBeVisible();
  });

  await test.step('Show as table: every day, newest first, reachable by keyboard', async () => {
    await page.getByRole('button', { name: 'Show as table' }).focus();
    await page.keyboard.press('Enter');
    const table = page.getByRole('region', { name: /per day, last 90 days$/ });
    await expect(table).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(table).toBeFocused();
    const rows = table.getByRole('row');
    await expect(rows).toHaveCount(1 + 3); // the example has three days
    // Newest first: 41 of 51 devices compliant, 6 failing required checks (4 + 2).
    await expect(rows.nth(1)).toContainText('80% (41 of 51)');
    await expect(rows.nth(1)).toContainText('6');
    await expectAccessible(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(page);
    await page.emulateMedia({ colorScheme: 'light' });
  });

  await test.step('Exempt…: reason and end date checked after a try, a confirmation, then the overview refreshed', async () => {
    const check = busy.requiredChecks[0]!;
    const device = check.devices[0]!;
    await page
      .getByRole('button', { name: `List the ${check.devices.length} devices failing this check` })
      .click();
    await page
      .getByRole('button', { name: `Exempt ${device.deviceName} from "${check.description}"` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Exempt a check' });
    await expect(dialog.getByRole('textbox', { name: 'Reason' })).toBeFocused();
    // No message before the first try.
    await expect(dialog.getByText('Enter a reason.')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByText('Enter a reason.')).toBeVisible();
    await expect(dialog.getByText('Choose an end date.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Kiosk, cannot run FileVault.');
    await dialog.getByLabel('End date').fill('2027-12-01');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByText('Choose a date at most a year ahead.')).toBeVisible();
    await dialog.getByLabel('End date').fill('2027-02-28');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByRole('status')).toContainText('Exempt until 28 Feb 2027?');
    const created = waitForCall(page, 'POST', `/team/${engineering.id}/exemptions`);
    const refreshed = waitForCall(page, 'GET', `/team/${engineering.id}/overview`);
    await dialog.getByRole('button', { name: 'Exempt', exact: true }).click();
    expect((await created).postDataJSON()).toEqual({
      deviceId: device.id,
      checkId: check.id,
      reason: 'Kiosk, cannot run FileVault.',
      endsAt: '2027-02-28T23:59:59Z',
    });
    await refreshed;
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Check exempted.')).toBeVisible();
  });

  await test.step('phone: the chart fits the screen and passes axe', async () => {
    await page.setViewportSize(PHONE);
    await expect(page.getByRole('figure', { name: /per day, last 90 days$/ })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });
});

test('device list, device page and team settings: exempt counts, an exempt check with its reason and end, Exempt… on a failing one, End now', async ({
  page,
}) => {
  // The device's FileVault check under an exemption (DeviceCheck.exemption), as a backend sends it.
  const note = exemptions.exemptions[0]!;
  const exemptCheckId = note.checkId;
  const withExemption: Device = {
    ...failing,
    claims: failing.claims.map((claim) => ({
      ...claim,
      checks: claim.checks.map((check) =>
        check.id === exemptCheckId
          ? {
              ...check,
              exemption: {
                id: note.id,
                reason: note.reason,
                endsAt: note.endsAt,
                createdAt: note.createdAt,
                by: note.createdBy,
              },
            }
          : check,
      ),
    })),
  };
  await page.route(`**/api/v1/device/${failing.id}`, async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const answer = await route.fetch();
    await route.fulfill({ response: answer, json: withExemption });
  });
  const listed = example<Schemas['DeviceList']>('listTeamDevices', 'engineering').devices[0]!;
  await page.route(
    (url) => url.pathname === `/api/v1/team/${engineering.id}/devices`,
    async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      const answer = await route.fetch();
      const body = (await answer.json()) as Schemas['DeviceList'];
      const devices = body.devices.map((d) => (d.id === listed.id ? { ...d, exemptCount: 2 } : d));
      await route.fulfill({ response: answer, json: { ...body, devices } });
    },
  );
  await page.setViewportSize(PHONE);

  await test.step('the device list says how many failing checks are exempt: on a card, in the table', async () => {
    await page.goto(`/devices/${engineering.id}`);
    const card = page.getByRole('listitem').filter({ hasText: listed.deviceName });
    await expect(card.getByText('2 exempt', { exact: true })).toBeVisible();
    await expect(page.getByText(/\d exempt$/)).toHaveCount(1);
    await page.setViewportSize(LAPTOP);
    const row = page.getByRole('row').filter({ hasText: listed.deviceName });
    const status = `${listed.status[0]!.toUpperCase()}${listed.status.slice(1)}`;
    await expect(row.getByRole('cell').filter({ hasText: '2 exempt' })).toHaveText(
      `${status}2 exempt`,
    );
    await page.setViewportSize(PHONE);
  });

  await page.goto(`/device/${failing.id}`);
  await expect(page.getByRole('heading', { level: 1, name: failing.deviceName })).toBeVisible();

  await test.step('the exempt check says so; a failing one offers Exempt…', async () => {
    const exempt = page.locator(`[data-check="${exemptCheckId}"]`).first();
    await expect(exempt.getByTestId('check-exemption')).toHaveText(
      `Exempt until 28 Feb 2027: ${note.reason} (${note.createdBy.email})`,
    );
    const other = failing.claims
      .flatMap((claim) => claim.checks)
      .find((check) => check.state === 'fail' && check.id !== exemptCheckId)!;
    const button = page.getByRole('button', {
      name: `Exempt ${failing.deviceName} from "${other.description}"`,
    });
    await expect(button).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Exempt a check' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  await test.step('team settings list the exemptions; End now asks, then ends it', async () => {
    await page.setViewportSize(LAPTOP);
    await page.goto(`/settings/${engineering.id}`);
    const section = page.getByRole('region', { name: 'Exemptions' });
    await expect(section.getByTestId('exemption-list')).toContainText(note.reason);
    await expect(section).toContainText(`Until 28 Feb 2027, by ${note.createdBy.email}`);
    await expectAccessible(page);
    await section
      .getByRole('button', { name: `End now: ${note.deviceName}, ${note.checkDescription}` })
      .click();
    const confirm = page.getByRole('dialog', { name: 'End exemption' });
    await expect(confirm).toContainText(note.deviceName);
    const ended = waitForCall(page, 'POST', `/team/${engineering.id}/exemptions/${note.id}/end`);
    await confirm.getByRole('button', { name: 'End now' }).click();
    await ended;
    await expect(confirm).toBeHidden();
    await expect(page.getByText('Exemption ended.')).toBeVisible();
  });
});

test('activity: from the profile menu and the palette; filters in the address, bad ones named; CSV export', async ({
  page,
}) => {
  await page.setViewportSize(LAPTOP);
  await page.goto(`/overview/${engineering.id}`);
  await page.getByRole('button', { name: 'alice@northwind.example', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Activity' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  await expect(page).toHaveURL(/\/activity$/);
  const entries = page.getByTestId('activity-entry');
  await expect(entries).toHaveCount(activity.entries.length);
  // Who, and the support person impersonating them.
  const first = activity.entries[0]!;
  await expect(entries.first()).toContainText(
    `${first.actor.email} (by ${first.actor.impersonatedBy!.email})`,
  );

  await test.step('the palette leads here too', async () => {
    await page.goto(`/overview/${engineering.id}`);
    await expect(page.getByRole('heading', { level: 1, name: /Overview$/ })).toBeVisible();
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog');
    await palette.getByRole('combobox').pressSequentially('activity');
    await expect(palette.getByRole('option').first()).toContainText('Activity');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  });

  await test.step('filters by keyboard go to the address and the request', async () => {
    const asked = record(page, 'GET', '/user/activity');
    await page.getByRole('textbox', { name: 'Person' }).fill('alice@northwind.example');
    await page.getByLabel('Kind').selectOption({ label: 'Device renamed' });
    await page.getByLabel('From').fill('2026-11-01');
    await page.getByLabel('To').fill('2026-11-21');
    await page.getByLabel('To').press('Enter');
    await expect(page).toHaveURL(
      /\/activity\?actor=alice%40northwind\.example&kind=deviceRenamed&from=2026-11-01&to=2026-11-21$/,
    );
    await expect.poll(() => asked.length).toBeGreaterThan(0);
    const query = new URL(asked[asked.length - 1]!.url()).searchParams;
    expect(Object.fromEntries(query)).toEqual({
      page: '1',
      pageSize: '20',
      actor: 'alice@northwind.example',
      kind: 'deviceRenamed',
      from: '2026-11-01T00:00:00Z',
      to: '2026-11-22T00:00:00Z',
    });
    await expectAccessible(page);
  });

  await test.step("CSV export: every entry, the device export's columns rules", async () => {
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^activity-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile(await download.path(), 'utf8');
    const lines = text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('at,person,impersonatedBy,kind,objectType,objectName,detail');
    expect(lines).toHaveLength(1 + activity.entries.length);
    expect(lines[1]).toContain(`${first.at},${first.actor.email},`);
  });

  await test.step('phone: an unusable address falls back with a message', async () => {
    await page.setViewportSize(PHONE);
    await page.goto('/activity?kind=deviceExploded&from=yesterday');
    await expect(
      page.getByText(
        'The kind and start date in this address could not be used, so the defaults are shown.',
      ),
    ).toBeVisible();
    await expect(entries).toHaveCount(activity.entries.length);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });
});
