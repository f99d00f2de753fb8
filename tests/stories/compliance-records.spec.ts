// Exemptions and the activity log against the sandbox, as a backend serves them: an exempt
// failing check leaves the overview's and the device page's failing counts, comes back when the
// exemption ends, and both changes are in the activity log with the person who made them.
import { TEAM, expect, signIn, test } from './fixtures';

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
