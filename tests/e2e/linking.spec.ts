import type { Locator, Page, Request } from '@playwright/test';
import { test, expect, expectAccessible, holdClock, STORY_NOW } from './fixtures';
import { example, type Schemas } from './contract-examples';

type Team = Schemas['TeamSummary'];

const engineering = example<Team>('getTeam', 'engineering');
const invite = example<Schemas['InviteLink']>('createTeamInvite', 'link');
const linked = example<Schemas['TeamInvite']>('getTeamInvite', 'linked');
const admin = example<Schemas['User']>('getUser', 'admin');
const POLL = 'GET /team/{teamId}/invite/{inviteId}';
const TIMED_OUT = 'Device linking timed out. Please try again.';
const SUCCESS = 'Your device has been successfully linked to your team.';
/** Watching the team (no invite to ask), the device that joined is named: it may be a teammate's. */
const joined = example<Schemas['DeviceList']>('listTeamDevices', 'newestAfterLink').devices[0]!;
const TEAM_WATCH_SUCCESS = `${joined.deviceName} has been successfully linked to your team.`;

function isPoll(request: Request): boolean {
  return (
    request.method() === 'GET' &&
    /\/api\/v1\/team\/[^/]+\/invite\/[^/]+$/.test(new URL(request.url()).pathname)
  );
}

function isInvitePost(request: Request): boolean {
  return request.method() === 'POST' && request.url().endsWith(`/team/${engineering.id}/invite`);
}

/** Counts the polls the page sends. */
function countPolls(page: Page): { readonly count: number } {
  const counter = { count: 0 };
  page.on('request', (request) => {
    if (isPoll(request)) counter.count += 1;
  });
  return counter;
}

function wizard(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Link a device' });
}

/**
 * Install → Link → Verify with the clock paused just before Verify, so the test decides when
 * each poll is due.
 */
async function goToVerify(page: Page, dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByRole('link', { name: 'Link this device' })).toBeVisible();
  await holdClock(page);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText('Step 3 of 3: Verify')).toBeVisible();
}

/** Let the poll run `tries` times with empty answers (each try waits for the one before). */
async function pollEmpty(page: Page, dialog: Locator, tries: number, from = 0): Promise<void> {
  const waiting = dialog.getByTestId('linking-waiting');
  for (let n = from + 1; n <= from + tries; n++) {
    await page.clock.runFor(n === 1 ? 2000 : 5000);
    await expect(waiting).toHaveAttribute('data-tries', String(n));
  }
}

test.beforeEach(async ({ page }) => {
  await page.clock.install({ time: STORY_NOW });
});

test.describe('opens from every entry point', () => {
  // The device list's Invite Link and ?openInviteModal=true: device-list.spec.ts; the overview's
  // "Link a device" of a team without devices: overview.spec.ts.
  test('overview Invite Link: the first step, then the team link', async ({ page, scenario }) => {
    await scenario.signIn();
    await page.goto(`/overview/${engineering.id}`);
    await page.getByRole('button', { name: 'Invite Link' }).click();
    await expect(wizard(page).getByText('Step 1 of 3: Install')).toBeVisible();
    await expect(
      wizard(page).getByRole('progressbar', { name: 'Step 1 of 3: Install' }),
    ).toHaveAttribute('aria-valuenow', '25');
    await expectAccessible(page);
    await wizard(page).getByRole('button', { name: 'Next' }).click();
    await expect(wizard(page).getByRole('textbox', { name: 'Team invite link' })).toHaveValue(
      `${new URL(page.url()).origin}/team/join/${engineering.id}`,
    );
    await wizard(page).getByRole('button', { name: 'Close' }).click();
    await expect(wizard(page)).toHaveCount(0);
  });
});

