// Exemptions, the compliance history and the activity log against the sandbox, as a backend serves
// them: an exempt failing check leaves the overview's and the device page's failing counts, comes
// back when the exemption is ended or runs out, and both changes are in the activity log with the
// person who made them; the chart's newest day follows a removal; the log pages newest first.
import type { Page } from '@playwright/test';
import { CHECK } from '../../scripts/sandbox/story';
import { FRANK_LAPTOP, TEAM, expect, signIn, test, toast } from './fixtures';

const EMAIL = 'story-exemptions@example.com';
/** Any email opens its own world, in which the signed-in person is the story's Alice. */
const PERSON = 'alice@northwind.example';
const REASON = 'Build machine, the CI image cannot run with FileVault.';

test('exempt a failing check: the overview and device page change; End now changes them back; the activity log names the person', async ({
  page,
  request,
}) => {
  await signIn(page, request, EMAIL);
  await page.goto(`/overview/${TEAM.engineering}`);
  const fileVault = page.getByTestId('failing-check').filter({ hasText: 'FileVault is on' });
  await expect(fileVault).toContainText('Failing on 18 devices');

  // Exempt the first device failing FileVault.
  await fileVault.getByRole('button', { name: 'List the 18 devices failing this check' }).click();
  const row = fileVault.getByTestId('failing-device-list').getByRole('listitem').first();
  const deviceLink = row.getByRole('link');
  const deviceName = (await deviceLink.textContent())!;
  const deviceHref = (await deviceLink.getAttribute('href'))!;
  await row.getByRole('button', { name: /^Exempt / }).click();
  const dialog = page.getByRole('dialog', { name: 'Exempt a check' });
  await dialog.getByRole('textbox', { name: 'Reason' }).fill(REASON);
  const end = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  await dialog.getByLabel('End date').fill(end);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByRole('button', { name: 'Exempt', exact: true }).click();
  await expect(page.getByText('Check exempted.')).toBeVisible();
  await expect(fileVault).toContainText('Failing on 17 devices');
  await expect(fileVault.getByTestId('exempt-device-list')).toContainText(
    `${deviceName} is exempt until`,
  );

  // The device page shows the check as exempt, with its reason and who made it.
  await page.goto(deviceHref);
  await expect(page.getByTestId('check-exemption')).toContainText(`${REASON} (${PERSON})`);

  // Team settings list it; End now ends it.
  await page.goto(`/settings/${TEAM.engineering}`);
  const section = page.getByRole('region', { name: 'Exemptions' });
  await expect(section).toContainText(REASON);
  await section.getByRole('button', { name: /^End now: / }).click();
  await page
    .getByRole('dialog', { name: 'End exemption' })
    .getByRole('button', { name: 'End now' })
    .click();
  await expect(page.getByText('Exemption ended.')).toBeVisible();
  await expect(section.getByText('No exemptions.')).toBeVisible();

  // Back as before: failing on 18, the device page offers Exempt… again.
  await page.goto(`/overview/${TEAM.engineering}`);
  await expect(fileVault).toContainText('Failing on 18 devices');
  await page.goto(deviceHref);
  await expect(page.getByRole('heading', { level: 1, name: deviceName })).toBeVisible();
  await expect(page.getByTestId('check-exemption')).toHaveCount(0);
  await expect(
    page.getByRole('button', { name: `Exempt ${deviceName} from "FileVault is on"` }),
  ).toBeVisible();

  // The activity log: both changes, newest first, with the person.
  await page.goto('/activity?kind=exemptionCreated');
  const entries = page.getByTestId('activity-entry');
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText(PERSON);
  await expect(entries.first()).toContainText(`Exemption created: ${deviceName}`);
  await page.goto('/activity');
  await expect(entries.first()).toContainText(`Exemption ended: ${deviceName}`);
  await expect(entries.nth(1)).toContainText(`Exemption created: ${deviceName}`);
});

/** The newest day of the overview's compliance table: "80% (41 of 51)" and the failing checks. */
async function newestDay(page: Page, teamId: string) {
  await page.goto(`/overview/${teamId}`);
  await page.getByRole('button', { name: 'Show as table' }).click();
  const table = page.getByRole('region', { name: /per day, last 30 days$/ });
  const cells = table.getByRole('row').nth(1).getByRole('cell');
  await expect(cells).toHaveCount(3);
  const [, compliant, failing] = await cells.allTextContents();
  const [, kept, devices] = /\((\d+) of (\d+)\)$/.exec(compliant!)!;
  return { compliant: Number(kept), devices: Number(devices), failingChecks: Number(failing) };
}

