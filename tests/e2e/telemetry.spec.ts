import type { Page } from '@playwright/test';
import { test, expect, STORY_NOW } from './fixtures';
import type { Guards } from './fixtures';
import { CONFIGURED_DSN_KEY, CONFIGURED_URL } from './configured-app';
import { example, type Schemas } from './contract-examples';

/**
 * Security probe §2: every Sentry envelope the app sends (the configured build has a fake DSN and a
 * tunnel of its own, answered by the fixture) during a session that touches every built screen and
 * every URL that carries a secret. None holds a token, an email, the reset token or an OAuth code.
 * The same session shows that error reporting, which wraps fetch and history, breaks no screen.
 */
test.use({ baseURL: CONFIGURED_URL });

type Team = Schemas['TeamSummary'];
type Device = Schemas['Device'];
const teams = example<Team[]>('listTeams', 'threeTeams');
const engineering = teams.find((t) => t.deviceCount > 0)!;
const failing = example<Device>('getDevice', 'failing');
const LINK_TOKEN = 'LINKTOKEN-5f4e3d2c1b';
const RESET = 'RESETSECRET-77aa';
const CODE = 'GOOGLECODE-99cc';
const USER_ID = 'a1000000-0000-4000-8000-000000000001';

/**
 * Ends the page's running pageload or navigation span and sends what Sentry holds, as it does when
 * the tab is hidden, until the segment of a path starting with `path` has arrived.
 */
async function flush(page: Page, guards: Guards, path: string) {
  const reported = `"url.path":{"value":"${path}`;
  await expect
    .poll(
      async () => {
        await page.evaluate(() => {
          for (const [name, value] of [
            ['hidden', true],
            ['visibilityState', 'hidden'],
          ] as const) {
            Object.defineProperty(document, name, { value, configurable: true });
          }
          document.dispatchEvent(new Event('visibilitychange'));
          delete (document as { hidden?: unknown }).hidden;
          delete (document as { visibilityState?: unknown }).visibilityState;
        });
        return guards.envelopes.some((envelope) => envelope.includes(reported));
      },
      { timeout: 10_000, message: `the span of ${path}` },
    )
    .toBe(true);
}

test('no secret in any real envelope of a session across every screen', async ({
  page,
  scenario,
  guards,
}) => {
  test.setTimeout(120_000);
  await page.clock.setFixedTime(STORY_NOW);
  const main = page.getByRole('main');
  // Signed in by a link: the token is in the first URL Sentry sees.
  await page.goto(`/?loginToken=${LINK_TOKEN}`);
  await expect(main).toContainText('Overview');
  await flush(page, guards, `/overview/${engineering.id}`);

  // An email in the search (URL-encoded in the address and in the API URL).
  await page.goto(`/devices/${engineering.id}?search=alice%40northwind.example`);
  await expect(
    main.getByText('No devices match your search.').or(main.getByTestId('device-row').first()),
  ).toBeVisible();
  await flush(page, guards, `/devices/${engineering.id}`);
  for (const path of ['', '/rename', '/move', '/public']) {
    await page.goto(`/device/${failing.id}${path}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await flush(page, guards, `/device/${failing.id}${path}`);
  }
  // A reported error (500) while the address holds an email.
  await scenario.prefer({ 'GET /team/{teamId}/devices': 'code=500' });
  await page.goto(`/devices/${engineering.id}?search=bob%40northwind.example&page=1`);
  await expect(main.getByRole('alert')).toContainText('Internal server error.');
  await expect.poll(() => guards.envelopes.some((e) => e.includes('"type":"event"'))).toBe(true);
  await scenario.prefer({ 'GET /team/{teamId}/devices': '' });

  // Public pages whose address carries secrets.
  await page.goto(`/team/join/${engineering.id}?email=carol%40northwind.example`);
  await expect(page.locator('body')).toContainText(/Join/);
  await flush(page, guards, `/team/join/${engineering.id}`);
  await page.goto(`/password/change/${USER_ID}/${RESET}`);
  await expect(page.locator('body')).toContainText(/password/i);
  // Its span has the address with the reset token redacted, or (when Sentry loads after the page
  // moved the token out of the address) the address without it: either way no token (checked below).
  await flush(page, guards, `/password/change/${USER_ID}`);
  await page.goto(`/oauth/google?code=${CODE}&state=not-ours`);
  await expect(page.getByRole('alert')).toBeVisible();
  await flush(page, guards, '/oauth/google');
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.goto('/logout');
  await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
  await flush(page, guards, '/login');

  const spans = guards.envelopes.filter((e) => e.includes('"type":"span"'));
  const events = guards.envelopes.filter((e) => e.includes('"type":"event"'));
  console.log(`envelopes captured: ${spans.length} span, ${events.length} event`);
  expect(spans.length).toBeGreaterThanOrEqual(10);
  expect(events.length).toBeGreaterThan(0);

  const all = guards.envelopes.join('\n');
  const leaks = [
    LINK_TOKEN,
    RESET,
    CODE,
    'not-ours',
    'alice',
    'bob',
    'carol',
    '%40',
    '%2540',
  ].filter((secret) => all.includes(secret));
  expect(leaks).toEqual([]);
  // Anything shaped like an email, except the DSN each envelope header names (public key@host).
  const emails = (all.match(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g) ?? []).filter(
    (found) => found !== CONFIGURED_DSN_KEY,
  );
  expect(emails).toEqual([]);
  // The reports are still useful: the error and every screen's (scrubbed) path are there.
  expect(all).toContain('Internal server error.');
  expect(all).toContain(`/devices/${engineering.id}`);
  expect(all).toContain(`/password/change/${USER_ID}`);
});
