import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { FRANK_LAPTOP, SANDBOX_URL, TEAM, expect, signIn, test, toast } from './fixtures';

const SUCCESS = 'Your device has been successfully linked to your team.';

async function qaPanel(page: Page) {
  // Above the app's dialogs, but hidden from the accessibility tree while one is open (MUI's modal).
  await page.getByRole('button', { name: /QA scenarios/, includeHidden: true }).click();
  const panel = page.getByRole('dialog', { name: 'QA scenarios' });
  await panel.getByRole('tab', { name: 'Sandbox' }).click();
  return panel;
}

test('a change shows where it should and stays across reloads: rename, move, a new team', async ({
  page,
}) => {
  // The real login form: any email and password open that email's world.
  await page.goto('/login');
  await page.getByLabel('Email').fill('story-changes@example.com');
  await page.getByLabel('Password').fill('whatever it is');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('heading', { name: 'Engineering Overview' })).toBeVisible();
  const fileVault = page.getByTestId('failing-check').filter({ hasText: 'FileVault is on' });
  await expect(fileVault).toContainText('Failing on 18 devices');

  await page.goto(`/device/${FRANK_LAPTOP}/rename`);
  await page.getByLabel('Device name').fill('Frank’s retired laptop');
  await page.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'Device renamed!');
  await expect(page).toHaveURL(new RegExp(`/device/${FRANK_LAPTOP}$`));
  await page.reload();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Frank’s retired laptop' }),
  ).toBeVisible();

  // The list searches on the server: the new name is found, the old one is not.
  await page.goto(`/devices/${TEAM.engineering}?search=retired`);
  await expect(page.getByText('Showing 1 to 1 of 1 entries')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Frank’s retired laptop' })).toBeVisible();

  await page.goto(`/device/${FRANK_LAPTOP}/move`);
  await page.getByRole('radio', { name: /Design \(1 device\)/ }).check();
  await page.getByRole('button', { name: 'Move' }).click();
  await toast(page, 'Device moved!');
  // It left Engineering (its overview and counts) and joined Design.
  await page.goto(`/overview/${TEAM.engineering}`);
  await expect(fileVault).toContainText('Failing on 17 devices');
  await page.goto(`/devices/${TEAM.design}`);
  await expect(page.getByText('Showing 1 to 2 of 2 entries')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Frank’s retired laptop' })).toBeVisible();

  // A new team is in the switcher and on My Account after a reload.
  await page.goto('/account');
  await page.getByLabel('Team name').fill('Marketing');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Team "Marketing" created.')).toBeVisible();
  await page.reload();
  await page.goto(`/devices/${TEAM.engineering}`);
  await page.getByRole('combobox', { name: 'Team' }).first().click();
  await expect(page.getByRole('option', { name: 'Marketing' })).toBeVisible();
});

test('two logins never see each other’s changes; a restart of the sandbox keeps them and the session', async ({
  page,
  request,
  browser,
  sandbox,
}) => {
  await signIn(page, request, 'story-one@example.com');
  await page.goto(`/device/${FRANK_LAPTOP}/rename`);
  await page.getByLabel('Device name').fill('Only in world one');
  await page.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'Device renamed!');

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, other.request, 'story-two@example.com');
  await otherPage.goto(`/device/${FRANK_LAPTOP}`);
  await expect(
    otherPage.getByRole('heading', { level: 1, name: "Frank's MacBook Pro" }),
  ).toBeVisible();
  await other.close();

  await sandbox.restart();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Only in world one' })).toBeVisible();
  expect(sandbox.log).toContain('sandbox: http://127.0.0.1');
});

test('a restart of the sandbox keeps every kind of change: a Slack connection, a snooze, a recipient, a check setting, a bulk move', async ({
  page,
  request,
  sandbox,
}) => {
  const token = await signIn(page, request, 'story-restart@example.com');
  const auth = { Authorization: `Bearer ${token}` };
  const api = '/api/v1';
  // What the console sends, through the contract proxy: Slack's callback is a GET.
  expect((await request.get(`${api}/slack/auth?code=story-code`, { headers: auth })).status()).toBe(
    200,
  );
  const invite = (await (
    await request.post(`${api}/team/${TEAM.sales}/invite`, {
      headers: auth,
      data: { email: 'snoozer@example.com' },
    })
  ).json()) as { inviteId: string };
  // The snooze link of the invite mail is followed signed out.
  const snooze = await request.patch(`${api}/team/${TEAM.sales}/snooze/emails`, {
    data: { inviteId: invite.inviteId },
  });
  expect(snooze.status()).toBe(204);
  const recipient = { email: 'weekly-report@example.com', frequency: 'weekly' };
  await request.post(`${api}/team/${TEAM.engineering}/report/email`, {
    headers: auth,
    data: recipient,
  });
  const checks = (await (
    await request.get(`${api}/team/${TEAM.engineering}/settings/checks`, { headers: auth })
  ).json()) as {
    claims: { checks: { id: string; level: string }[] }[];
  };
  const required = checks.claims
    .flatMap((claim) => claim.checks)
    .find((check) => check.level === 'required')!;
  await request.patch(`${api}/team/${TEAM.engineering}/settings/checks`, {
    headers: auth,
    data: { checks: [{ id: required.id, level: 'optional' }] },
  });
  // A bulk move is one move per device.
  const devices = (await (
    await request.get(`${api}/team/${TEAM.engineering}/devices?pageSize=3`, { headers: auth })
  ).json()) as {
    devices: { id: string }[];
  };
  for (const { id } of devices.devices) {
    expect(
      (
        await request.patch(`${api}/device/${id}/move`, {
          headers: auth,
          data: { teamId: TEAM.sales },
        })
      ).status(),
    ).toBe(204);
  }

  await sandbox.restart();
  await page.goto(`/devices/${TEAM.sales}`);
  await expect(page.getByText('Showing 1 to 3 of 3 entries')).toBeVisible();
  const user = (await (await request.get(`${api}/user`, { headers: auth })).json()) as {
    slackConfig: unknown;
  };
  expect(user.slackConfig).toEqual({ teamId: TEAM.engineering, channel: '#device-security' });
  const recipients = await (
    await request.get(`${api}/team/${TEAM.engineering}/report/emails`, { headers: auth })
  ).json();
  expect(recipients).toContainEqual(expect.objectContaining(recipient));
  const after = (await (
    await request.get(`${api}/team/${TEAM.engineering}/settings/checks`, { headers: auth })
  ).json()) as typeof checks;
  expect(
    after.claims.flatMap((claim) => claim.checks).find((check) => check.id === required.id)!.level,
  ).toBe('optional');
  // The snooze is kept in the world's file (the contract has no call that reads it back).
  const files = fs
    .readdirSync(path.join(sandbox.dataDir, 'worlds'))
    .filter((name) => name.startsWith('story-restart@'));
  const saved = JSON.parse(
    fs.readFileSync(path.join(sandbox.dataDir, 'worlds', files[0]!), 'utf8'),
  ) as {
    invites: { id: string; snoozedUntil: string | null }[];
  };
  expect(saved.invites.find((item) => item.id === invite.inviteId)!.snoozedUntil).not.toBeNull();
});