test('Install: OS tabs and a download per OS; on a phone the wizard fills the screen', async ({
  page,
  scenario,
}) => {
  await scenario.signIn();
  await test.step('Install: OS tabs with the reader’s OS preselected and a download per OS', async () => {
    await page.goto(`/devices/${engineering.id}?openInviteModal=true`);
    const dialog = wizard(page);
    // Chromium on this machine runs on Linux.
    await expect(dialog.getByRole('tab', { name: 'Linux' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const download = dialog.getByRole('link', { name: 'Download for Linux' });
    await expect(download).toHaveAttribute('href', 'https://downloads.example.com/desktop/linux');
    await expect(download).toHaveAttribute('target', '_blank');
    await expect(download).toHaveAttribute('rel', 'noopener noreferrer');
    await dialog.getByRole('tab', { name: 'macOS' }).click();
    await expect(dialog.getByRole('link', { name: 'Download for macOS' })).toHaveAttribute(
      'href',
      'https://downloads.example.com/desktop/macos',
    );
    await dialog.getByRole('tab', { name: 'Windows' }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('link', { name: 'Download for Windows' })).toBeVisible();
    await expect(dialog.getByRole('tabpanel')).toContainText('installer');

    // Link keeps the chosen OS and shows its instructions.
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByText('Step 2 of 3: Link')).toBeVisible();
    await expect(dialog.getByRole('tab', { name: 'Windows' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(dialog.getByRole('tabpanel')).toContainText('system tray');
    await dialog.getByRole('tab', { name: 'macOS' }).click();
    await expect(dialog.getByRole('tabpanel')).toContainText('menu bar');
    // Next is in sight without scrolling the step, beside the pinned Close.
    await expect(dialog.getByRole('button', { name: 'Next' })).toBeInViewport({ ratio: 1 });
  });
  await test.step('phone size: the wizard fills the screen without sideways scrolling', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/devices/${engineering.id}?openInviteModal=true`);
    const dialog = wizard(page);
    await expect(dialog.getByText('Step 1 of 3: Install')).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box?.width).toBe(390);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByRole('link', { name: 'Link this device' })).toBeVisible();
    // Next whole on screen, not cut by the scrolling edge.
    await expect(dialog.getByRole('button', { name: 'Next' })).toBeInViewport({ ratio: 1 });
    const overflow = await dialog
      .locator('.MuiDialogContent-root')
      .evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBe(0);
    await expectAccessible(page);
  });
});

test.describe('a Mac reader', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
  });
  test('gets the macOS tab first', async ({ page, scenario }) => {
    await scenario.signIn();
    await page.goto(`/devices/${engineering.id}?openInviteModal=true`);
    await expect(wizard(page).getByRole('tab', { name: 'macOS' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });
});

test('Link: the desktop link for this user’s invite, invite by email, the team link', async ({
  page,
  scenario,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await scenario.signIn();
  await page.goto(`/devices/${engineering.id}?openInviteModal=true`);
  const dialog = wizard(page);
  const selfInvite = page.waitForRequest(isInvitePost);
  await dialog.getByRole('button', { name: 'Next' }).click();
  // The wizard's own invite is for the signed-in user's device.
  expect((await selfInvite).postDataJSON()).toEqual({ email: admin.email });
  const origin = new URL(page.url()).origin;
  await expect(dialog.getByRole('link', { name: 'Link this device' })).toHaveAttribute(
    'href',
    `devicesecurity://link-device?team=${engineering.id}&invite=${invite.inviteId}&host=${encodeURIComponent(origin)}`,
  );

  await dialog.getByRole('button', { name: 'Copy team invite link' }).click();
  await expect(dialog.getByText('Link copied to the clipboard.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `${origin}/team/join/${engineering.id}`,
  );

  const email = dialog.getByRole('textbox', { name: 'Email', exact: true });
  const send = dialog.getByRole('button', { name: 'Send invite' });
  await expect(send).toBeDisabled();
  await email.fill('not-an-email');
  await expect(send).toBeDisabled();
  await email.fill(`${'a'.repeat(120)}@example.com`);
  await expect(send).toBeDisabled();
  await email.fill('heidi@northwind.example');
  const posted = page.waitForRequest(isInvitePost);
  await send.click();
  expect((await posted).postDataJSON()).toEqual({ email: 'heidi@northwind.example' });
  await expect(dialog.getByText('Invitation sent to heidi@northwind.example.')).toBeVisible();
  await expect(email).toHaveValue('');
  await expectAccessible(page);

  const badRequest = example<{ errors: string[] }>('createTeamInvite', 'validation', '400');
  await scenario.prefer({ 'POST /team/{teamId}/invite': 'code=400' });
  await email.fill('ivan@northwind.example');
  await send.click();
  await expect(dialog.getByRole('alert')).toHaveText(badRequest.errors[0]!);
  await expect(email).toHaveValue('ivan@northwind.example');

  // The generic failure offers a try-again link that sends the same address again.
  await scenario.prefer({ 'POST /team/{teamId}/invite': 'code=500' });
  await email.fill('judy@northwind.example');
  await send.click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'An error occurred, please try again. Try again',
  );
  await scenario.prefer({ 'POST /team/{teamId}/invite': '' });
  const again = page.waitForRequest(isInvitePost);
  await dialog.getByRole('alert').getByRole('button', { name: 'Try again' }).click();
  expect((await again).postDataJSON()).toEqual({ email: 'judy@northwind.example' });
  await expect(dialog.getByText('Invitation sent to judy@northwind.example.')).toBeVisible();
});

test('the wizard finishes: from Link when a device was linked meanwhile, and on to /welcome for a new user', async ({
  page,
  scenario,
}) => {
  await scenario.signIn();
  await test.step('Link: when the wizard’s own invite fails, Try again creates it; a device linked meanwhile finishes the wizard from Link', async () => {
    await scenario.prefer({
      'POST /team/{teamId}/invite': 'code=500',
      'GET /team/{teamId}/devices': 'example=newestBeforeLink',
    });
    await page.goto(`/devices/${engineering.id}?openInviteModal=true`);
    const dialog = wizard(page);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByRole('alert')).toContainText('An error occurred, please try again.');
    await expect(dialog.getByRole('button', { name: 'Next' })).toBeDisabled();
    await scenario.prefer({ 'POST /team/{teamId}/invite': '' });
    await dialog.getByRole('button', { name: 'Try again' }).click();
    await expect(dialog.getByRole('link', { name: 'Link this device' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Next' })).toBeEnabled();

    // SPEC §4 "It advances automatically when a device is detected as linked": Heidi's MacBook Air
    // joins the team (through the emailed invite) while the wizard is still on Link.
    await scenario.prefer({ 'GET /team/{teamId}/devices': 'example=newestAfterLink' });
    await expect
      .poll(async () => {
        await page.clock.runFor(1000);
        return dialog.getByText('Linked', { exact: true }).isVisible();
      })
      .toBe(true);
    await expect(dialog.getByRole('status')).toHaveText(TEAM_WATCH_SUCCESS);
    await page.clock.runFor(3000);
    await expect(page).toHaveURL(`/device/${linked.deviceId}`);
  });
  // The team's own devices again, as the next step started.
  await scenario.prefer({ 'GET /team/{teamId}/devices': '' });
  await test.step('a user whose onboarding is not completed goes on to /welcome', async () => {
    await scenario.prefer({ 'GET /user': 'example=newUser' });
    await page.goto(`/devices/${engineering.id}?openInviteModal=true`);
    const dialog = wizard(page);
    await goToVerify(page, dialog);
    await page.clock.runFor(2000);
    await expect(dialog.getByText(SUCCESS)).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Continue setup' })).toHaveAttribute(
      'href',
      '/welcome',
    );
    await page.clock.runFor(3000);
    await expect(page).toHaveURL('/welcome');
  });
});

test('Verify: when it polls, what a linked device and a failed poll lead to', async ({
  page,
  scenario,
}) => {
  await scenario.signIn();
  await test.step('Verify: first poll at 2 s, then every 5 s; a linked device leads to its page', async () => {
    await scenario.prefer({ [POLL]: 'example=waiting' });
    const polls = countPolls(page);
    await page.goto(`/overview/${engineering.id}`);
    await page.getByRole('button', { name: 'Invite Link' }).click();
    const dialog = wizard(page);
    await goToVerify(page, dialog);
    await expect(dialog.getByText('Waiting for your device…')).toBeVisible();

    await page.clock.runFor(1999);
    expect(polls.count).toBe(0);
    const first = page.waitForRequest(isPoll);
    await page.clock.runFor(1);
    expect(new URL((await first).url()).pathname).toBe(
      `/api/v1/team/${engineering.id}/invite/${invite.inviteId}`,
    );
    await expect(dialog.getByTestId('linking-waiting')).toHaveAttribute('data-tries', '1');
    await page.clock.runFor(4999);
    expect(polls.count).toBe(1);
    await page.clock.runFor(1);
    await expect(dialog.getByTestId('linking-waiting')).toHaveAttribute('data-tries', '2');
    expect(polls.count).toBe(2);

    // No manual link before the delay, then one to open or copy.
    await expect(dialog.getByRole('link', { name: 'Open the desktop app' })).toHaveCount(0);
    await scenario.prefer({ [POLL]: '' }); // linked from now on
    await page.clock.runFor(3000);
    await expect(dialog.getByRole('link', { name: 'Open the desktop app' })).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Link for the desktop app' })).toHaveValue(
      /^devicesecurity:\/\/link-device\?/,
    );

    await page.clock.runFor(2000);
    await expect(dialog.getByRole('status').filter({ hasText: SUCCESS })).toBeVisible();
    await expect(dialog.getByText('Linked', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(polls.count).toBe(3);
    await page.clock.runFor(3000);
    await expect(page).toHaveURL(`/device/${linked.deviceId}`);
    await page.clock.runFor(60_000);
    expect(polls.count).toBe(3);
  });
  // The previous step left the clock paused (goToVerify): it runs again, as the next step started.
  await page.clock.resume();
  await test.step('a failed poll: the final step "Verification failed" with the reason and a Try again', async () => {
    await scenario.prefer({ [POLL]: 'code=500' });
    const polls = countPolls(page);
    await page.goto(`/devices/${engineering.id}?openInviteModal=true`);
    const dialog = wizard(page);
    await goToVerify(page, dialog);
    await page.clock.runFor(2000);
    const alert = dialog.getByRole('alert');
    await expect(dialog.getByRole('heading', { name: 'Verification failed' })).toBeVisible();
    await expect(alert).toHaveText('Internal server error. Try again');
    await page.clock.runFor(30_000);
    expect(polls.count).toBe(1);
    await page.clock.resume(); // axe needs running timers
    await expectAccessible(page);

    await scenario.prefer({ [POLL]: '' });
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(dialog.getByText(SUCCESS)).toBeVisible();
    expect(polls.count).toBe(2);
  });
});

test('60 empty answers time out: "Verification failed", the timeout and Try again, which polls afresh', async ({
  page,
  scenario,
}) => {
  test.setTimeout(120_000);
  await scenario.prefer({ [POLL]: 'example=waiting' });
  await scenario.signIn();
  const polls = countPolls(page);
  await page.goto(`/devices/${engineering.id}?openInviteModal=true`);
  const dialog = wizard(page);
  await goToVerify(page, dialog);
  await pollEmpty(page, dialog, 59);
  await page.clock.runFor(5000);
  // SPEC §2's final step: "Verification failed", the reason and a try-again link.
  await expect(dialog.getByRole('heading', { name: 'Verification failed' })).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveText(`${TIMED_OUT} Try again`);
  await expect(dialog.getByText('Not linked', { exact: true })).toBeVisible();
  expect(polls.count).toBe(60);
  await page.clock.runFor(60_000);
  expect(polls.count).toBe(60);
  await page.clock.resume(); // axe needs running timers
  await expectAccessible(page);

  await scenario.prefer({ [POLL]: '' });
  await dialog.getByRole('button', { name: 'Try again' }).click();
  await expect(dialog.getByText(SUCCESS)).toBeVisible();
  expect(polls.count).toBe(61);
});

test('polling stops when the wizard closes or the page is left', async ({ page, scenario }) => {
  await scenario.prefer({ [POLL]: 'example=waiting' });
  await scenario.signIn();
  const polls = countPolls(page);
  const watches = { count: 0 };
  page.on('request', (request) => {
    if (new URL(request.url()).searchParams.get('orderBy') === 'created') watches.count += 1;
  });
  await page.goto(`/devices/${engineering.id}?openInviteModal=true`);
  let dialog = wizard(page);
  await goToVerify(page, dialog);
  await pollEmpty(page, dialog, 1);
  await page.clock.resume(); // the waiting state, polled in real time, for axe
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  const afterClose = polls.count;
  const watchesAfterClose = watches.count;
  await page.clock.runFor(60_000);
  expect(polls.count).toBe(afterClose);
  // The team watch of Install and Link stops too.
  expect(watches.count).toBe(watchesAfterClose);

  // Opened again, it starts at Install; leaving the page stops it too.
  await page.getByRole('button', { name: 'Invite Link' }).click();
  dialog = wizard(page);
  await expect(dialog.getByText('Step 1 of 3: Install')).toBeVisible();
  await goToVerify(page, dialog);
  await pollEmpty(page, dialog, 1);
  expect(polls.count).toBe(afterClose + 1);
  await page.evaluate(() => {
    window.history.pushState(null, '', '/account');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  // The next page commits within a few (fake) milliseconds, long before the next poll is due.
  await expect
    .poll(async () => {
      await page.clock.runFor(100);
      return page.getByRole('heading', { level: 1, name: 'My Account' }).isVisible();
    })
    .toBe(true);
  await expect(dialog).toHaveCount(0);
  await page.clock.runFor(60_000);
  expect(polls.count).toBe(afterClose + 1);
});
