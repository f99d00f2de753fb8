import type { Page } from '@playwright/test';
import { test, expect, expectAccessible, STORY_NOW, hold, waitForCall } from './fixtures';
import { example, type Schemas } from './contract-examples';
import { EXTERNAL_LINKS } from '../../src/lib/constants';

type Device = Schemas['Device'];
type Team = Schemas['TeamSummary'];

const teams = example<Team[]>('listTeams', 'threeTeams');
const oneTeam = example<Team[]>('listTeams', 'oneTeam');
const failing = example<Device>('getDevice', 'failing');
const compliant = example<Device>('getDevice', 'compliant');

test.beforeEach(async ({ page, scenario }) => {
  await page.clock.setFixedTime(STORY_NOW);
  await scenario.signIn();
});

/** Count GETs of one device from now on. */
function countDeviceGets(page: Page, deviceId: string) {
  const counter = { count: 0 };
  page.on('request', (r) => {
    if (r.method() === 'GET' && new URL(r.url()).pathname === `/api/v1/device/${deviceId}`)
      counter.count += 1;
  });
  return counter;
}

/** The form's red notice (toasts are info here and carry role=status). */
const notice = (page: Page) => page.getByRole('main').getByRole('alert');

test.describe('rename', () => {
  test('renames and refreshes the details; invalid names cannot be saved; a server error keeps the input', async ({
    page,
    scenario,
  }) => {
    await test.step('saves, says "Device renamed!", returns to the details and refreshes them', async () => {
      await scenario.prefer({ 'GET /device/{deviceId}': 'example=failing' });
      const gets = countDeviceGets(page, failing.id);
      await page.goto(`/device/${failing.id}/rename`);
      await expect(page).toHaveTitle(/^Rename Device \| /);
      await expect(page.getByRole('heading', { level: 1, name: 'Rename Device' })).toBeVisible();
      const input = page.getByRole('textbox', { name: 'Device name' });
      await expect(input).toHaveValue(failing.deviceName);
      const save = page.getByRole('button', { name: 'Save' });
      await expect(save).toBeDisabled();
      await expectAccessible(page);

      await input.fill('  Frank’s work laptop  ');
      await expect(save).toBeEnabled();
      const release = await hold(page, 'PATCH', `/device/${failing.id}/rename`);
      const call = waitForCall(page, 'PATCH', `/device/${failing.id}/rename`);
      await save.click();
      // Saving: the button is disabled and says so.
      const saving = page.getByRole('button', { name: 'Saving' });
      await expect(saving).toBeDisabled();
      expect((await call).postDataJSON()).toEqual({ deviceName: 'Frank’s work laptop' });
      release();

      await expect(page.getByText('Device renamed!')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/device/${failing.id}$`));
      await expect(page.getByRole('heading', { level: 1, name: failing.deviceName })).toBeVisible();
      // Loaded once for the form, then again after the change (no reload of the page).
      expect(gets.count).toBeGreaterThanOrEqual(2);
    });

    await test.step('validation: unchanged, empty and too long names cannot be saved', async () => {
      await scenario.prefer({ 'GET /device/{deviceId}': 'example=failing' });
      await page.goto(`/device/${failing.id}/rename`);
      const input = page.getByRole('textbox', { name: 'Device name' });
      const save = page.getByRole('button', { name: 'Save' });
      await expect(input).toHaveValue(failing.deviceName);
      await expect(save).toBeDisabled();

      await input.fill('x'.repeat(256));
      await expect(save).toBeDisabled();
      await expect(input).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText('255 characters')).toBeVisible();

      await input.fill('x'.repeat(255));
      await expect(save).toBeEnabled();
      await expect(input).toHaveAttribute('aria-invalid', 'false');

      await input.fill('   ');
      await expect(save).toBeDisabled();
      await expect(input).toHaveAttribute('aria-invalid', 'true');

      await input.fill(failing.deviceName);
      await expect(save).toBeDisabled();
      await expect(input).toHaveAttribute('aria-invalid', 'true');
    });

    await test.step('a server error shows the red notice and keeps the input', async () => {
      await scenario.prefer({
        'GET /device/{deviceId}': 'example=failing',
        'PATCH /device/{deviceId}/rename': 'code=500',
      });
      // No reload: the form is as loaded (the device's own name, Save disabled), and this step
      // types a name of its own first.
      const input = page.getByRole('textbox', { name: 'Device name' });
      await input.fill('Build server');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(notice(page)).toHaveText('Internal server error.');
      await expect(input).toHaveValue('Build server');
      await expect(page).toHaveURL(new RegExp(`/device/${failing.id}/rename$`));
      await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
      await expect(page.getByText('Device renamed!')).toHaveCount(0);
    });
  });
});

test.describe('move', () => {
  test("moves to another of the user's teams; a server error stays; with one team there is nowhere to move to", async ({
    page,
    scenario,
  }) => {
    await test.step('moves to another of the user\'s teams and says "Device moved!"', async () => {
      await scenario.prefer({ 'GET /device/{deviceId}': 'example=failing' });
      await page.goto(`/device/${failing.id}/move`);
      await expect(page).toHaveTitle(/^Move device \| /);
      await expect(page.getByRole('heading', { level: 1, name: 'Move device' })).toBeVisible();
      const others = teams.filter((t) => t.id !== failing.teamId);
      const current = teams.find((t) => t.id === failing.teamId)!;
      const group = page.getByRole('radiogroup', { name: 'Move to team' });
      await expect(group.getByRole('radio')).toHaveCount(others.length);
      await expect(group.getByRole('radio', { name: new RegExp(`^${current.name} `) })).toHaveCount(
        0,
      );
      const move = page.getByRole('button', { name: 'Move', exact: true });
      await expect(move).toBeDisabled();
      await expectAccessible(page);

      const target = others[0]!;
      await group.getByRole('radio', { name: new RegExp(`^${target.name} `) }).check();
      const release = await hold(page, 'PATCH', `/device/${failing.id}/move`);
      const call = waitForCall(page, 'PATCH', `/device/${failing.id}/move`);
      await move.click();
      await expect(page.getByRole('button', { name: 'Moving' })).toBeDisabled();
      expect((await call).postDataJSON()).toEqual({ teamId: target.id });
      release();
      await expect(page.getByText('Device moved!')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/device/${failing.id}$`));
    });

    await test.step('a server error shows the red notice and stays', async () => {
      await scenario.prefer({
        'GET /device/{deviceId}': 'example=failing',
        'PATCH /device/{deviceId}/move': 'code=500',
      });
      await page.goto(`/device/${failing.id}/move`);
      await page.getByRole('radio').first().check();
      await page.getByRole('button', { name: 'Move', exact: true }).click();
      await expect(notice(page)).toHaveText('Internal server error.');
      await expect(page).toHaveURL(new RegExp(`/device/${failing.id}/move$`));
      await expect(page.getByRole('radio').first()).toBeChecked();
    });

    await test.step('with a single team there is nowhere to move to', async () => {
      await scenario.prefer({ 'PATCH /device/{deviceId}/move': '' });
      await scenario.prefer({
        'GET /device/{deviceId}': 'example=failing',
        'GET /teams': 'example=oneTeam',
      });
      expect(oneTeam.every((t) => t.id === failing.teamId)).toBe(true);
      await page.goto(`/device/${failing.id}/move`);
      await expect(
        page.getByText('There is no other team to move this device to.', { exact: false }),
      ).toBeVisible();
      await expect(page.getByRole('radio')).toHaveCount(0);
      await expectAccessible(page);
    });
  });
});