test('the QA panel: a device links to the team while the wizard waits, then the world is reset', async ({
  page,
  request,
}) => {
  await signIn(page, request, 'story-link@example.com');
  await page.goto(`/devices/${TEAM.sales}`);
  await expect(page.getByText('No devices in Sales yet')).toBeVisible();
  await page.getByRole('button', { name: 'Invite team members' }).click();
  const wizard = page.getByRole('dialog', { name: 'Link a device' });
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.getByRole('link', { name: 'Link this device' })).toBeVisible();
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.getByText('Step 3 of 3: Verify')).toBeVisible();

  // The wizard polls its invite; the sandbox links a device through it.
  const panel = await qaPanel(page);
  await panel.getByLabel('Team').selectOption({ label: 'Sales (0)' });
  await panel.getByRole('button', { name: 'A device links to this team' }).click();
  await expect(panel.getByRole('status').last()).toContainText(
    'A device linked to Sales through its newest invite.',
  );
  await page.keyboard.press('Escape');
  await expect(wizard.getByText(SUCCESS)).toBeVisible();
  await expect(page).toHaveURL(/\/device\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: "Alice's MacBook Air" })).toBeVisible();
  await page.goto(`/devices/${TEAM.sales}`);
  await expect(page.getByText('Showing 1 to 1 of 1 entries')).toBeVisible();

  // "A device stops reporting": the overview follows.
  await page.goto(`/overview/${TEAM.sales}`);
  const notReporting = page.getByRole('region', { name: 'Devices not reporting' });
  await expect(notReporting).toContainText('1 device');
  const again = await qaPanel(page);
  await again.getByRole('button', { name: 'This device reports again' }).click();
  await expect(again.getByRole('status').last()).toContainText('reported just now');
  await page.keyboard.press('Escape');
  await expect(
    page.getByText('All devices have recently sent a report to the product!'),
  ).toBeVisible();

  const reset = await qaPanel(page);
  await reset.getByRole('button', { name: 'Reset this world to the story' }).click();
  // The reset reloads the console at /, which opens the active team: Sales, empty again, so its
  // device list (never its overview, where the page was before the click).
  await page.waitForURL(`**/devices/${TEAM.sales}`);
  await expect(page.getByText('No devices in Sales yet')).toBeVisible();
});

test('a deliberately wrong sandbox answer is caught by the contract and shown as an error, never as data', async ({
  page,
  request,
  sandbox,
}) => {
  const token = await signIn(page, request, 'story-fault@example.com');
  // Prism's proxy passes a QA pick (Prefer) on: the sandbox answers it from the named examples.
  const picked = await request.get('/api/v1/user', {
    headers: { Authorization: `Bearer ${token}`, Prefer: 'example=collaborator' },
  });
  expect(((await picked.json()) as { email: string }).email).toBe('bob@northwind.example');

  await sandbox.control('/fault', { operation: 'GET /team/{teamId}/devices', kind: 'wrong-type' });
  const answer = page.waitForResponse((response) =>
    response.url().includes(`/api/v1/team/${TEAM.engineering}/devices`),
  );
  await page.goto(`/devices/${TEAM.engineering}`);
  const wrong = await answer;
  // Prism's proxy replaced the sandbox's answer: 500 with the violation named.
  expect(wrong.status()).toBe(500);
  expect(wrong.headers()['sl-violations']).toContain('devices');
  await expect(page.getByText('Internal server error.')).toBeVisible();
  await expect(page.getByText(/Showing \d+ to/)).toHaveCount(0);

  await fetch(`${SANDBOX_URL}/__sandbox/fault`, { method: 'DELETE' });
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('Showing 1 to 20 of 47 entries')).toBeVisible();
});
