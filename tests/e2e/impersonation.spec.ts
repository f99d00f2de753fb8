import type { Page } from '@playwright/test';
import { test, expect, expectAccessible, readSession, TEST_TOKEN } from './fixtures';
import { example, type Schemas } from './contract-examples';

type User = Schemas['User'];
const dana = example<User>('getUser', 'superuser');
const bob = example<User>('getUser', 'collaborator');
const alice = example<User>('getUser', 'admin');
const bobToken = example<{ token: string }>('impersonateByEmail', 'token').token;

/**
 * GET /user answers by token, as a server would: Bob's token is Bob (collaborator), the
 * support user's token is Dana (superuser). Replaces the route an earlier step set.
 */
async function usersByToken(page: Page) {
  const seen: string[] = [];
  await page.unroute('**/api/v1/user');
  await page.route('**/api/v1/user', (route) => {
    const request = route.request();
    if (request.method() !== 'GET') return route.fallback();
    const auth = request.headers()['authorization'] ?? '';
    seen.push(auth);
    const prefer = auth.includes(bobToken) ? 'example=collaborator' : 'example=superuser';
    return route.fallback({ headers: { ...request.headers(), prefer } });
  });
  return seen;
}

const profile = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /@/ });
const notice = (page: Page) => page.getByRole('main').getByRole('alert');

test.beforeEach(async ({ scenario }) => {
  await scenario.signIn();
});

test('impersonates by email or by id and stops; a failed call keeps the email and the session', async ({
  page,
  scenario,
}) => {
  await test.step('by email: the tokens swap, nothing of the support user stays, the menu says who; stopping swaps back', async () => {
    const seen = await usersByToken(page);
    await page.goto('/impersonate');
    await expect(page).toHaveTitle(/^Impersonate \| /);
    await expect(page.getByRole('heading', { level: 1, name: 'Impersonate' })).toBeVisible();
    await expect(profile(page)).toHaveAccessibleName(dana.email);
    await expectAccessible(page);
    // Support staff find Impersonate in the profile menu (a user without the billing role finds no
    // Billing there: billing.spec.ts).
    await profile(page).click();
    await expect(page.getByRole('menuitem', { name: 'Impersonate' })).toBeVisible();
    await page.keyboard.press('Escape');

    const email = page.getByRole('textbox', { name: 'Email' });
    await page.getByRole('button', { name: 'Impersonate' }).click();
    await expect(page.getByText('Please enter the email')).toBeVisible();
    await email.fill('bob@');
    await email.blur();
    await expect(page.getByText('Please enter a valid email')).toBeVisible();

    await email.fill(bob.email);
    const call = page.waitForRequest((r) => r.url().endsWith('/api/v1/user/impersonate/email'));
    await page.getByRole('button', { name: 'Impersonate' }).click();
    expect((await call).postDataJSON()).toEqual({ email: bob.email });

    // Bob's console: his teams, his email in the menu, the support token waiting in the admin slot.
    await expect(page).toHaveURL(/\/overview\//);
    await expect(profile(page)).toHaveAccessibleName(`Impersonating ${bob.email}`);
    expect(await readSession(page)).toMatchObject({ token: bobToken, adminToken: TEST_TOKEN });
    expect(seen.at(-1)).toBe(`Bearer ${bobToken}`);
    await profile(page).click();
    await expect(page.getByRole('menuitem', { name: `Impersonating ${bob.email}` })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Billing' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Impersonate' }).click();

    await expect(page.getByRole('main').getByText(`Impersonating ${bob.email}.`)).toBeVisible();
    // The profile menu fades out: axe must not read its items' contrast half-transparent.
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole('main').getByRole('button', { name: 'Stop impersonating' }).click();
    await expect(profile(page)).toHaveAccessibleName(dana.email);
    expect(await readSession(page)).toMatchObject({ token: TEST_TOKEN, adminToken: null });
    await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible();
    expect(seen.at(-1)).toBe(`Bearer ${TEST_TOKEN}`);
  });

  for (const [i, [code, reason]] of [
    ['404', 'The requested item was not found.'],
    ['500', 'Internal server error.'],
  ].entries()) {
    await test.step(`failure (${code}): "Impersonation failed", the email kept, the session unchanged`, async () => {
      await usersByToken(page);
      await scenario.prefer({ 'POST /user/impersonate/email': `code=${code}` });
      // The first needs no reload: stopping left the email form mounted anew, as a fresh page
      // shows it. The second does: the first's notice is on the page.
      if (i > 0) await page.goto('/impersonate');
      await page.getByRole('textbox', { name: 'Email' }).fill(bob.email);
      await page.getByRole('button', { name: 'Impersonate' }).click();
      await expect(notice(page)).toHaveText(`Impersonation failed: ${reason}`);
      await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(bob.email);
      await expect(page.getByRole('button', { name: 'Impersonate' })).toBeEnabled();
      expect(await readSession(page)).toMatchObject({ token: TEST_TOKEN, adminToken: null });
    });
  }

  // Last: the session stays Bob's.
  await test.step('by id from /impersonate?userId=', async () => {
    await scenario.prefer({ 'POST /user/impersonate/email': '' });
    await usersByToken(page);
    await page.goto(`/impersonate?userId=${bob.id}`);
    await expect(page.getByText(bob.id)).toBeVisible();
    const call = page.waitForRequest((r) => r.url().endsWith('/api/v1/user/impersonate/id'));
    await page.getByRole('button', { name: 'Impersonate' }).click();
    expect((await call).postDataJSON()).toEqual({ id: bob.id });
    await expect(profile(page)).toHaveAccessibleName(`Impersonating ${bob.email}`);
    expect(await readSession(page)).toMatchObject({ token: bobToken, adminToken: TEST_TOKEN });
  });
});

test('only support staff get the form; a link id that is not a UUID leaves the email form; the page fits a phone', async ({
  page,
}) => {
  // First: it is the only step without the route that answers by token.
  await test.step('not support staff: a plain refusal, no form', async () => {
    await page.goto('/impersonate');
    await expect(profile(page)).toHaveAccessibleName(alice.email);
    await expect(page.getByText('Impersonation is for support staff only.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveCount(0);
  });

  await test.step('an id that is not a UUID is refused on the page; the email form remains', async () => {
    await usersByToken(page);
    await page.goto('/impersonate?userId=not-a-uuid');
    await expect(page.getByText("The link's user id is not a valid id.")).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible();
  });

  // Last: the phone's viewport stays for the rest of the test.
  await test.step('phone size: no sideways scroll', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await usersByToken(page);
    await page.goto(`/impersonate?userId=${bob.id}`);
    await expect(page.getByRole('button', { name: 'Impersonate' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await expectAccessible(page);
  });
});
