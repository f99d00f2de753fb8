import type { Page } from '@playwright/test';
import { test, expect, expectAccessible, readSession } from './fixtures';
import { example, type Schemas } from './contract-examples';
import { ASSET_CACHE_CONTROL, securityHeaders } from '../../scripts/lib/security-headers';

/**
 * Security probe §7: the production headers (applied by `vite preview`, so every e2e
 * test runs under them, and the fixture fails a test on any CSP violation), framing refused,
 * immutable hashed assets, a real 404 for a missing one, and a stale chunk after a deploy reloads
 * the page once instead of crashing it.
 */
type Device = Schemas['Device'];
const failing = example<Device>('getDevice', 'failing');
const HEADERS = securityHeaders();

test('documents and assets carry the security headers; assets are immutable, a missing one is a 404; a favicon, and no 404 on the first load', async ({
  page,
  request,
}) => {
  const notFound: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 404) notFound.push(r.url());
  });
  const document = await request.get('/devices/7e000000-0000-4000-8000-000000000001');
  expect(document.status()).toBe(200);
  for (const [name, value] of Object.entries(HEADERS)) {
    expect(document.headers()[name.toLowerCase()], name).toBe(value);
  }
  expect(document.headers()['cache-control']).toBe('no-cache');

  await page.goto('/login');
  const icon = await page.locator('link[rel="icon"]').getAttribute('href');
  expect(icon).toBeTruthy();
  expect((await request.get(icon!)).status()).toBe(200);
  const script = await page.locator('script[src^="/assets/"]').first().getAttribute('src');
  const asset = await request.get(script!);
  expect(asset.status()).toBe(200);
  expect(asset.headers()['cache-control']).toBe(ASSET_CACHE_CONTROL);
  expect(asset.headers()['content-security-policy']).toBe(HEADERS['Content-Security-Policy']);

  // Nothing the first load of the page asked for was missing (the 404s below are asked on purpose,
  // outside the page).
  await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
  expect(notFound).toEqual([]);

  const missing = await request.get('/assets/device-page-0ld0ld.js');
  expect(missing.status()).toBe(404);
  expect(missing.headers()['content-type']).not.toContain('html');

  // A malformed escape in a path still gets the app (its "Page not found"), not an empty page.
  const malformed = await request.get('/device/%E0%A4%A');
  expect(await malformed.text()).toContain('<div id="root">');
});

test('another site cannot frame the console', async ({ page, baseURL }) => {
  await page.goto('about:blank');
  await page.setContent(`<iframe src="${baseURL}/login" width="600" height="400"></iframe>`);
  const frame = page.frames()[1]!;
  // Chromium replaces a refused frame (frame-ancestors 'none', X-Frame-Options DENY) by its error page.
  await expect.poll(() => frame.url()).toMatch(/^chrome-error:/);
});

async function countLoads(page: Page) {
  const loads = { n: 0 };
  page.on('load', () => (loads.n += 1));
  return loads;
}

test('a chunk gone after a deploy reloads the page once, then works', async ({
  page,
  scenario,
}) => {
  await scenario.signIn();
  // The chunk is gone for the document that was loaded before the deploy (its preload hint and
  // its import both get 404); the reloaded document finds it.
  let documents = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) documents += 1;
  });
  let refused = 0;
  await page.route('**/assets/device-page-*.js', async (route) => {
    if (documents <= 1) {
      refused += 1;
      return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' });
    }
    return route.fallback();
  });
  const loads = await countLoads(page);
  await page.goto(`/device/${failing.id}`);
  await expect(page.getByRole('heading', { level: 1, name: failing.deviceName })).toBeVisible();
  expect(refused).toBeGreaterThanOrEqual(1);
  expect(documents).toBe(2);
  expect(loads.n).toBe(2);
});

test('a chunk that stays missing shows the error with a reload, not a reload loop', async ({
  page,
  scenario,
}) => {
  await scenario.signIn();
  await page.route('**/assets/device-page-*.js', (route) =>
    route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' }),
  );
  const loads = await countLoads(page);
  await page.goto(`/device/${failing.id}`);
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
  // The shell is still there: navigation and the profile menu.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  // The error shows only once the app has decided not to reload again: the document stays the same
  // (the mark set on it survives the accessibility check) and was loaded twice.
  await page.evaluate(() => Object.assign(window, { errorShown: true }));
  await expectAccessible(page);
  expect(await page.evaluate(() => 'errorShown' in window)).toBe(true);
  expect(loads.n).toBe(2);
});

test('when the whole app fails, the fallback keeps navigation, Account and Log Out', async ({
  page,
  scenario,
}) => {
  await scenario.signIn({ activeTeamId: '7e000000-0000-4000-8000-000000000001' });
  // The signed-in frame itself cannot load: nothing inside the app is left to show.
  await page.route('**/assets/app-shell-*.js', (route) =>
    route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' }),
  );
  await page.goto(`/device/${failing.id}`);
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Devices' })).toHaveAttribute(
    'href',
    '/devices/7e000000-0000-4000-8000-000000000001',
  );
  await expect(nav.getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');
  await expectAccessible(page);
  await nav.getByRole('button', { name: 'Log Out' }).click();
  await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
  expect((await readSession(page))?.token).toBeNull();
});