test.describe('public page', () => {
  test('publishes and unpublishes; a failure of either shows the red notice', async ({
    page,
    scenario,
  }) => {
    await test.step('publishes with a slug, then without one (the body has none); an invalid slug is refused on the field', async () => {
      await scenario.prefer({ 'GET /device/{deviceId}': 'example=failing' });
      expect(failing.publicId).toBeNull();
      await page.goto(`/device/${failing.id}/public`);
      await expect(page).toHaveTitle(/^Public Page \| /);
      await expect(page.getByRole('heading', { level: 1, name: 'Public Page' })).toBeVisible();
      await expectAccessible(page);

      const slug = page.getByRole('textbox', { name: 'Slug (optional)' });
      const publish = page.getByRole('button', { name: 'Publish', exact: true });
      await slug.fill('frank macbook!');
      await expect(slug).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText('Use letters, digits and hyphens only')).toBeVisible();
      await expect(publish).toBeDisabled();
      await slug.fill('frank-MacBook-01');
      await expect(slug).toHaveAttribute('aria-invalid', 'false');
      await expect(publish).toBeEnabled();

      await slug.fill('frank-macbook-2');
      await expect(page.getByText(`${EXTERNAL_LINKS.publicPage}frank-macbook-2`)).toBeVisible();
      const release = await hold(page, 'POST', `/device/${failing.id}/public`);
      const call = waitForCall(page, 'POST', `/device/${failing.id}/public`);
      await publish.click();
      await expect(page.getByRole('button', { name: 'Publishing' })).toBeDisabled();
      expect((await call).postDataJSON()).toEqual({ slug: 'frank-macbook-2' });
      release();
      await expect(page.getByText('Updated!')).toBeVisible();

      // The mock keeps the page unpublished: publish again, this time with no slug.
      await slug.fill('');
      const bare = waitForCall(page, 'POST', `/device/${failing.id}/public`);
      await publish.click();
      const request = await bare;
      expect(request.postDataJSON()).toEqual({});
      expect((await request.response())?.ok()).toBe(true);
    });

    await test.step('a failed publish shows the red notice', async () => {
      await scenario.prefer({
        'GET /device/{deviceId}': 'example=failing',
        'POST /device/{deviceId}/public': 'code=500',
      });
      await page.goto(`/device/${failing.id}/public`);
      await page.getByRole('textbox', { name: 'Slug (optional)' }).fill('frank');
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      await expect(notice(page)).toHaveText('Internal server error.');
      await expect(page.getByRole('textbox', { name: 'Slug (optional)' })).toHaveValue('frank');
      await expect(page.getByText('Updated!')).toHaveCount(0);
    });

    await test.step('a published page shows its URL and unpublishes', async () => {
      await scenario.prefer({ 'POST /device/{deviceId}/public': '' });
      await scenario.prefer({ 'GET /device/{deviceId}': 'example=compliant' });
      await page.goto(`/device/${compliant.id}/public`);
      const link = page.getByTestId('public-url').getByRole('link');
      await expect(link).toHaveAttribute(
        'href',
        `${EXTERNAL_LINKS.publicPage}${compliant.publicId}`,
      );
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      await expectAccessible(page);
      const call = waitForCall(page, 'DELETE', `/device/${compliant.id}/public`);
      await page.getByRole('button', { name: 'Unpublish' }).click();
      await call;
      await expect(page.getByText('Updated!')).toBeVisible();
    });

    await test.step('a failed unpublish shows the red notice', async () => {
      await scenario.prefer({
        'GET /device/{deviceId}': 'example=compliant',
        'DELETE /device/{deviceId}/public': 'code=500',
      });
      await page.goto(`/device/${compliant.id}/public`);
      await page.getByRole('button', { name: 'Unpublish' }).click();
      await expect(notice(page)).toHaveText('Internal server error.');
      await expect(page.getByRole('button', { name: 'Unpublish' })).toBeEnabled();
    });
  });
});

