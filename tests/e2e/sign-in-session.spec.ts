import { createHash } from 'node:crypto';
import type { Page, Request } from '@playwright/test';
import {
  test,
  expect,
  expectAccessible,
  E2E_GOOGLE_CLIENT_ID,
  readSession,
  SESSION_KEY,
  TEST_TOKEN,
} from './fixtures';
import { CONFIGURED_URL } from './configured-app';
import { example, type Schemas } from './contract-examples';

/**
 * Security probe §2–§3: sign-in that cannot be forged, a login token that never leaks,
 * sessions that cannot get stuck.
 */
type Team = Schemas['TeamSummary'];
const teams = example<Team[]>('listTeams', 'threeTeams');
const engineering = teams.find((t) => t.deviceCount > 0)!;
const admin = example<Schemas['User']>('getUser', 'admin');
const googleToken = example<Schemas['SessionToken']>('googleSignIn', 'token').token;
const LOGIN = 'Log in to your account';

const base64Url = (buffer: Buffer) =>
  buffer.toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** Click "Sign in with Google" and return Google's address (the page never reaches Google). */
async function startGoogleSignIn(page: Page): Promise<URL> {
  await page.route('https://accounts.google.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Google</title>' }),
  );
  await page.goto('/login');
  const navigation = page.waitForRequest((r) => r.url().startsWith('https://accounts.google.com/'));
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  return new URL((await navigation).url());
}

function ssoCalls(page: Page): Request[] {
  const calls: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1/sso/google') calls.push(r);
  });
  return calls;
}

test.describe('Google sign-in', () => {
  test('a callback is used only with the state and verifier this tab started', async ({ page }) => {
    await test.step('a code with a state this browser did not start is refused and never sent (login CSRF)', async () => {
      const calls = ssoCalls(page);
      await page.goto('/oauth/google?code=ATTACKER-CODE&state=attacker-state');
      await expect(
        page.getByText('This Google sign-in was not started here, or it has expired.', {
          exact: false,
        }),
      ).toBeVisible();
      expect(page.url()).not.toContain('ATTACKER-CODE');
      await expectAccessible(page);
      // Even after a real sign-in started, another state is refused.
      const google = await startGoogleSignIn(page);
      expect(google.searchParams.get('state')).not.toBe('attacker-state');
      await page.goto('/oauth/google?code=ATTACKER-CODE&state=attacker-state');
      await expect(page.getByRole('link', { name: 'Back to login' })).toBeVisible();
      expect(calls).toHaveLength(0);
      expect((await readSession(page))?.token ?? null).toBeNull();
    });
    await test.step('carries state and a PKCE challenge; the callback checks the state and sends the verifier', async () => {
      const google = await startGoogleSignIn(page);
      const state = google.searchParams.get('state');
      const challenge = google.searchParams.get('code_challenge');
      expect(state).toMatch(/^[\w-]{40,}$/);
      expect(google.searchParams.get('client_id')).toBe(E2E_GOOGLE_CLIENT_ID);
      expect(google.searchParams.get('code_challenge_method')).toBe('S256');
      expect(google.searchParams.get('redirect_uri')).toMatch(/\/oauth\/google$/);

      const calls = ssoCalls(page);
      await page.goto(`/oauth/google?code=GOOGLE-CODE-1&state=${state}`);
      await expect(page).toHaveURL(/\/(overview|devices)\//);
      expect(calls).toHaveLength(1);
      const body = calls[0]!.postDataJSON() as { code: string; codeVerifier: string };
      expect(body.code).toBe('GOOGLE-CODE-1');
      expect(base64Url(createHash('sha256').update(body.codeVerifier).digest())).toBe(challenge);
      expect((await readSession(page))?.token).toBe(googleToken);
    });
  });

  test('a callback while signed in asks before it replaces the session', async ({ page }) => {
    /** Sign-in started here; meanwhile someone signed in (e.g. with a password in another tab). */
    const startThenSignIn = async () => {
      const google = await startGoogleSignIn(page);
      await page.goto('/login');
      await page.evaluate(
        ([key, token]) =>
          window.localStorage.setItem(key, JSON.stringify({ token, adminToken: null })),
        [SESSION_KEY, TEST_TOKEN] as const,
      );
      return google.searchParams.get('state');
    };
    const calls = ssoCalls(page);
    const state = await startThenSignIn();
    await page.goto(`/oauth/google?code=GOOGLE-CODE-2&state=${state}`);
    await expect(page.getByRole('heading', { name: 'You are already signed in' })).toBeVisible();
    await expect(page.getByText(admin.email)).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Stay signed in' }).click();
    await expect(page).toHaveURL(/\/(overview|devices)\//);
    expect(calls).toHaveLength(0);
    expect((await readSession(page))?.token).toBe(TEST_TOKEN);

    await page.evaluate((key) => window.localStorage.removeItem(key), SESSION_KEY);
    const again = await startThenSignIn();
    await page.goto(`/oauth/google?code=GOOGLE-CODE-3&state=${again}`);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page).toHaveURL(/\/(overview|devices)\//);
    expect(calls).toHaveLength(1);
    expect((await readSession(page))?.token).toBe(googleToken);
  });
});

test.describe('a build without a Google client id', () => {
  // The second e2e build (tests/e2e/configured-app.ts) has none.
  test.use({ baseURL: CONFIGURED_URL });
  test('does not offer Google sign-in: never a link to a Google error page', async ({ page }) => {
    const toGoogle: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith('https://accounts.google.com/')) toGoogle.push(r.url());
    });
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: LOGIN })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in with Google' })).toHaveCount(0);
    await expect(page.getByText('or', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /free trial/ })).toBeVisible();
    expect(toGoogle).toEqual([]);
  });
});

