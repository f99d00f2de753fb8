// The `spec-only` project: the same build against openapi/spec-only.yaml, a backend built to the
// SPEC alone (the contract without the proposals that add a call or a field, openapi/PROPOSALS.md).
// The flows that used to depend on those proposals, end to end: each test also checks that no
// answer was a refusal of a call the backend does not have.
import type { Locator, Page } from '@playwright/test';
import {
  test,
  expect,
  expectAccessible,
  holdClock,
  record,
  STORY_NOW,
  waitForCall,
} from '../fixtures';
import { example, type Schemas } from '../contract-examples';

type Team = Schemas['TeamSummary'];
const engineering = example<Team>('getTeam', 'engineering');
const sales = example<Team>('getTeam', 'sales');
const heidisDevice = example<Schemas['TeamInvite']>('getTeamInvite', 'linked').deviceId!;
/** Watching the team (no invite to ask), the device that joined is named: it may be a teammate's. */
const joined = example<Schemas['DeviceList']>('listTeamDevices', 'newestAfterLink').devices[0]!;
const TEAM_WATCH_SUCCESS_TAIL = 'has been successfully linked to your team.';
const TEAM_WATCH_SUCCESS = `${joined.deviceName} ${TEAM_WATCH_SUCCESS_TAIL}`;
const alicesFirst = example<Schemas['DeviceList']>('listTeamDevices', 'salesFirstDevice')
  .devices[0]!;
const DEVICES = 'GET /team/{teamId}/devices';

/** Every API answer of the page: a SPEC-only backend must never have to refuse a call. */
function apiStatuses(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/v1/'))
      seen.push(`${response.status()} ${response.request().method()} ${url.pathname}`);
  });
  return seen;
}
const refused = (statuses: string[]) =>
  statuses.filter((line) => /^(404|405|422|5\d\d) /.test(line));
/**
 * The proposed calls (adds-call) a screen part may try once and then do without: their 404 is the
 * designed way to find out (src/api/operation-support.ts; the last test here checks the "once").
 */
const PROPOSED_CALL =
  /^404 (GET|POST) \/api\/v1\/(team\/[^/]+\/(history|exemptions)(\/.*)?|user\/activity)(\?.*)?$/;
/** Refusals of calls the SPEC has: a SPEC-only backend must never have to refuse one. */
const refusedSpecCalls = (statuses: string[]) =>
  refused(statuses).filter((line) => !PROPOSED_CALL.test(line));

/** Next from Link to Verify with the clock paused, so the test decides when each try is due. */
async function toVerify(page: Page, wizard: Locator): Promise<void> {
  await holdClock(page);
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.getByText('Step 3 of 3: Verify')).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await page.clock.install({ time: STORY_NOW });
});

test('Invite Link: the invite link to paste, then a watch of the team finds the device and leads to its page', async ({
  page,
  scenario,
}) => {
  await scenario.prefer({ [DEVICES]: 'example=newestBeforeLink' });
  await scenario.signIn();
  const statuses = apiStatuses(page);
  await page.goto(`/devices/${engineering.id}?openInviteModal=true`);
  const wizard = page.getByRole('dialog', { name: 'Link a device' });
  await expect(wizard.getByText('Step 1 of 3: Install')).toBeVisible();

  // Link: the SPEC's answer is only invite_link, so there is no link that opens the app; the
  // invite link is shown to paste into it, and the wizard may go on.
  const invite = waitForCall(page, 'POST', `/team/${engineering.id}/invite`);
  await wizard.getByRole('button', { name: 'Next' }).click();
  await invite;
  const pasted = wizard.getByRole('textbox', { name: 'Link for the desktop app' });
  await expect(pasted).toHaveValue(
    `https://app.example.com/team/join/${engineering.id}?email=heidi%40northwind.example`,
  );
  await expect(wizard.getByRole('link', { name: 'Link this device' })).toHaveCount(0);
  await expect(wizard.getByRole('tabpanel')).toContainText(
    'In the desktop app, choose to link this device to a team and paste it.',
  );
  await expectAccessible(page);

  // Verify watches the team's newest devices on the SPEC schedule: nothing new at 2 s ...
  const watched = waitForCall(page, 'GET', `/team/${engineering.id}/devices`);
  await toVerify(page, wizard);
  await page.clock.runFor(2000);
  const query = new URL((await watched).url()).searchParams;
  expect(Object.fromEntries(query)).toMatchObject({ orderBy: 'created', direction: 'desc' });
  await expect(wizard.getByTestId('linking-waiting')).toHaveAttribute('data-tries', '1');

  // ... Heidi's MacBook Air has joined by the next try, 5 s later.
  await scenario.prefer({ [DEVICES]: 'example=newestAfterLink' });
  await page.clock.runFor(5000);
  await expect(wizard.getByRole('status')).toHaveText(TEAM_WATCH_SUCCESS);
  await page.clock.runFor(3000);
  await expect(page).toHaveURL(`/device/${heidisDevice}`);
  await page.clock.resume(); // the device page's queries settle on real timers

  // The device page without the proposed check level: no Level column, the results still there.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Result' }).first()).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Level' })).toHaveCount(0);
  // No invite id, so the invite itself was never asked.
  expect(statuses.filter((line) => line.includes(`/team/${engineering.id}/invite/`))).toEqual([]);
  expect(refusedSpecCalls(statuses)).toEqual([]);
});

