import type { Locator, Page, Request } from '@playwright/test';
import { test, expect, expectAccessible, expectNoSidewaysScroll, STORY_NOW } from './fixtures';
import { example, type Schemas } from './contract-examples';

type Team = Schemas['TeamSummary'];

const sales = example<Team>('getTeam', 'sales');
const newUser = example<Schemas['User']>('getUser', 'newUser');
const STORAGE_KEY = 'console.onboarding';
const MESSAGES = {
  presetFailed: 'Failed to save check settings. Please try again.',
  deviceRequired:
    'Please link at least one device before proceeding. Click the link above to download the desktop app and link your device.',
  deviceCheckFailed: 'Failed to verify if device was linked. Please try again.',
  fieldsRequired: 'Please fill in all required fields',
  termsRequired: 'Please accept the terms and conditions',
  completeFailed: 'Failed to complete setup. Please try again.',
};

function isPost(path: string) {
  return (request: Request) =>
    request.method() === 'POST' && new URL(request.url()).pathname === `/api/v1${path}`;
}

async function expectStep(page: Page, n: number, title: string): Promise<void> {
  await expect(page.getByText(`Step ${n} of 3`, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
}

async function choose(page: Page, label: RegExp, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Moves the (fake) clock on a second at a time until `target` shows. */
async function runUntilVisible(page: Page, target: Locator): Promise<void> {
  await expect
    .poll(async () => {
      await page.clock.runFor(1000);
      return target.isVisible();
    })
    .toBe(true);
}

test.beforeEach(async ({ page, scenario }) => {
  await page.clock.install({ time: STORY_NOW });
  await scenario.prefer({
    'GET /user': 'example=newUser',
    'GET /teams': 'example=newAccount',
    'GET /team/{teamId}': 'example=sales',
  });
  await scenario.signIn();
});

test('a new account from the root through every step and rule to completion', async ({
  page,
  scenario,
}) => {
  test.setTimeout(90_000);
  await page.goto('/');
  await expect(page).toHaveURL('/welcome');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome' })).toBeVisible();
  await expectStep(page, 1, 'Define your required checks');
  await expect(page.getByRole('radio', { name: /Recommended checks/ })).toBeChecked();
  await expectAccessible(page);

  // 1. The preset; a failure keeps the choice.
  await scenario.prefer({ 'POST /team/{teamId}/settings/checks/preset': 'code=500' });
  await page.getByRole('radio', { name: /All checks/ }).check();
  const failed = page.waitForRequest(isPost(`/team/${sales.id}/settings/checks/preset`));
  await page.getByRole('button', { name: 'Save and continue' }).click();
  expect((await failed).postDataJSON()).toEqual({ preset: 'all' });
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.presetFailed);
  await expect(page.getByRole('radio', { name: /All checks/ })).toBeChecked();
  await scenario.prefer({ 'POST /team/{teamId}/settings/checks/preset': '' });
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expectStep(page, 2, 'Link device to the cloud service');

  // The step survives a reload of the page.
  await page.reload();
  await expectStep(page, 2, 'Link device to the cloud service');

  // 2. Moving on needs a linked device (asked twice: the poll's 2-try variant), and the check
  // itself may fail.
  await page.getByRole('button', { name: 'Continue' }).click();
  await runUntilVisible(page, page.getByRole('alert'));
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.deviceRequired);
  await scenario.prefer({ 'GET /team/{teamId}': 'code=500' });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await runUntilVisible(page, page.getByRole('alert'));
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.deviceCheckFailed);

  // The linking wizard, inline: Install, Link, Verify; success stays on /welcome.
  await expect(page.getByText('Step 1 of 3: Install')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('link', { name: 'Link this device' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Waiting for your device…')).toBeVisible();
  await page.clock.runFor(2000);
  await expect(
    page.getByText('Your device has been successfully linked to your team.'),
  ).toBeVisible();
  await expectAccessible(page);
  await page.clock.runFor(10_000);
  await expect(page).toHaveURL('/welcome');

  await scenario.prefer({ 'GET /team/{teamId}': 'example=salesFirstDevice' });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectStep(page, 3, 'Important notices');
  await expect(page.getByText('Cookies', { exact: true })).toBeVisible();
  await expectAccessible(page);

  // 3. Every rule, in order; the placeholder cannot be chosen.
  const complete = page.getByRole('button', { name: 'Complete setup' });
  await complete.click();
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.fieldsRequired);
  await page.getByRole('combobox', { name: /Where did you find us/ }).click();
  await expect(page.getByRole('option', { name: 'Select an option' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await expect(page.getByRole('option')).toHaveText([
    'Select an option',
    'Friend or Colleague',
    'Social Media',
    'Podcast',
    'Online Communities',
    'Search',
    'Other',
  ]);
  await page.getByRole('option', { name: 'Podcast', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.fieldsRequired);
  await choose(page, /Who will you use the app for/, 'Ourselves');
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.termsRequired);
  await page.reload();
  await expectStep(page, 3, 'Important notices');
  await expect(page.getByRole('combobox', { name: /Where did you find us/ })).toHaveText('Podcast');
  await complete.click();
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.termsRequired);
  await page.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check();
  await expect(page.getByRole('alert')).toHaveCount(0);

  await scenario.prefer({ 'POST /user/info': 'code=500' });
  await complete.click();
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.completeFailed);
  await expect(page.getByRole('combobox', { name: /Who will you use the app for/ })).toHaveText(
    'Ourselves',
  );
  await expect(page.getByRole('checkbox', { name: /terms and conditions/ })).toBeChecked();

  // Completing refreshes the user (the server now says completed), then `/` takes over.
  await scenario.prefer({ 'POST /user/info': '', 'GET /user': '' });
  const info = page.waitForRequest(isPost('/user/info'));
  const refreshed = page.waitForRequest(
    (r) => r.method() === 'GET' && new URL(r.url()).pathname === '/api/v1/user',
  );
  await complete.click();
  expect((await info).postDataJSON()).toEqual({
    foundAppOn: 'Podcast',
    usingAppFor: 'Ourselves',
    termsAgreed: true,
  });
  await refreshed;
  await expect(page).toHaveURL(`/devices/${sales.id}`);
  expect(await page.evaluate((key) => sessionStorage.getItem(key), STORAGE_KEY)).toBeNull();
});

test('a completed user sees "Onboarding already completed"', async ({ page, scenario }) => {
  await scenario.prefer({ 'GET /user': '' });
  await page.goto('/welcome');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Onboarding already completed' }),
  ).toBeVisible();
  await expect(page).toHaveTitle(/^Onboarding already completed \| /);
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Go to the console' }).click();
  await expect(page).not.toHaveURL('/welcome');
});

test('stored progress: resumed for its user, started over when corrupt or foreign', async ({
  page,
}) => {
  await page.addInitScript((key) => {
    if (!sessionStorage.getItem('e2e.progress')) {
      sessionStorage.setItem('e2e.progress', '1');
      sessionStorage.setItem(key, '{"userId":');
    }
  }, STORAGE_KEY);
  await page.goto('/welcome');
  await expectStep(page, 1, 'Define your required checks');

  await page.evaluate(
    ([key, userId]) =>
      sessionStorage.setItem(
        key,
        JSON.stringify({
          userId,
          step: 'notices',
          preset: 'all',
          notices: { foundAppOn: 'Search' },
        }),
      ),
    [STORAGE_KEY, newUser.id] as const,
  );
  await page.reload();
  await expectStep(page, 3, 'Important notices');
  await expect(page.getByRole('combobox', { name: /Where did you find us/ })).toHaveText('Search');

  await page.evaluate(
    (key) =>
      sessionStorage.setItem(
        key,
        JSON.stringify({ userId: 'a1000000-0000-4000-8000-000000000002', step: 'notices' }),
      ),
    STORAGE_KEY,
  );
  await page.reload();
  await expectStep(page, 1, 'Define your required checks');
});

test('phone size: every step fits without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/welcome');
  await expectStep(page, 1, 'Define your required checks');
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expectStep(page, 2, 'Link device to the cloud service');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('link', { name: 'Link this device' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
});
