import type { Page } from '@playwright/test';
import { test, expect, expectAccessible, STORY_NOW, hold, waitForCall, record } from './fixtures';
import { example, type Schemas } from './contract-examples';

type Team = Schemas['TeamSummary'];
type CheckSettings = Schemas['CheckSettings'];
type ReportEmail = Schemas['ReportEmail'];
type Slack = Schemas['SlackIntegration'];

const [engineering] = example<Team[]>('listTeams', 'threeTeams');
const team = engineering!;
const settingsPath = `/settings/${team.id}`;
const api = (path: string) => `/team/${team.id}${path}`;
const checks = example<CheckSettings>('getCheckSettings', 'engineering');
const allChecks = checks.claims.flatMap((c) => c.checks);
const recipients = example<ReportEmail[]>('listReportEmails', 'two');
const slack = example<Slack[]>('listSlackIntegrations', 'two');

const GETS = {
  policy: 'GET /team/{teamId}/settings/device',
  emails: 'GET /team/{teamId}/report/emails',
  slack: 'GET /team/{teamId}/slack/integrations',
  checks: 'GET /team/{teamId}/settings/checks',
} as const;

test.beforeEach(async ({ page, scenario }) => {
  await page.clock.setFixedTime(STORY_NOW);
  await scenario.signIn();
});

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