test('the chart’s newest day follows a removal made in the console; the activity log pages newest first and keeps its page on reload', async ({
  page,
  request,
}) => {
  const token = await signIn(page, request, 'story-history-paging@example.com');
  // 21 renames through the API (as another tab of the console would make them): with the removal
  // below, 22 entries, one more page than the 20 a page holds.
  for (let i = 1; i <= 21; i += 1) {
    const renamed = await request.patch(`/api/v1/device/${FRANK_LAPTOP}/rename`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { deviceName: `Frank’s laptop ${i}` },
    });
    expect(renamed.ok(), `rename ${i}: ${renamed.status()}`).toBe(true);
  }

  // Frank's laptop fails two required checks (FileVault and the firewall).
  const before = await newestDay(page, TEAM.engineering);
  await page.goto(`/device/${FRANK_LAPTOP}`);
  await page.getByRole('button', { name: 'Remove' }).click();
  await page
    .getByRole('dialog', { name: 'Remove device' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await toast(page, 'Device removed!');
  expect(await newestDay(page, TEAM.engineering)).toEqual({
    compliant: before.compliant,
    devices: before.devices - 1,
    failingChecks: before.failingChecks - 2,
  });

  await page.goto('/activity');
  const entries = page.getByTestId('activity-entry');
  await expect(entries).toHaveCount(20);
  await expect(entries.first()).toContainText(`Device removed: Frank’s laptop 21`);
  await expect(entries.nth(1)).toContainText('Frank’s laptop 20 → Frank’s laptop 21');
  await page.getByRole('button', { name: 'Go to page 2' }).click();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(entries).toHaveCount(2);
  await expect(entries.first()).toContainText('Frank’s laptop 1 → Frank’s laptop 2');
  await expect(entries.nth(1)).toContainText(`Frank's MacBook Pro → Frank’s laptop 1`);
  await page.reload();
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(1)).toContainText(`Frank's MacBook Pro → Frank’s laptop 1`);
  await expect(page.getByRole('button', { name: 'page 2' })).toHaveAttribute(
    'aria-current',
    'page',
  );
});

test('an exemption ends by itself at its end: the device fails the check again on the overview and its page', async ({
  page,
  request,
}) => {
  const token = await signIn(page, request, 'story-exemption-ends@example.com');
  // The console offers whole days only; the contract takes any time ahead, so the API makes one
  // that ends within the test. Long enough for the first page to show it on a loaded machine.
  const endsAt = Date.now() + 20_000;
  const created = await request.post(`/api/v1/team/${TEAM.engineering}/exemptions`, {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      deviceId: FRANK_LAPTOP,
      checkId: CHECK.fileVault,
      reason: REASON,
      endsAt: new Date(endsAt).toISOString(),
    },
  });
  expect(created.status()).toBe(201);

  await page.goto(`/overview/${TEAM.engineering}`);
  const fileVault = page.getByTestId('failing-check').filter({ hasText: 'FileVault is on' });
  await expect(fileVault).toContainText('Failing on 17 devices');
  await expect(fileVault.getByTestId('exempt-device-list')).toContainText(
    "Frank's MacBook Pro is exempt until",
  );

  // Past its end (the sandbox and this test read the same clock), nothing else done.
  await page.waitForTimeout(Math.max(0, endsAt - Date.now() + 1_000));
  await page.reload();
  await expect(fileVault).toContainText('Failing on 18 devices');
  await expect(fileVault.getByTestId('exempt-device-list')).toHaveCount(0);
  await page.goto(`/device/${FRANK_LAPTOP}`);
  await expect(page.getByRole('heading', { level: 1, name: "Frank's MacBook Pro" })).toBeVisible();
  await expect(page.getByTestId('check-exemption')).toHaveCount(0);
  await expect(
    page.getByRole('button', { name: `Exempt Frank's MacBook Pro from "FileVault is on"` }),
  ).toBeVisible();
});