test.describe('login token', () => {
  test('a link token that can be sent becomes the session and leaves the address bar; one that cannot is refused', async ({
    page,
  }) => {
    for (const bad of ['%E2%9C%93', 'abc%0Adef', 'x%00y']) {
      await test.step(`a link token that cannot be sent (${bad}) is refused with the login screen`, async () => {
        const requests: string[] = [];
        page.on('request', (r) => {
          if (r.url().includes('/api/v1/')) requests.push(r.url());
        });
        await page.goto(`/?loginToken=${bad}`);
        await expect(page.getByRole('heading', { name: LOGIN })).toBeVisible();
        await expect(
          page.getByText('This sign-in link cannot be used. Please log in.'),
        ).toBeVisible();
        expect(page.url()).not.toContain('loginToken');
        expect((await readSession(page))?.token ?? null).toBeNull();
        expect(requests).toEqual([]);
      });
    }
    // Each refused token left this tab signed out, as the next step starts.
    await test.step('becomes the session and leaves the address bar; the first document’s requests carry no Referer with it', async () => {
      const referers: string[] = [];
      page.on('request', (r) => {
        const referer = r.headers()['referer'];
        if (referer) referers.push(`${r.url()} ← ${referer}`);
      });
      // A team-less route (the root's link is used by the telemetry walk and the steps above).
      await page.goto('/devices?loginToken=secret-link-token-123');
      await expect(page).toHaveURL(/\/(overview|devices)\/[0-9a-f-]{36}/);
      expect(page.url()).not.toContain('loginToken');
      expect(referers.filter((line) => line.includes('secret-link-token'))).toEqual([]);
      expect(await readSession(page)).toMatchObject({
        token: 'secret-link-token-123',
        adminToken: null,
        deviceOrderBy: 'deviceName',
        deviceOrderDirection: 'asc',
      });
    });
  });
});

test.describe('stored session', () => {
  test('a stored token that cannot be sent gives the login screen and a message, not a dead end', async ({
    page,
  }) => {
    const tokens = [
      ['a newline', 'abc\ndef'],
      ['a NUL', 'x\u0000y'],
      ['a non-Latin-1 character', 'tok€n'],
    ] as const;
    for (const [index, [name, token]] of tokens.entries()) {
      await test.step(`a stored token with ${name} gives the login screen and a message, not a dead end`, async () => {
        // Seeded once per step (the tab keeps its sessionStorage from step to step).
        await page.addInitScript(
          ([key, value, seeded]) => {
            if (!window.sessionStorage.getItem(seeded)) {
              window.localStorage.setItem(key, value);
              window.sessionStorage.setItem(seeded, '1');
            }
          },
          [
            SESSION_KEY,
            JSON.stringify({ token, adminToken: null }),
            `e2e.seeded.${index}`,
          ] as const,
        );
        await page.goto(`/devices/${engineering.id}`);
        await expect(page.getByRole('heading', { name: LOGIN })).toBeVisible();
        await expect(
          page.getByText('Your saved session could not be used. Please log in again.'),
        ).toBeVisible();
        expect((await readSession(page))?.token).toBeNull();
        // And logging in works from here.
        await page.getByLabel('Email').fill('alice@northwind.example');
        await page.getByLabel('Password').fill('correct horse battery');
        await page.getByRole('button', { name: 'Log In' }).click();
        await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      });
    }
  });

  test('blocked storage: /login works, and signing in keeps a session for this tab and says so', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      for (const name of ['localStorage', 'sessionStorage'] as const) {
        Object.defineProperty(window, name, {
          get() {
            throw new DOMException('The operation is insecure.', 'SecurityError');
          },
        });
      }
    });
    await page.goto('/login');
    await page.getByLabel('Email').fill('alice@northwind.example');
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(
      page.getByText('Your browser does not let this site store data', { exact: false }),
    ).toBeVisible();
    // The in-memory session is a real one: moving around keeps it.
    await page.getByRole('link', { name: 'Devices' }).click();
    await expect(page.getByTestId('device-row').first()).toBeVisible();
  });

  test('full storage: the login token still signs in for this tab, and the notice says why', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      Storage.prototype.setItem = function () {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      };
    });
    await page.goto('/?loginToken=token-from-email');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByText('Your browser storage is full', { exact: false })).toBeVisible();
    expect(page.url()).not.toContain('loginToken');
  });

  test('logout clears the stored session at once, even when the server never answers', async ({
    page,
    scenario,
  }) => {
    await scenario.signIn();
    let logoutAuth: string | undefined;
    await page.route('**/api/v1/user/logout', (route) => {
      logoutAuth = route.request().headers()['authorization'];
      // never answer
    });
    await page.goto(`/devices/${engineering.id}`);
    await page.getByRole('button', { name: admin.email }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await expect(page.getByRole('heading', { name: LOGIN })).toBeVisible({ timeout: 2_000 });
    expect((await readSession(page))?.token).toBeNull();
    await expect.poll(() => logoutAuth).toBe(`Bearer ${TEST_TOKEN}`);
  });
});