test.describe('remove', () => {
  test('a failed removal keeps the dialog open; a confirmed one removes the device and lands on the list', async ({
    page,
    scenario,
  }) => {
    await test.step('a failed removal keeps the dialog open with the notice', async () => {
      await scenario.prefer({
        'GET /device/{deviceId}': 'example=failing',
        'DELETE /team/{teamId}/device': 'code=500',
      });
      await page.goto(`/device/${failing.id}`);
      await page.getByRole('button', { name: 'Remove' }).click();
      const dialog = page.getByRole('dialog', { name: 'Remove device' });
      await dialog.getByRole('button', { name: 'Remove' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('Internal server error.');
      await expect(dialog.getByRole('button', { name: 'Remove' })).toBeEnabled();
      await expect(page).toHaveURL(new RegExp(`/device/${failing.id}$`));
      // Cancel closes it; the details are still there.
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1, name: failing.deviceName })).toBeVisible();
    });

    await test.step('confirms, removes, says "Device removed!" and lands on the list', async () => {
      await scenario.prefer({ 'DELETE /team/{teamId}/device': '' });
      await scenario.prefer({ 'GET /device/{deviceId}': 'example=failing' });
      // No reload: the step before left the details as loaded (closing the dialog forgets its
      // failure).
      await page.getByRole('button', { name: 'Remove' }).click();
      const dialog = page.getByRole('dialog', { name: 'Remove device' });
      await expect(dialog).toBeVisible();
      await expectAccessible(page);

      const release = await hold(page, 'DELETE', `/team/${failing.teamId}/device`);
      const call = waitForCall(page, 'DELETE', `/team/${failing.teamId}/device`);
      await dialog.getByRole('button', { name: 'Remove' }).click();
      // In progress: both buttons disabled.
      await expect(dialog.getByRole('button', { name: 'Removing' })).toBeDisabled();
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
      expect((await call).postDataJSON()).toEqual({
        id: failing.id,
        machineUUID: failing.machineUUID,
      });
      const gets = countDeviceGets(page, failing.id);
      const listLoaded = page.waitForResponse(
        (r) => new URL(r.url()).pathname === `/api/v1/team/${failing.teamId}/devices`,
      );
      release();

      await expect(page.getByText('Device removed!')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/devices/${failing.teamId}$`));
      // The removed device is not asked for again; the team's list is (fresh). Both would be asked
      // for at once, when the removal settles: once the list has answered, a device request would
      // have been sent.
      await listLoaded;
      expect(gets.count).toBe(0);
    });
  });
});