test('onboarding step 2: Continue checks twice before it asks for a device; a device that joins while the wizard is on Install finishes it', async ({
  page,
  scenario,
}) => {
  test.setTimeout(60_000);
  await scenario.prefer({
    'GET /user': 'example=newUser',
    'GET /teams': 'example=newAccount',
    'GET /team/{teamId}': 'example=sales',
    [DEVICES]: 'example=empty',
  });
  await scenario.signIn();
  const statuses = apiStatuses(page);
  const teamChecks = record(page, 'GET', `/team/${sales.id}`);
  await page.goto('/welcome');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(
    page.getByRole('heading', { level: 2, name: 'Link device to the cloud service' }),
  ).toBeVisible();
  await expect(page.getByText('Step 1 of 3: Install')).toBeVisible();

  // SPEC §4's 2-try variant: two checks, then the SPEC message, and no third check (its timing,
  // 2 s and 7 s: tests/unit/linking-poll.test.ts).
  await holdClock(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('button', { name: 'Checking' })).toBeDisabled();
  const message = page.getByRole('alert');
  await expect
    .poll(async () => {
      await page.clock.runFor(1000);
      return message.count();
    })
    .toBe(1);
  await expect(message).toHaveText(
    'Please link at least one device before proceeding. Click the link above to download the desktop app and link your device.',
  );
  expect(teamChecks).toHaveLength(2);
  await page.clock.runFor(30_000);
  expect(teamChecks).toHaveLength(2);

  // Alice links her MacBook Pro from the emailed invite: the wizard, still on Install, sees it.
  await scenario.prefer({
    [DEVICES]: 'example=salesFirstDevice',
    'GET /team/{teamId}': 'example=salesFirstDevice',
  });
  await expect
    .poll(async () => {
      await page.clock.runFor(1000);
      return page.getByText(`${alicesFirst.deviceName} ${TEAM_WATCH_SUCCESS_TAIL}`).isVisible();
    })
    .toBe(true);
  await expect(page.getByText('Linked', { exact: true })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Important notices' })).toBeVisible();
  expect(refusedSpecCalls(statuses)).toEqual([]);
});

test('Join Team without the public team call: how to join, with the serial-number consent, failFast or not', async ({
  page,
}) => {
  const statuses = apiStatuses(page);
  const lookups = record(page, 'GET', `/team/${engineering.id}/public`);
  for (const query of ['?email=heidi%40northwind.example', '?failFast=true']) {
    await page.goto(`/team/join/${engineering.id}${query}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Join Team' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '1. Install the desktop app' })).toBeVisible();
    await expect(page.getByText("The team's details are not available here.")).toBeVisible();
    await expect(page.getByText('You were invited as heidi@northwind.example.')).toHaveCount(
      query.includes('email') ? 1 : 0,
    );
    const consent = page.getByRole('checkbox', {
      name: "I agree to send this device's serial number to this team.",
    });
    const link = page.getByRole('textbox', { name: 'Team invite link' });
    await expect(link).toHaveCount(0);
    await consent.check();
    await expect(link).toHaveValue(`${new URL(page.url()).origin}/team/join/${engineering.id}`);
  }
  await expectAccessible(page);
  // The enhancement was tried once per visit (a 404 is not retried), and nothing else failed.
  expect(lookups).toHaveLength(2);
  expect(refusedSpecCalls(statuses).filter((line) => !line.endsWith('/public'))).toEqual([]);
});

test("plan change: the user's isPaddleBilling decides, in place or through the payment overlay", async ({
  page,
  scenario,
}) => {
  await scenario.signIn();
  const statuses = apiStatuses(page);
  // Alice's account is billed through the provider (isPaddleBilling): changed in place.
  await page.goto('/billing');
  await page.getByRole('radio', { name: /^Business/ }).check();
  await page.getByRole('button', { name: 'Change plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change plan' });
  const call = waitForCall(page, 'PATCH', '/user/billing');
  await dialog.getByRole('button', { name: 'Change plan' }).click();
  expect((await call).postDataJSON()).toEqual({ priceId: 'pri_business_monthly', deviceLimit: 15 });
  await expect(page.getByText('Updated!')).toBeVisible();

  // A trial account is not (isPaddleBilling false): a paid plan goes through the checkout,
  // which this build has no provider token for; nothing is changed in place.
  await scenario.prefer({ 'GET /user': 'example=trial', 'GET /user/billing': 'example=trial' });
  const patches = record(page, 'PATCH', '/user/billing');
  await page.reload();
  await page.getByRole('radio', { name: /^Business/ }).check();
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toBeDisabled();
  await expect(page.getByRole('alert')).toContainText('Loading payment provider failed.');
  expect(patches).toEqual([]);
  expect(page.url()).toMatch(/\/billing$/);
  expect(
    statuses.filter((line) => /^2\d\d PATCH \/api\/v1\/user\/billing$/.test(line)),
  ).toHaveLength(1);
  expect(refusedSpecCalls(statuses)).toEqual([]);
});

test('without history, exemptions and the activity log: the overview, device page and team settings as before; the activity page says so once', async ({
  page,
  scenario,
}) => {
  await scenario.signIn();
  const statuses = apiStatuses(page);
  const history = record(page, 'GET', `/team/${engineering.id}/history`);
  const exemptionLists = record(page, 'GET', `/team/${engineering.id}/exemptions`);
  const activity = record(page, 'GET', '/user/activity');
  const answered = (path: string) =>
    page.waitForResponse((response) => new URL(response.url()).pathname === `/api/v1${path}`);
  const historyAnswered = answered(`/team/${engineering.id}/history`);
  const listAnswered = answered(`/team/${engineering.id}/exemptions`);
  await page.goto(`/overview/${engineering.id}`);
  const checks = page.getByRole('region', { name: 'Required checks' });
  await expect(checks).toBeVisible();
  await historyAnswered;
  // The failing devices, where Exempt… would be offered: the exemption list is asked then.
  await checks
    .getByRole('button', { name: /^List the \d+ devices failing this check$/ })
    .first()
    .click();
  await expect(checks.getByTestId('failing-device-list').first()).toBeVisible();
  await listAnswered;
  // No chart and no Exempt…, once the server said it has neither.
  await expect(page.getByRole('figure')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Exempt / })).toHaveCount(0);

  // Within the same session (links, no reload): nothing is asked again.
  await checks.getByTestId('failing-device').first().click();
  await expect(page.getByRole('heading', { name: 'Check results' })).toBeVisible();
  await expect(page.getByText('failed').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Exempt / })).toHaveCount(0);

  await page.getByRole('navigation').getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Manage Checks' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Exemptions' })).toHaveCount(0);

  await page.getByRole('button', { name: 'alice@northwind.example', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Activity' }).click();
  await expect(page.getByText('This server does not offer an activity log.')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('navigation').getByRole('link', { name: 'Overview', exact: true }).click();
  await expect(checks).toBeVisible();
  await expect(page.getByRole('figure')).toHaveCount(0);
  expect([history.length, exemptionLists.length, activity.length]).toEqual([1, 1, 1]);
  // Only the three missing calls were refused, each once.
  expect(refused(statuses).sort()).toEqual(
    [
      `404 GET /api/v1/team/${engineering.id}/exemptions`,
      `404 GET /api/v1/team/${engineering.id}/history`,
      '404 GET /api/v1/user/activity',
    ].sort(),
  );
});
