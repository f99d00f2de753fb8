import type { Locator, Page } from '@playwright/test';
import { test, expect, expectAccessible, hold, readSession, SESSION_KEY } from './fixtures';
import { example, type Schemas } from './contract-examples';
import { OPENAPI_HASH } from '../../generated/openapi-hash';
import { EXTERNAL_LINKS } from '../../src/lib/constants';

type Team = Schemas['TeamSummary'];
type User = Schemas['User'];
const teams = example<Team[]>('listTeams', 'threeTeams');
const engineering = teams.find((t) => t.deviceCount > 0)!;
const other = teams.find((t) => t.id !== engineering.id)!;
const admin = example<User>('getUser', 'admin');

test.describe('login', () => {
  test('signing in: an invalid email keeps the button disabled, success lands on the active team page, and a second factor asks for the pin', async ({
    page,
    scenario,
  }) => {
    await test.step('an invalid email keeps the button disabled; success lands on the active team page', async () => {
      await page.goto('/login');
      await expect(page).toHaveTitle(/^Login \| /);
      await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
      const submit = page.getByRole('button', { name: 'Log In' });
      await expect(submit).toBeDisabled();
      await page.getByLabel('Email').fill('not-an-email');
      await page.getByLabel('Password').fill('secret');
      await expect(submit).toBeDisabled();
      await page.getByLabel('Password').fill('');
      await page.getByLabel('Email').fill('alice@northwind.example');
      await expect(submit).toBeDisabled();
      await page.getByLabel('Password').fill('correct horse battery');
      await expect(submit).toBeEnabled();
      await submit.click();
      await expect(page).toHaveURL(new RegExp(`/overview/${engineering.id}$`));
      const session = await readSession(page);
      expect(session?.token).toEqual(expect.any(String));
      expect(session?.deviceOrderBy).toBe('deviceName');
      expect(session?.deviceOrderDirection).toBe('asc');
    });

    await test.step('412 asks for the second factor, then the pin signs in', async () => {
      // Signed out again, as in a new tab: the storage is emptied from a static file of the same
      // origin (no app running that could write its session back).
      await page.goto('/favicon.svg');
      await page.evaluate(() => {
        window.localStorage.clear();
        window.sessionStorage.clear();
      });
      await scenario.prefer({ 'POST /user/login': 'code=412' });
      await page.goto('/login');
      await page.getByLabel('Email').fill('alice@northwind.example');
      await page.getByLabel('Password').fill('correct horse battery');
      await page.getByRole('button', { name: 'Log In' }).click();
      const pin = page.getByLabel('Verification code');
      await expect(pin).toBeVisible();
      await expect(page.getByLabel('Email')).toHaveCount(0);
      await expect(page.getByLabel('Password')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Log In' })).toBeDisabled();
      await scenario.prefer({ 'POST /user/login': '' });
      await pin.fill('123456');
      await page.getByRole('button', { name: 'Log In' }).click();
      await expect(page).toHaveURL(/\/(overview|devices)\//);
    });
  });

  test('the login form: its new-version notice and links, then a wrong password, a failed connection and a slow answer on the same form', async ({
    page,
    scenario,
  }) => {
    await test.step('new-version notice, links, and accessibility', async () => {
      await page.goto('/login?new-version=true');
      await expect(page.getByText('New version released. Log in to continue.')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
        'href',
        '/password/reset',
      );
      await expect(page.getByRole('link', { name: /free trial/ })).toHaveAttribute(
        'rel',
        'noopener noreferrer',
      );
      await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
      await expectAccessible(page);
    });

    await test.step('401 shows "Login failed"', async () => {
      // The plain login page (the new-version notice is an alert too).
      await scenario.prefer({ 'POST /user/login': 'code=401' });
      await page.goto('/login');
      await page.getByLabel('Email').fill('alice@northwind.example');
      await page.getByLabel('Password').fill('wrong password');
      await page.getByRole('button', { name: 'Log In' }).click();
      await expect(page.getByRole('alert')).toHaveText('Login failed');
      await expect(page.getByLabel('Email')).toHaveValue('alice@northwind.example');
    });

    await test.step('a failed connection offers "Cannot login?"', async () => {
      // The same form, tried again: the failure's alert now tells of the connection.
      await scenario.prefer({ 'POST /user/login': '' });
      await page.route('**/api/v1/user/login', (route) => route.abort('connectionrefused'));
      await page.getByLabel('Email').fill('alice@northwind.example');
      await page.getByLabel('Password').fill('secret');
      await page.getByRole('button', { name: 'Log In' }).click();
      await expect(page.getByRole('alert')).toContainText(
        'Network Error. Please check your internet connection.',
      );
      const help = page.getByRole('link', { name: 'Cannot login?' });
      await expect(help).toHaveAttribute('rel', 'noopener noreferrer');
    });

    await test.step('shows "Authenticating" while the request runs', async () => {
      // The connection is back; this answer is held.
      await page.unroute('**/api/v1/user/login');
      const release = await hold(page, 'POST', '/user/login');
      await page.getByLabel('Email').fill('alice@northwind.example');
      await page.getByLabel('Password').fill('secret');
      await page.getByRole('button', { name: 'Log In' }).click();
      await expect(page.getByRole('button', { name: 'Authenticating' })).toBeDisabled();
      release();
    });
  });
});

test.describe('session', () => {
  test('signed out, a private route shows the login screen', async ({ page }) => {
    await page.goto(`/devices/${engineering.id}`);
    await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
  });

  test('logout clears the tokens and goes to login', async ({ page, scenario }) => {
    await scenario.signIn({ adminToken: 'support-token' });
    await page.goto(`/devices/${engineering.id}`);
    await page.getByRole('button', { name: `Impersonating ${admin.email}` }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    const session = await readSession(page);
    expect(session).toMatchObject({ token: null, adminToken: null });
  });

  test('a corrupt stored session is ignored, not a crash', async ({ page }) => {
    await page.addInitScript(() =>
      window.localStorage.setItem('console.session', '{"token": 42, bad json'),
    );
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
  });

  test('logging out in another tab reaches this one', async ({ page, context, scenario }) => {
    await scenario.signIn();
    await page.goto(`/devices/${engineering.id}`);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    // This tab is idle: it has stored the team in view (its last write of the session). A write of
    // its own at the same moment as the other tab's would be a race of two writers of one key,
    // which the last one wins.
    await expect.poll(async () => (await readSession(page))?.activeTeamId).toBe(engineering.id);
    // Another tab of the same origin (a static file: no second app racing this one's boot).
    const other = await context.newPage();
    await other.goto('/favicon.svg');
    await other.evaluate((key) => {
      const stored = JSON.parse(window.localStorage.getItem(key) ?? '{}') as Record<
        string,
        unknown
      >;
      window.localStorage.setItem(
        key,
        JSON.stringify({ ...stored, token: null, adminToken: null }),
      );
    }, SESSION_KEY);
    await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
  });

  test('a missing teams list is asked for again after 100 ms', async ({
    page,
    scenario,
    guards,
  }) => {
    // The first answer is malformed on purpose.
    guards.expectContractViolations(['GET /teams $: type: expected array']);
    await scenario.signIn();
    let calls = 0;
    await page.route('**/api/v1/teams', async (route) => {
      calls += 1;
      if (calls > 1) return route.fallback();
      return route.fulfill({
        status: 200,
        contentType: 'application/json',
        headers: { 'openapi-hash': OPENAPI_HASH },
        body: JSON.stringify({ unexpected: true }),
      });
    });
    await page.goto('/');
    await expect(page).toHaveURL(new RegExp(`/overview/${engineering.id}$`));
    expect(calls).toBeGreaterThanOrEqual(2);
  });
});

test.describe('routes and shell', () => {
  test('/ redirects to the first team with devices, and team switching persists', async ({
    page,
    scenario,
  }) => {
    await scenario.signIn();
    await page.goto('/');
    await expect(page).toHaveURL(new RegExp(`/overview/${engineering.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // A production build has no QA panel (its bundle is scanned in qa-panel.spec.ts).
    await expect(page.getByRole('button', { name: /QA scenarios/ })).toHaveCount(0);
    await page.getByRole('link', { name: 'Devices', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/devices/${engineering.id}`));
    await page.getByRole('combobox', { name: 'Team' }).click();
    await page.getByRole('option', { name: other.name }).click();
    await expect(page).toHaveURL(new RegExp(`/devices/${other.id}`));
    expect((await readSession(page))?.activeTeamId).toBe(other.id);
    await page.goto('/');
    await expect(page).toHaveURL(new RegExp(`/(overview|devices)/${other.id}$`));
  });

  test('the signed-in shell, "Page not found" for an unknown path, and the no-team screens', async ({
    page,
    scenario,
  }) => {
    await scenario.signIn();

    await test.step('shell: navigation, footer, profile menu by role', async () => {
      await page.goto(`/devices/${engineering.id}`);
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: 'Apps' })).toHaveAttribute(
        'rel',
        'noopener noreferrer',
      );
      await expect(nav.getByRole('link', { name: 'Docs' })).toHaveAttribute('target', '_blank');
      const footer = page.getByRole('contentinfo');
      for (const name of ['Docs', 'Privacy Policy', 'Terms'])
        await expect(footer.getByRole('link', { name })).toBeVisible();
      await expect(footer).toContainText(String(new Date().getFullYear()));
      await page.getByRole('button', { name: admin.email }).click();
      await expect(page.getByRole('menuitem', { name: 'Account' })).toBeVisible();
      // The header reads as a sentence, with its space (as rendered, not only in the DOM).
      const header = page.getByRole('menuitem', { name: /^Signed in as/ });
      expect(await header.innerText()).toBe(`Signed in as ${admin.email}`);
      await expect(page.getByRole('menuitem', { name: 'Billing' })).toBeVisible();
      await expect(page.getByRole('menuitem', { name: 'Impersonate' })).toHaveCount(0);
    });

    await test.step('an unknown path and an invalid UUID are "Page not found"', async () => {
      await page.goto('/device/not-a-uuid');
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      await expect(page).toHaveTitle(/^Page not found \| /);
      await expect(page.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
      await expect(page.getByRole('link', { name: 'Contact support' })).toBeVisible();
      await expectAccessible(page);
      await page.goto('/definitely/not/here');
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    });

    await test.step('no-team screens', async () => {
      // The session still names the first step's team: with no teams at all, that changes nothing.
      await scenario.prefer({ 'GET /teams': 'example=none', 'GET /user': 'example=noTeams' });
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'No team' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Contact support' })).toBeVisible();
      // The shared team-creation form (src/ui/create-team-form.tsx), inline on this screen.
      const name = page.getByLabel('Team name');
      const create = page.getByRole('button', { name: 'Create team' });
      await expect(create).toBeDisabled();
      await name.fill('x'.repeat(129));
      await expect(page.getByText('Team name cannot exceed 128 characters')).toBeVisible();
      await expect(create).toBeDisabled();
      await name.fill('Support');
      const call = page.waitForRequest((r) => r.url().endsWith('/api/v1/team/create'));
      await create.click();
      expect((await call).postDataJSON()).toEqual({ name: 'Support' });
      await expect(page.getByRole('status').getByText('Team "Support" created.')).toBeVisible();

      await scenario.prefer({ 'GET /user': 'example=noTeamsMember' });
      await page.reload();
      await expect(
        page.getByRole('heading', { name: 'No teams connected to this account' }),
      ).toBeVisible();
      await expect(
        page.getByText('Please contact your account admin to assign teams to this account.'),
      ).toBeVisible();
    });
  });
});

test.describe('motion', () => {
  // The spinner of a signed-in page while its teams load.
  async function loadingSpinner(page: Page) {
    const release = await hold(page, 'GET', '/teams');
    await page.goto('/');
    const spinner = page.getByRole('status').filter({ hasText: 'Loading…' }).locator('svg');
    await expect(spinner).toBeVisible();
    return { spinner, release };
  }
  const running = (spinner: Locator) =>
    spinner.evaluate(
      (svg) =>
        svg
          .closest('.MuiCircularProgress-root')!
          .getAnimations({ subtree: true })
          .filter((animation) => animation.playState === 'running').length,
    );

  test('the loading spinner stands still for a user who asks for less motion, and turns for everyone else', async ({
    page,
    scenario,
  }) => {
    await scenario.signIn();

    await test.step('a user who asks for less motion sees a spinner that stands still', async () => {
      // The suite runs so (playwright.config.ts): this checks that the app honours it.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const { spinner, release } = await loadingSpinner(page);
      await expect.poll(() => running(spinner)).toBe(0);
      release();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });

    await test.step('everyone else sees it turn', async () => {
      await page.emulateMedia({ reducedMotion: 'no-preference' });
      // The first step's hold (released) goes: this load's teams are held anew.
      await page.unroute('**/api/v1/teams');
      const { spinner, release } = await loadingSpinner(page);
      expect(await running(spinner)).toBeGreaterThan(0);
      release();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  });
});

test.describe('error catalogue in the browser', () => {
  const devices = `/devices/${engineering.id}`;

  test('500, 429 and 402 answers: the message with Try again, or with the pricing link', async ({
    page,
    scenario,
  }) => {
    await scenario.signIn();
    for (const [code, text] of [
      ['500', 'Internal server error.'],
      ['429', 'Too many requests. Please try again in a few minutes.'],
    ] as const) {
      await test.step(`${code}: "${text}"`, async () => {
        await scenario.prefer({ 'GET /user': `code=${code}` });
        await page.goto(devices);
        await expect(page.getByRole('alert')).toContainText(text);
        await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
      });
    }

    for (const name of ['overdue', 'canceled', 'paused'] as const) {
      await test.step(`402 ${name}: active-subscription message with a pricing link`, async () => {
        await scenario.prefer({ 'GET /user': `code=402, example=${name}` });
        await page.goto(devices);
        await expect(page.getByRole('alert')).toContainText('An active subscription is required');
        // The user (and so the billing role) is unknown: the public pricing page.
        await expect(
          page.getByRole('alert').getByRole('link', { name: 'See pricing' }),
        ).toHaveAttribute('href', EXTERNAL_LINKS.pricing);
      });
    }
  });

  test('503 with the maintenance page goes to /maintenance, and a 401 then clears the session', async ({
    page,
    scenario,
  }) => {
    await scenario.signIn();

    await test.step('503 with the maintenance page goes to /maintenance', async () => {
      await scenario.prefer({ 'GET /user': 'code=503' });
      await page.goto(devices);
      await expect(page).toHaveURL(/\/maintenance$/);
      await expect(
        page.getByText('Offline for maintenance. Please try again in a few minutes.'),
      ).toBeVisible();
      await expect(page).toHaveTitle(/^Offline for Maintenance \| /);
      await expectAccessible(page);
    });

    // Last: it ends the session (maintenance kept it).
    await test.step('401 clears the session and asks to log in again', async () => {
      await scenario.prefer({ 'GET /user': 'code=401' });
      await page.goto(devices);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByText('Authentication expired. Please login again.')).toBeVisible();
      expect((await readSession(page))?.token).toBeNull();
    });
  });

  test("an answer the app cannot use: the server's errors list, an unreadable answer, a network failure, then a wrong openapi-hash logs out", async ({
    page,
    scenario,
  }) => {
    await scenario.signIn();
    // Each step answers /user its own way: it removes the route of the step before.
    const USER = '**/api/v1/user';

    await test.step('another status shows the server errors list', async () => {
      await page.route(USER, (route) =>
        route.fulfill({
          status: 409,
          contentType: 'application/json',
          headers: { 'openapi-hash': OPENAPI_HASH },
          body: JSON.stringify({ errors: ['Account is locked'] }),
        }),
      );
      await page.goto(devices);
      await expect(page.getByRole('alert')).toContainText(
        'There was a problem with this request: Account is locked',
      );
    });

    await test.step('an unreadable answer: "There was a problem communicating with the server."', async () => {
      await page.unroute(USER);
      await page.route(USER, (route) =>
        route.fulfill({
          status: 200,
          contentType: 'text/html',
          headers: { 'openapi-hash': OPENAPI_HASH },
          body: '<!doctype html><title>Sign in to the corporate proxy</title>',
        }),
      );
      await page.goto(devices);
      await expect(page.getByRole('alert')).toContainText(
        'There was a problem communicating with the server.',
      );
    });

    await test.step('a network failure: "Network Error. Please check your internet connection."', async () => {
      await page.unroute(USER);
      await page.route(USER, (route) => route.abort('internetdisconnected'));
      await page.goto(devices);
      await expect(page.getByRole('alert')).toContainText(
        'Network Error. Please check your internet connection.',
        {
          timeout: 15_000,
        },
      );
    });

    // Last: it ends the session.
    await test.step('a wrong openapi-hash: "New version available.", logged out', async () => {
      await page.unroute(USER);
      await page.route(USER, async (route) => {
        const response = await route.fetch();
        await route.fulfill({
          response,
          headers: { ...response.headers(), 'openapi-hash': 'f'.repeat(64) },
        });
      });
      await page.goto(devices);
      await expect(page).toHaveURL(/\/login\?new-version=true$/);
      // One message, not two: the login page's own new-version notice replaces the flash.
      await expect(page.getByText('New version released. Log in to continue.')).toBeVisible();
      await expect(page.getByText('New version available.')).toHaveCount(0);
      await expect(page.getByRole('alert')).toHaveCount(1);
      expect((await readSession(page))?.token).toBeNull();
    });
  });

  test('no answer: "No response from the server."', async ({ page, scenario }) => {
    // Three tries of the e2e build's 5 s timeout, with the waits between them.
    test.setTimeout(60_000);
    await scenario.signIn();
    await page.route('**/api/v1/user', () => {
      /* never answer */
    });
    await page.goto(devices);
    await expect(page.getByRole('alert')).toContainText('No response from the server.', {
      timeout: 40_000,
    });
  });
});