test('an admin sees every section filled, a collaborator reads them with nothing to press, and both pages fit a phone', async ({
  page,
  scenario,
}) => {
  await test.step('an admin sees the six sections filled, in order, from the shell', async () => {
    await page.goto(`/overview/${team.id}`);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Settings' })
      .click();
    await expect(page).toHaveURL(new RegExp(`${settingsPath}$`));
    await expect(page).toHaveTitle(/^Team Settings \| /);
    await expect(page.getByRole('heading', { level: 1, name: 'Team Settings' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 })).toHaveText([
      'Public Invite',
      'Device Policy',
      'Email Reports',
      'Slack Integrations',
      'Manage Checks',
      // Last, from its own chunk (a proposal: absent against a SPEC-only backend).
      'Exemptions',
    ]);

    const origin = new URL(page.url()).origin;
    await expect(
      section(page, 'Public Invite').getByRole('textbox', { name: 'Team invite link' }),
    ).toHaveValue(`${origin}/team/join/${team.id}`);

    const serial = page.getByRole('checkbox', { name: 'Require device serial number' });
    await expect(serial).toBeChecked();
    await expect(serial).toBeEnabled();

    const list = section(page, 'Email Reports').getByRole('list', { name: 'Report recipients' });
    await expect(list.getByRole('listitem')).toHaveCount(recipients.length);
    await expect(list.getByRole('listitem').first()).toContainText(recipients[0]!.email);
    await expect(list.getByRole('listitem').first()).toContainText('Weekly');

    const channels = section(page, 'Slack Integrations').getByRole('listitem');
    await expect(channels).toHaveCount(slack.length);
    await expect(channels.first()).toContainText(slack[0]!.channel);
    await expect(channels.first()).toContainText(slack[0]!.email);

    const manage = section(page, 'Manage Checks');
    await expect(manage.getByRole('heading', { level: 3 })).toHaveText(
      checks.claims.map((c) => c.claim),
    );
    const required = allChecks.filter((c) => c.level === 'required').length;
    await expect(manage).toContainText(`${required} of ${allChecks.length} checks required`);
    const fileVault = allChecks.find((c) => c.description === 'FileVault is on')!;
    await expect(manage.getByRole('link', { name: 'FileVault is on' })).toHaveAttribute(
      'href',
      `${settingsPath}/check/${fileVault.id}`,
    );
    await expectAccessible(page);
  });

  await test.step('a collaborator reads every section and a check, with nothing to press', async () => {
    await scenario.prefer({ 'GET /user': 'example=collaborator' });
    await page.goto(settingsPath);
    await expect(page.getByText('Only account admins can change them.')).toBeVisible();
    await expect(section(page, 'Manage Checks').getByRole('link')).toHaveCount(allChecks.length);
    await expect(
      page.getByRole('checkbox', { name: 'Require device serial number' }),
    ).toBeDisabled();
    await expect(
      page.getByRole('checkbox', { name: 'Require device serial number' }),
    ).toBeChecked();
    await expect(section(page, 'Email Reports').getByRole('listitem')).toHaveCount(2);
    await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add recipient' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Make all / })).toHaveCount(0);
    await expectAccessible(page);

    // A check's page: read-only too.
    await section(page, 'Manage Checks')
      .getByRole('link', { name: 'Password manager is installed' })
      .click();
    await expect(page.getByRole('radio', { name: /^Optional/ })).toBeChecked();
    await expect(page.getByRole('radio', { name: /^Required/ })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Back to team settings' }).click();
    await expect(page).toHaveURL(new RegExp(`${settingsPath}$`));
  });

  await test.step('phone: settings and a check page fit 390 px without sideways scroll', async () => {
    // An admin again, as in its own test.
    await scenario.prefer({ 'GET /user': '' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(settingsPath);
    await expect(page.getByRole('heading', { level: 3, name: 'System Integrity' })).toBeVisible();
    const width = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await width()).toBeLessThanOrEqual(390);
    await page.goto(`${settingsPath}/check/${allChecks[0]!.id}`);
    await expect(page.getByRole('radio', { name: /^Required/ })).toBeVisible();
    expect(await width()).toBeLessThanOrEqual(390);
  });
});

test('each section says on its own that it is loading, empty or failed', async ({
  page,
  scenario,
}) => {
  // The held answers are let go in the first step: the routes that held them pass every later
  // request on as it is.
  await test.step('loading: every section says so and the serial checkbox is disabled', async () => {
    const releases = await Promise.all([
      hold(page, 'GET', api('/settings/device')),
      hold(page, 'GET', api('/report/emails')),
      hold(page, 'GET', api('/slack/integrations')),
      hold(page, 'GET', api('/settings/checks')),
    ]);
    await page.goto(settingsPath);
    await expect(page.getByText('Loading the device policy…')).toBeVisible();
    await expect(
      page.getByRole('checkbox', { name: 'Require device serial number' }),
    ).toBeDisabled();
    await expect(page.getByText('Loading report recipients…')).toBeVisible();
    await expect(page.getByText('Loading Slack integrations…')).toBeVisible();
    await expect(page.getByText('Loading check settings…')).toBeVisible();
    releases.forEach((release) => release());
    await expect(
      page.getByRole('checkbox', { name: 'Require device serial number' }),
    ).toBeEnabled();
    await expect(page.getByText('Loading check settings…')).toHaveCount(0);
  });

  await test.step('empty: no recipients, no Slack channels, no checks', async () => {
    await scenario.prefer({
      [GETS.emails]: 'example=none',
      [GETS.slack]: 'example=none',
      [GETS.checks]: 'example=none',
    });
    await page.goto(settingsPath);
    await expect(section(page, 'Email Reports')).toContainText('No active email reports.');
    // The add form is there: an empty list is where the first recipient is added.
    await expect(page.getByRole('button', { name: 'Add recipient' })).toBeVisible();
    await expect(section(page, 'Slack Integrations')).toContainText(
      'No active Slack integrations.',
    );
    await expect(section(page, 'Manage Checks')).toContainText('No checks.');
    await expectAccessible(page);
  });

  // Its answers replace every one of the step before.
  await test.step('errors: each section shows its own notice with Try again', async () => {
    await scenario.prefer({
      [GETS.policy]: 'code=500',
      [GETS.emails]: 'code=500',
      [GETS.slack]: 'code=429',
      [GETS.checks]: 'code=500',
    });
    await page.goto(settingsPath);
    const policy = section(page, 'Device Policy');
    await expect(policy.getByRole('alert')).toContainText('Internal server error.');
    await expect(
      page.getByRole('checkbox', { name: 'Require device serial number' }),
    ).toBeDisabled();
    await expect(section(page, 'Email Reports').getByRole('alert')).toContainText(
      'Internal server error.',
    );
    await expect(section(page, 'Slack Integrations').getByRole('alert')).toContainText(
      'Too many requests. Please try again in a few minutes.',
    );
    await expect(section(page, 'Manage Checks').getByRole('alert')).toContainText(
      'Internal server error.',
    );
    // The public link needs no request: it is there whatever failed.
    await expect(page.getByRole('textbox', { name: 'Team invite link' })).toBeVisible();
    await expectAccessible(page);

    await scenario.prefer({ [GETS.policy]: '' });
    await policy.getByRole('button', { name: 'Try again' }).click();
    await expect(
      page.getByRole('checkbox', { name: 'Require device serial number' }),
    ).toBeEnabled();
    await expect(policy.getByRole('alert')).toHaveCount(0);
  });
});

test.describe('device policy', () => {
  test('a change is sent, confirmed and the policy reloaded; a failure shows the red notice and the policy as it is', async ({
    page,
    scenario,
  }) => {
    await test.step('a change sends requireSerial, says "Device policy updated!" and reloads the policy', async () => {
      await page.goto(settingsPath);
      const serial = page.getByRole('checkbox', { name: 'Require device serial number' });
      await expect(serial).toBeChecked();
      const gets = record(page, 'GET', api('/settings/device'));
      const release = await hold(page, 'PATCH', api('/settings/device'));
      const call = waitForCall(page, 'PATCH', api('/settings/device'));
      await serial.click();
      expect((await call).postDataJSON()).toEqual({ requireSerial: false });
      await expect(serial).toBeDisabled();
      await expect(serial).not.toBeChecked();
      await scenario.prefer({
        'PATCH /team/{teamId}/settings/device': 'example=serialOptional',
        [GETS.policy]: 'example=serialOptional',
      });
      release();
      await expect(toast(page, 'Device policy updated!')).toBeVisible();
      await expect(serial).toBeEnabled();
      await expect(serial).not.toBeChecked();
      await expect.poll(() => gets.length).toBeGreaterThanOrEqual(1);
    });

    await test.step('a failure shows the red notice and the policy as it is', async () => {
      // The policy as the contract's example has it again (serial required).
      await scenario.prefer({ [GETS.policy]: '' });
      await scenario.prefer({ 'PATCH /team/{teamId}/settings/device': 'code=500' });
      await page.goto(settingsPath);
      const serial = page.getByRole('checkbox', { name: 'Require device serial number' });
      await serial.click();
      await expect(section(page, 'Device Policy').getByRole('alert')).toHaveText(
        'Internal server error.',
      );
      await expect(serial).toBeChecked();
      await expect(serial).toBeEnabled();
    });
  });
});

test.describe('email reports', () => {
  test('adding a recipient: validation, one request, the refreshed list; a failure keeps the input', async ({
    page,
    scenario,
  }) => {
    await test.step('add: disabled until valid, one request, loading text, toast, refreshed list, form cleared', async () => {
      await page.goto(settingsPath);
      const reports = section(page, 'Email Reports');
      const email = reports.getByRole('textbox', { name: 'Email' });
      const frequency = reports.getByRole('combobox', { name: 'Frequency' });
      const add = reports.getByRole('button', { name: 'Add recipient' });
      await expect(add).toBeDisabled();

      await email.fill('frank@');
      await email.blur();
      await expect(reports.getByText('Please enter a valid email')).toBeVisible();
      await expect(add).toBeDisabled();
      await email.fill(`${'f'.repeat(111)}@northwind.example`); // 129 characters
      await expect(reports.getByText('Email cannot exceed 128 characters')).toBeVisible();
      await email.fill(recipients[0]!.email);
      await frequency.click();
      await page.getByRole('option', { name: 'Weekly' }).click();
      await expect(reports.getByText('This address already receives this report.')).toBeVisible();
      await expect(add).toBeDisabled();

      await email.fill('frank@northwind.example');
      await frequency.click();
      await page.getByRole('option', { name: 'Monthly' }).click();
      await expect(add).toBeEnabled();

      const posts = record(page, 'POST', api('/report/email'));
      const release = await hold(page, 'POST', api('/report/email'));
      await add.dblclick();
      await expect(reports.getByText('Adding recipient for team reports.')).toBeVisible();
      await expect(add).toBeDisabled();
      await scenario.prefer({ [GETS.emails]: 'example=three' });
      const refreshed = waitForCall(page, 'GET', api('/report/emails'));
      release();
      await expect(toast(page, 'Added recipient for team reports!')).toBeVisible();
      await refreshed;
      expect(posts).toHaveLength(1);
      expect(posts[0]!.postDataJSON()).toEqual({
        email: 'frank@northwind.example',
        frequency: 'monthly',
      });
      const items = reports.getByRole('list', { name: 'Report recipients' }).getByRole('listitem');
      await expect(items).toHaveCount(3);
      await expect(items.last()).toContainText('frank@northwind.example');
      await expect(items.last()).toContainText('Monthly');
      await expect(email).toHaveValue('');
      await expect(add).toBeDisabled();
    });

    await test.step('add failure: the server message in the red notice, input kept', async () => {
      // The two recipients of the contract's example again.
      await scenario.prefer({ [GETS.emails]: '' });
      await scenario.prefer({
        'POST /team/{teamId}/report/email': 'code=400, example=alreadyRecipient',
      });
      await page.goto(settingsPath);
      const reports = section(page, 'Email Reports');
      await reports.getByRole('textbox', { name: 'Email' }).fill('frank@northwind.example');
      await reports.getByRole('combobox', { name: 'Frequency' }).click();
      await page.getByRole('option', { name: 'Monthly' }).click();
      await reports.getByRole('button', { name: 'Add recipient' }).click();
      await expect(reports.getByRole('alert')).toHaveText(
        'There was a problem with this request: frank@northwind.example already receives monthly reports',
      );
      await expect(reports.getByRole('textbox', { name: 'Email' })).toHaveValue(
        'frank@northwind.example',
      );
      await expect(reports.getByRole('combobox', { name: 'Frequency' })).toHaveText('Monthly');
      await expect(reports.getByRole('button', { name: 'Add recipient' })).toBeEnabled();
      await expect(toast(page, 'Added recipient for team reports!')).toHaveCount(0);
    });
  });

  test('removing a recipient: the request, the refreshed list; a failure keeps the recipient', async ({
    page,
    scenario,
  }) => {
    await test.step('remove: sends email and frequency, says "Recipient removed!", list refreshed', async () => {
      await page.goto(settingsPath);
      const reports = section(page, 'Email Reports');
      const target = recipients[1]!;
      const remove = reports.getByRole('button', { name: `Remove ${target.email} (Weekdays)` });
      await expect(remove).toBeEnabled();
      const call = waitForCall(page, 'DELETE', api('/report/email'));
      await scenario.prefer({ [GETS.emails]: 'example=one' });
      await remove.click();
      expect((await call).postDataJSON()).toEqual({
        email: target.email,
        frequency: target.frequency,
      });
      await expect(toast(page, 'Recipient removed!')).toBeVisible();
      await expect(reports.getByRole('listitem')).toHaveCount(1);
      await expect(reports.getByText(target.email)).toHaveCount(0);
    });

    await test.step('remove failure: the red notice, the recipient stays', async () => {
      // The two recipients of the contract's example again.
      await scenario.prefer({ [GETS.emails]: '' });
      await scenario.prefer({ 'DELETE /team/{teamId}/report/email': 'code=500' });
      await page.goto(settingsPath);
      const reports = section(page, 'Email Reports');
      await reports.getByRole('button', { name: /^Remove security@/ }).click();
      await expect(reports.getByRole('alert')).toHaveText('Internal server error.');
      await expect(
        reports.getByRole('list', { name: 'Report recipients' }).getByRole('listitem'),
      ).toHaveCount(2);
    });
  });
});

test.describe('manage checks', () => {
  const updates = checks.claims.find((c) => c.claim === 'Application Updates')!;

  test('bulk change: cancelled sends nothing, confirmed updates the whole claim; a failure keeps the dialog open', async ({
    page,
    scenario,
  }) => {
    await test.step('bulk change: Cancel and Escape send nothing; then the whole claim, buttons disabled while it runs, "Checks updated!"', async () => {
      await page.goto(settingsPath);
      const patches = record(page, 'PATCH', api('/settings/checks'));
      await expect(
        page.getByRole('button', { name: 'Make all optional in Application Updates' }),
      ).toBeDisabled(); // both are optional already
      const makeRequired = page.getByRole('button', {
        name: 'Make all required in Application Updates',
      });
      await makeRequired.click();
      const dialog = page.getByRole('dialog', { name: 'Update checks' });
      await expect(dialog).toContainText('Make all 2 checks in Application Updates required?');
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      // And by keyboard: Escape closes it too.
      await page.getByRole('button', { name: 'Make all optional in Firewall & Sharing' }).focus();
      await page.keyboard.press('Enter');
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      expect(patches).toHaveLength(0);

      await makeRequired.click();
      const release = await hold(page, 'PATCH', api('/settings/checks'));
      const call = waitForCall(page, 'PATCH', api('/settings/checks'));
      await dialog.getByRole('button', { name: 'Yes, update checks' }).click();
      expect((await call).postDataJSON()).toEqual({
        checks: updates.checks.map((c) => ({ id: c.id, level: 'required' })),
      });
      await expect(dialog.getByText('Updating check settings.')).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
      await expect(dialog.getByRole('button', { name: 'Updating' })).toBeDisabled();
      await scenario.prefer({ [GETS.checks]: 'example=allRequired' });
      release();
      await expect(toast(page, 'Checks updated!')).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(section(page, 'Manage Checks')).toContainText(
        `${allChecks.length} of ${allChecks.length} checks required`,
      );
    });

    await test.step('bulk failure: the dialog stays with the red notice', async () => {
      // The checks as the contract's example has them again (Application Updates optional).
      await scenario.prefer({ [GETS.checks]: '' });
      await scenario.prefer({ 'PATCH /team/{teamId}/settings/checks': 'code=500' });
      await page.goto(settingsPath);
      await page.getByRole('button', { name: 'Make all required in Application Updates' }).click();
      const dialog = page.getByRole('dialog', { name: 'Update checks' });
      await dialog.getByRole('button', { name: 'Yes, update checks' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('Internal server error.');
      await expect(dialog.getByRole('button', { name: 'Yes, update checks' })).toBeEnabled();
      await expect(toast(page, 'Checks updated!')).toHaveCount(0);
    });
  });
});

test.describe('single check', () => {
  const manager = allChecks.find((c) => c.description === 'Password manager is installed')!;
  const checkPath = `${settingsPath}/check/${manager.id}`;

  test("a check's page: saved from the list, a failed save, an unknown or malformed id", async ({
    page,
    scenario,
  }) => {
    await test.step('from the list: radio options, save, "Check updated!", back to the settings', async () => {
      await page.goto(settingsPath);
      await page.getByRole('link', { name: manager.description }).click();
      await expect(page).toHaveURL(new RegExp(`${checkPath}$`));
      await expect(page).toHaveTitle(`Check: ${manager.description} | Device Security Console`);
      await expect(
        page.getByRole('heading', { level: 1, name: `Check: ${manager.description}` }),
      ).toBeVisible();
      const optional = page.getByRole('radio', { name: /^Optional/ });
      await expect(optional).toBeChecked();
      const save = page.getByRole('button', { name: 'Save' });
      await expect(save).toBeDisabled();
      await expectAccessible(page);
      await page.getByRole('radio', { name: /^Required/ }).check();
      await expect(save).toBeEnabled();

      const release = await hold(page, 'PATCH', api('/settings/checks'));
      const call = waitForCall(page, 'PATCH', api('/settings/checks'));
      await save.click();
      expect((await call).postDataJSON()).toEqual({
        checks: [{ id: manager.id, level: 'required' }],
      });
      await expect(page.getByText('Updating check settings.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Saving' })).toBeDisabled();
      release();
      await expect(toast(page, 'Check updated!')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${settingsPath}$`));
    });

    // It changes no answer, so it goes before the failed save.
    await test.step('an unknown check says so with a way back; a non-UUID id is the 404 page', async () => {
      await page.goto(`${settingsPath}/check/00000000-0000-4000-8000-000000000000`);
      await expect(page.getByRole('heading', { level: 1, name: 'Check not found' })).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('link', { name: 'Back to team settings' }).click();
      await expect(page).toHaveURL(new RegExp(`${settingsPath}$`));

      await page.goto(`${settingsPath}/check/not-a-uuid`);
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    });

    await test.step('a failed save keeps the choice and shows the red notice', async () => {
      await scenario.prefer({ 'PATCH /team/{teamId}/settings/checks': 'code=500' });
      await page.goto(checkPath);
      await page.getByRole('radio', { name: /^Required/ }).check();
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('main').getByRole('alert')).toHaveText('Internal server error.');
      await expect(page.getByRole('radio', { name: /^Required/ })).toBeChecked();
      await expect(page).toHaveURL(new RegExp(`${checkPath}$`));
    });
  });
});
