import type { Page } from '@playwright/test';
import {
  test,
  expect,
  expectAccessible,
  readSession,
  SESSION_KEY,
  hold,
  waitForCall,
} from './fixtures';
import { example, type Schemas } from './contract-examples';
import { EXTERNAL_LINKS, PRODUCT_NAME } from '../../src/lib/constants';

type User = Schemas['User'];
type Team = Schemas['TeamSummary'];
type Admin = Schemas['Admin'];
type Collaborator = Schemas['Collaborator'];
type ErrorBody = Schemas['ErrorBody'];

const alice = example<User>('getUser', 'admin');
const teams = example<Team[]>('listTeams', 'threeTeams');
const engineering = teams.find((t) => t.name === 'Engineering')!;
const sales = teams.find((t) => t.deviceCount === 0)!;
const withDevices = teams.filter((t) => t.deviceCount > 0);
const admins = example<Admin[]>('listAdmins', 'withCurrentUser');
const frank = admins.find((a) => a.id !== alice.id)!;
const collaborators = example<Collaborator[]>('listCollaborators', 'two');
const bob = collaborators.find((c) => c.teams.length > 1)!;
const added = example<{ message: string }>('addTeamCollaborator', 'added');
const badRequest = (name: string) => example<ErrorBody>('addAdmin', name, '400').errors!;

const GENERIC = 'An error occurred, please try again.';

/** Every API call of the page, as "METHOD /path". */
function recordCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/v1/'))
      calls.push(`${r.method()} ${url.pathname.slice('/api/v1'.length)}`);
  });
  return calls;
}

const section = (page: Page, name: string) => page.getByRole('region', { name });
const form = (page: Page, name: string) => page.getByRole('form', { name });
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

async function openAccount(page: Page) {
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
}

test.beforeEach(async ({ scenario }) => {
  await scenario.signIn();
});

test.describe('the page by role', () => {
  test('account admin: log-in details, integrations, users and teams; a team with devices is refused without a call', async ({
    page,
  }) => {
    const calls = recordCalls(page);
    await openAccount(page);
    await expect(page).toHaveTitle(/^My Account \| /);

    const login = section(page, 'Log-in details');
    await expect(login.getByText(alice.email)).toBeVisible();
    await expect(login.getByRole('link', { name: 'Update email' })).toHaveAttribute(
      'href',
      '/email/change',
    );
    await expect(login.getByRole('link', { name: 'Change password' })).toHaveText('Change');
    await expect(login.getByRole('link', { name: 'Change password' })).toHaveAttribute(
      'href',
      '/password/change',
    );
    // Alice has two-factor set up.
    const twoFactor = login.getByRole('link', { name: /two-factor/ });
    await expect(twoFactor).toHaveText('Reconfigure');
    await expect(twoFactor).toHaveAttribute('href', '/account/authentication');

    const integrations = section(page, 'Integrations');
    await expect(
      integrations.getByText(`Connected to ${alice.slackConfig!.channel}`),
    ).toBeVisible();
    const manage = integrations.getByRole('link', { name: 'Manage Slack' });
    await expect(manage).toHaveAttribute('href', alice.slackManageLink!);
    await expect(manage).toHaveAttribute('target', '_blank');
    await expect(manage).toHaveAttribute('rel', 'noopener noreferrer');
    const zapier = integrations.getByRole('link', { name: 'Add Zapier' });
    await expect(zapier).toHaveAttribute('href', EXTERNAL_LINKS.zapier);
    await expect(zapier).toHaveAttribute('rel', 'noopener noreferrer');

    // "(You)": the signed-in admin is marked and has no remove action; Frank has one.
    const adminList = page.getByRole('list', { name: 'Admins' });
    await expect(adminList.getByRole('listitem')).toHaveCount(admins.length);
    const me = adminList.getByRole('listitem').filter({ hasText: alice.email });
    await expect(me).toHaveText(`${alice.email} (You)`);
    await expect(me.getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Remove ${frank.email}` })).toBeVisible();

    const collaboratorList = page.getByRole('list', { name: 'Collaborators' });
    await expect(collaboratorList.getByRole('listitem')).toHaveCount(collaborators.length);
    for (const team of bob.teams)
      await expect(
        collaboratorList.getByRole('listitem').filter({ hasText: bob.email }),
      ).toContainText(team.name);

    // SPEC §2 "Manage Teams, which includes team creation".
    const manageTeams = section(page, 'Manage Teams');
    await expect(manageTeams.getByRole('heading', { name: 'Manage Teams' })).toBeVisible();
    await expect(manageTeams.getByRole('button', { name: 'Create', exact: true })).toBeVisible();
    const teamList = manageTeams.getByRole('list', { name: 'Teams' });
    await expect(teamList.getByRole('listitem')).toHaveCount(teams.length);
    await expect(
      teamList.getByRole('listitem').filter({ hasText: engineering.name }),
    ).toContainText(`${engineering.deviceCount} devices`);
    await expectAccessible(page);

    // A team with devices cannot be deleted: the dialog says why, and nothing is sent.
    for (const team of withDevices) {
      await page.getByRole('button', { name: `Delete team ${team.name}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete Team' });
      await expect(dialog).toContainText(
        'Please make sure the team has no devices before deleting the team.',
      );
      await expect(dialog.getByRole('button', { name: 'Delete' })).toHaveCount(0);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();
    }
    expect(calls.filter((c) => c.startsWith('DELETE '))).toEqual([]);

    // The same logout as the profile menu.
    await page.getByRole('link', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect((await readSession(page))?.token).toBeNull();
  });

  test('users with fewer rights or settings: a collaborator, an account admin without the billing role, no integrations, Slack or password', async ({
    page,
    scenario,
  }) => {
    await test.step('collaborator: log-in details and the team add form only; no user lists requested', async () => {
      await scenario.prefer({ 'GET /user': 'example=collaborator' });
      const calls = recordCalls(page);
      await openAccount(page);
      await expect(page.getByRole('link', { name: /two-factor/ })).toHaveText('Configure');
      await expect(form(page, 'Create team')).toBeVisible();
      await expect(section(page, 'Integrations')).toHaveCount(0);
      await expect(section(page, 'Manage Users')).toHaveCount(0);
      await expect(page.getByRole('list', { name: 'Teams' })).toHaveCount(0);
      await page.waitForLoadState('networkidle');
      expect(calls).not.toContain('GET /user/admins');
      expect(calls).not.toContain('GET /user/collaborators');
      await expectAccessible(page);
    });

    await test.step('an account admin in the AccountAdmin state: collaborators and Add User, without the admin list', async () => {
      await scenario.prefer({ 'GET /user': 'example=noBillingRole' });
      const calls = recordCalls(page);
      await openAccount(page);
      await expect(page.getByRole('list', { name: 'Collaborators' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Teams' })).toBeVisible();
      // SPEC §6: an account admin adds admins; the admin list is not loaded in this state.
      const add = form(page, 'Add admin');
      await expect(add).toBeVisible();
      await expect(page.getByRole('list', { name: 'Admins' })).toHaveCount(0);
      await add.getByRole('textbox').fill('erin@northwind.example');
      const sent = waitForCall(page, 'POST', '/user/admin');
      await add.getByRole('button', { name: 'Add User' }).click();
      expect((await sent).postDataJSON()).toEqual({
        email: 'erin@northwind.example',
        ssoOnly: false,
      });
      await expect(page.getByText('Admin added!')).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(calls).not.toContain('GET /user/admins');
    });

    await test.step('without integrations, without Slack, without a password', async () => {
      await scenario.prefer({ 'GET /user': 'example=noIntegrations' });
      await openAccount(page);
      await expect(section(page, 'Manage Users')).toBeVisible();
      await expect(section(page, 'Integrations')).toHaveCount(0);

      await scenario.prefer({ 'GET /user': 'example=slackNotConnected' });
      await page.reload();
      const integrations = section(page, 'Integrations');
      await expect(integrations.getByText('Not connected')).toBeVisible();
      await expect(integrations.getByRole('link', { name: 'Manage Slack' })).toHaveCount(0);
      // This build has no Slack client id: no Add leading to a dead authorisation, a note instead.
      await expect(integrations.getByRole('link', { name: 'Add Slack' })).toHaveCount(0);
      await expect(
        integrations.getByText('Connecting Slack is not available in this installation'),
      ).toBeVisible();
      await expect(integrations.getByRole('link', { name: 'Add Zapier' })).toBeVisible();

      await scenario.prefer({ 'GET /user': 'example=noPassword' });
      await page.reload();
      const password = page.getByRole('link', { name: 'Set password' });
      await expect(password).toHaveText('Set');
      await expect(password).toHaveAttribute('href', '/password/change');
    });
  });
});

test.describe('admins', () => {
  test('Add User and Remove Admin: validation, the body sent, in progress, server and generic failures, the toasts', async ({
    page,
    scenario,
  }) => {
    await test.step('Add User: disabled until the email is valid, body, in progress, "Admin added!"', async () => {
      const calls = recordCalls(page);
      await openAccount(page);
      const add = form(page, 'Add admin');
      const email = add.getByRole('textbox', { name: 'Email' });
      const submit = add.getByRole('button', { name: 'Add User' });
      await expect(submit).toBeDisabled();
      await email.fill('erin@');
      await email.blur();
      await expect(add.getByText('Please enter a valid email')).toBeVisible();
      await expect(submit).toBeDisabled();
      await email.fill(`${'e'.repeat(120)}@example.com`);
      await expect(submit).toBeDisabled();
      await email.fill('  erin@northwind.example ');
      await add.getByRole('checkbox', { name: 'Single sign-on only' }).check();
      await expect(submit).toBeEnabled();

      const release = await hold(page, 'POST', '/user/admin');
      const call = waitForCall(page, 'POST', '/user/admin');
      await submit.click();
      await expect(add.getByRole('button', { name: 'Adding' })).toBeDisabled();
      expect((await call).postDataJSON()).toEqual({
        email: 'erin@northwind.example',
        ssoOnly: true,
      });
      const refreshed = waitForCall(page, 'GET', '/user/admins');
      release();
      await expect(toast(page, 'Admin added!')).toBeVisible();
      await refreshed;
      await expect(email).toHaveValue('');
      expect(calls.filter((c) => c === 'GET /user/admins').length).toBeGreaterThanOrEqual(2);
    });

    await test.step('a 400 shows the server message, anything else the generic one; the email stays', async () => {
      // A new page: no "Admin added!" left from the step before.
      await scenario.prefer({ 'POST /user/admin': 'code=400, example=adminExists' });
      await openAccount(page);
      const add = form(page, 'Add admin');
      const email = add.getByRole('textbox', { name: 'Email' });
      await email.fill(frank.email);
      await add.getByRole('button', { name: 'Add User' }).click();
      await expect(add.getByRole('alert')).toHaveText(badRequest('adminExists')[0]!);
      await expect(email).toHaveValue(frank.email);

      await scenario.prefer({ 'POST /user/admin': 'code=500' });
      await add.getByRole('button', { name: 'Add User' }).click();
      // SPEC §8: the generic failure offers a try-again link; it sends the same request again.
      await expect(add.getByRole('alert')).toHaveText(`${GENERIC} Try again`);
      await expect(email).toHaveValue(frank.email);
      await expect(toast(page, 'Admin added!')).toHaveCount(0);
      await scenario.prefer({ 'POST /user/admin': '' });
      const again = waitForCall(page, 'POST', '/user/admin');
      await add.getByRole('alert').getByRole('button', { name: 'Try again' }).click();
      expect((await again).postDataJSON()).toEqual({ email: frank.email, ssoOnly: false });
      await expect(toast(page, 'Admin added!')).toBeVisible();
      await expect(add.getByRole('alert')).toHaveCount(0);
    });

    await test.step('"Remove Admin": cancel sends nothing, confirm sends the email, "Admin removed!"; a failure keeps the dialog', async () => {
      const calls = recordCalls(page);
      // The page of the step before: the admin list as loaded, no dialog open.
      await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
      const remove = page.getByRole('button', { name: `Remove ${frank.email}` });
      await remove.click();
      const dialog = page.getByRole('dialog', { name: 'Remove Admin' });
      await expect(dialog).toContainText(frank.email);
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      expect(calls).not.toContain('DELETE /user/admin');

      await scenario.prefer({ 'DELETE /user/admin': 'code=500' });
      await remove.click();
      await dialog.getByRole('button', { name: 'Remove' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('Internal server error.');
      await expect(toast(page, 'Admin removed!')).toHaveCount(0);

      await scenario.prefer({ 'DELETE /user/admin': '' });
      const call = waitForCall(page, 'DELETE', '/user/admin');
      await dialog.getByRole('button', { name: 'Remove' }).click();
      expect((await call).postDataJSON()).toEqual({ email: frank.email });
      await expect(toast(page, 'Admin removed!')).toBeVisible();
      await expect(dialog).toBeHidden();
    });
  });
});

test.describe('collaborators', () => {
  test('Add User, Delete Collaborator and Edit teams: the calls in order, server and generic failures, the messages', async ({
    page,
    scenario,
  }) => {
    await test.step('Add User: invite email, then adding collaborator per team, then the server message', async () => {
      await openAccount(page);
      const add = form(page, 'Add collaborator');
      const submit = add.getByRole('button', { name: 'Add User' });
      await add.getByRole('textbox', { name: 'Email' }).fill('erin@northwind.example');
      // A collaborator also needs a team.
      await expect(submit).toBeDisabled();
      await add.getByRole('checkbox', { name: engineering.name }).check();
      await add.getByRole('checkbox', { name: sales.name }).check();
      await expect(submit).toBeEnabled();

      const releaseInvite = await hold(page, 'POST', '/user/collaborator');
      const releaseLinks = await hold(page, 'POST', '/team/*/collaborator');
      const invite = waitForCall(page, 'POST', '/user/collaborator');
      await submit.click();
      await expect(add.getByRole('button', { name: 'Inviting email' })).toBeDisabled();
      expect((await invite).postDataJSON()).toEqual({
        email: 'erin@northwind.example',
        ssoOnly: false,
      });
      const first = waitForCall(page, 'POST', `/team/${engineering.id}/collaborator`);
      releaseInvite();
      await expect(add.getByRole('button', { name: 'Adding collaborator' })).toBeDisabled();
      expect((await first).postDataJSON()).toEqual({ email: 'erin@northwind.example' });
      const second = waitForCall(page, 'POST', `/team/${sales.id}/collaborator`);
      releaseLinks();
      expect((await second).postDataJSON()).toEqual({ email: 'erin@northwind.example' });
      await expect(add.getByRole('status').filter({ hasText: added.message })).toBeVisible();
      await expect(add.getByRole('textbox', { name: 'Email' })).toHaveValue('');
    });

    await test.step('a 400 shows the first server message only, anything else the generic one', async () => {
      // A new page: an empty form, no message left from the step before.
      await scenario.prefer({ 'POST /user/collaborator': 'code=400, example=collaboratorExists' });
      await openAccount(page);
      const add = form(page, 'Add collaborator');
      const email = add.getByRole('textbox', { name: 'Email' });
      await email.fill('erin@northwind.example');
      await add.getByRole('checkbox', { name: sales.name }).check();
      await add.getByRole('button', { name: 'Add User' }).click();
      const [firstMessage] = badRequest('collaboratorExists');
      await expect(add.getByRole('alert')).toHaveText(firstMessage!);
      await expect(email).toHaveValue('erin@northwind.example');
      await expect(add.getByRole('checkbox', { name: sales.name })).toBeChecked();

      await scenario.prefer({ 'POST /user/collaborator': 'code=500' });
      await add.getByRole('button', { name: 'Add User' }).click();
      await expect(add.getByRole('alert')).toHaveText(`${GENERIC} Try again`);
      // Try again goes on with what the form holds: the invite, then the team.
      await scenario.prefer({ 'POST /user/collaborator': '' });
      const invited = waitForCall(page, 'POST', '/user/collaborator');
      const linked = waitForCall(page, 'POST', `/team/${sales.id}/collaborator`);
      await add.getByRole('alert').getByRole('button', { name: 'Try again' }).click();
      expect((await invited).postDataJSON()).toEqual({
        email: 'erin@northwind.example',
        ssoOnly: false,
      });
      expect((await linked).postDataJSON()).toEqual({ email: 'erin@northwind.example' });
      await expect(add.getByRole('alert')).toHaveCount(0);
    });

    await test.step('"Delete Collaborator": one DELETE per team, "Collaborator deleted!"; a failure keeps the dialog', async () => {
      await scenario.prefer({ 'DELETE /team/{teamId}/collaborator': 'code=500' });
      // The page of the step before: the collaborator list as loaded, no dialog open.
      await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
      await page.getByRole('button', { name: `Delete ${bob.email}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete Collaborator' });
      await expect(dialog).toContainText(bob.email);
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('Internal server error.');

      await scenario.prefer({ 'DELETE /team/{teamId}/collaborator': '' });
      const bodies: Record<string, unknown> = {};
      page.on('request', (r) => {
        const match = /\/api\/v1\/team\/([^/]+)\/collaborator$/.exec(new URL(r.url()).pathname);
        if (match && r.method() === 'DELETE') bodies[match[1]!] = r.postDataJSON();
      });
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await expect(toast(page, 'Collaborator deleted!')).toBeVisible();
      await expect(dialog).toBeHidden();
      expect(bodies).toEqual(
        Object.fromEntries(bob.teams.map((team) => [team.id, { email: bob.email }])),
      );
    });

    await test.step('Edit teams: adds and removes team links, "Updated!"', async () => {
      // The page of the step before (no dialog open, every answer the default).
      await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
      await page.getByRole('button', { name: `Edit teams of ${bob.email}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Teams' });
      const save = dialog.getByRole('button', { name: 'Save' });
      await expect(save).toBeDisabled();
      const dropped = bob.teams.find((t) => t.id !== engineering.id)!;
      await dialog.getByRole('checkbox', { name: dropped.name }).uncheck();
      await dialog.getByRole('checkbox', { name: sales.name }).check();
      const link = waitForCall(page, 'POST', `/team/${sales.id}/collaborator`);
      const unlink = waitForCall(page, 'DELETE', `/team/${dropped.id}/collaborator`);
      await save.click();
      expect((await link).postDataJSON()).toEqual({ email: bob.email });
      expect((await unlink).postDataJSON()).toEqual({ email: bob.email });
      await expect(toast(page, 'Updated!')).toBeVisible();
    });
  });
});

test.describe('teams', () => {
  test('create a team and delete the active one: the 128 rule, failures that keep the input, the navigation moving on', async ({
    page,
    scenario,
  }) => {
    await test.step('create: the 128 rule, body, in progress, the form says so; failures keep the name', async () => {
      await openAccount(page);
      const create = form(page, 'Create team');
      const name = create.getByRole('textbox', { name: 'Team name' });
      const submit = create.getByRole('button', { name: 'Create' });
      await expect(submit).toBeDisabled();
      await name.fill('x'.repeat(129));
      await expect(create.getByText('Team name cannot exceed 128 characters')).toBeVisible();
      await expect(submit).toBeDisabled();

      await scenario.prefer({ 'POST /team/create': 'code=400, example=teamNameTaken' });
      await name.fill(' Marketing ');
      await submit.click();
      await expect(create.getByRole('alert')).toHaveText(
        `There was a problem with this request: ${badRequest('teamNameTaken')[0]}`,
      );
      await expect(name).toHaveValue(' Marketing ');

      await scenario.prefer({ 'POST /team/create': 'code=500' });
      await submit.click();
      await expect(create.getByRole('alert')).toHaveText('Internal server error.');

      await scenario.prefer({ 'POST /team/create': '' });
      const release = await hold(page, 'POST', '/team/create');
      const call = waitForCall(page, 'POST', '/team/create');
      await submit.click();
      await expect(create.getByRole('button', { name: 'Creating' })).toBeDisabled();
      expect((await call).postDataJSON()).toEqual({ name: 'Marketing' });
      const refreshed = waitForCall(page, 'GET', '/teams');
      release();
      await expect(create.getByRole('status')).toHaveText('Team "Marketing" created.');
      await refreshed;
      await expect(name).toHaveValue('');
    });

    await test.step('"Delete Team" of the active team: "Team deleted!", the navigation and / move to another team', async () => {
      await scenario.prefer({ 'DELETE /team/{teamId}': 'code=400, example=teamHasDevices' });
      // The page of the step before; the reload below shows the session's new active team.
      await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
      // Sales is the active team.
      await page.evaluate(
        ([key, id]) => {
          const session = JSON.parse(window.localStorage.getItem(key!)!) as Record<string, unknown>;
          window.localStorage.setItem(key!, JSON.stringify({ ...session, activeTeamId: id }));
        },
        [SESSION_KEY, sales.id],
      );
      await page.reload();
      const overview = page.getByRole('navigation', { name: 'Main' }).getByRole('link', {
        name: 'Overview',
      });
      await expect(overview).toHaveAttribute('href', `/overview/${sales.id}`);
      await page.getByRole('button', { name: `Delete team ${sales.name}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete Team' });
      await expect(dialog).toContainText(sales.name);
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await expect(dialog.getByRole('alert')).toHaveText(
        `There was a problem with this request: ${badRequest('teamHasDevices')[0]}`,
      );

      await scenario.prefer({ 'DELETE /team/{teamId}': 'code=500' });
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('Internal server error.');
      expect((await readSession(page))?.activeTeamId).toBe(sales.id);

      await scenario.prefer({ 'DELETE /team/{teamId}': '' });
      const call = waitForCall(page, 'DELETE', `/team/${sales.id}`);
      const refreshed = waitForCall(page, 'GET', '/teams');
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await call;
      await expect(toast(page, 'Team deleted!')).toBeVisible();
      await refreshed;
      expect((await readSession(page))?.activeTeamId).toBe(engineering.id);
      await expect(overview).toHaveAttribute('href', `/overview/${engineering.id}`);
      // The root redirect follows too, without a reload.
      await page.getByRole('link', { name: PRODUCT_NAME }).click();
      await expect(page).toHaveURL(new RegExp(`/overview/${engineering.id}$`));
    });
  });
});

test.describe('Slack connect callback', () => {
  test('the Slack callback: the code goes to GET /slack/auth as it is, a failure says so, without a code nothing is sent', async ({
    page,
    scenario,
  }) => {
    await test.step('the query goes to GET /slack/auth as it is, then My Account', async () => {
      const query = '?code=1234567890.987654321.abcdef&state=northwind%20labs';
      const release = await hold(page, 'GET', '/slack/auth*');
      const call = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/v1/slack/auth');
      await page.goto(`/slack/connect${query}`);
      await expect(page).toHaveTitle(/^Connecting Slack \| /);
      await expect(page.getByRole('status').getByText('Connecting Slack')).toBeVisible();
      expect(new URL((await call).url()).search).toBe(query);
      // The code has left the address bar.
      await expect(page).toHaveURL(/\/slack\/connect$/);
      release();
      await expect(page).toHaveURL(/\/account$/);
      await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
    });

    await test.step('a failure says so, keeps nothing in the address bar and offers a way on', async () => {
      await scenario.prefer({ 'GET /slack/auth': 'code=400, example=slackCodeInvalid' });
      await page.goto('/slack/connect?code=expired');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Slack was not connected' }),
      ).toBeVisible();
      await expect(page.getByRole('alert')).toContainText(
        example<ErrorBody>('slackAuth', 'slackCodeInvalid', '400').errors![0]!,
      );
      // A refused code is not worth sending again.
      await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
      await expect(page).toHaveURL(/\/slack\/connect$/);
      await expectAccessible(page);

      await scenario.prefer({ 'GET /slack/auth': 'code=500' });
      await page.goto('/slack/connect?code=1234567890.987654321.abcdef');
      await expect(page.getByRole('alert')).toContainText('Internal server error.');
      await scenario.prefer({ 'GET /slack/auth': '' });
      const retry = page.waitForRequest(
        (r) => new URL(r.url()).search === '?code=1234567890.987654321.abcdef',
      );
      await page.getByRole('button', { name: 'Try again' }).click();
      await retry;
      await expect(page).toHaveURL(/\/account$/);
    });

    await test.step('without a code nothing is sent', async () => {
      const calls = recordCalls(page);
      await page.goto('/slack/connect?error=access_denied');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Slack was not connected' }),
      ).toBeVisible();
      await page.getByRole('link', { name: 'Back to My Account' }).click();
      await expect(page).toHaveURL(/\/account$/);
      expect(calls).not.toContain('GET /slack/auth');
    });
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the page fits 390 px without sideways scrolling', async ({ page }) => {
    await openAccount(page);
    await expect(page.getByRole('list', { name: 'Teams' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Collaborators' })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    // Row actions wrap below their text instead of running off the right edge.
    const box = await page.getByRole('button', { name: `Remove ${frank.email}` }).boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  });
});
