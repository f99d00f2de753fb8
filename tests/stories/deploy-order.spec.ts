import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import YAML from 'yaml';
import { OPENAPI_HASH } from '../../generated/openapi-hash';
import { lineHash } from '../../scripts/lib/contract-hash';
import { readSnapshot } from '../../scripts/lib/contract-release';
import { SANDBOX_URL, TEAM, expect, signIn, test } from './fixtures';

// Deploys without an outage (docs/contract.md, "Deploying"): the sandbox serves a neighbour
// release of the contract (POST /__sandbox/release: another line's openapi-hash, or operations it
// does not have yet), and the console built from this contract meets it in either deploy order.
// The neighbour's hash is what the tooling gives a neighbour document (scripts/lib/contract-hash.ts
// lineHash against the release baseline), not a made-up value.

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const document = fs.readFileSync(path.join(ROOT, 'openapi', 'openapi.yaml'), 'utf8');
const { snapshot } = readSnapshot();
const version = String(YAML.parse(document).info.version);
const major = Number(version.split('.')[0]);

/** The openapi-hash a backend of this contract, edited by `edit` and set to `next`, sends. */
function neighbourHash(next: string, edit: (doc: YAML.Document) => void): string {
  const doc = YAML.parseDocument(document);
  edit(doc);
  doc.setIn(['info', 'version'], next);
  return lineHash(doc.toString(), snapshot?.line);
}

/** A compatible newer release: a new optional answer field, a raised minor. */
const compatibleHash = neighbourHash(`${major}.1.0`, (doc) =>
  doc.setIn(['components', 'schemas', 'TeamSummary', 'properties', 'color'], { type: 'string' }),
);
/** A breaking newer release: an answer field removed, a raised major. */
const breakingHash = neighbourHash(`${major + 1}.0.0`, (doc) => {
  doc.deleteIn(['components', 'schemas', 'DeviceSummary', 'properties', 'statusMsg']);
  const required = doc.getIn([
    'components',
    'schemas',
    'DeviceSummary',
    'required',
  ]) as YAML.YAMLSeq;
  required.items = required.items.filter(
    (item) => String(YAML.isScalar(item) ? item.value : item) !== 'statusMsg',
  );
});
/** The previous line's hash, as backends of the last major send it (a console deployed first). */
const olderLineHash = 'c'.repeat(64);

const NEW_VERSION = 'New version released. Log in to continue.';
const VERSIONS_DIFFER = /This page and the server are different versions right now/;
const EMAIL = 'deploy-order@example.com';

async function serveRelease(release: { hash?: string; absent?: string[] } | null) {
  const answer = await fetch(`${SANDBOX_URL}/__sandbox/release`, {
    method: release ? 'POST' : 'DELETE',
    headers: { 'content-type': 'application/json' },
    body: release ? JSON.stringify(release) : undefined,
  });
  expect(answer.ok).toBe(true);
}

test.afterEach(async ({ page }) => {
  // The login page may still be asking (it retries while the versions differ): a request the route
  // below is forwarding when the test ends must not fail the next test ("route.fetch: Test ended").
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await serveRelease(null);
});

/**
 * The API straight to the sandbox, not through the contract proxy of `npm start`: that proxy checks
 * answers against this console's contract, and answers 500 for another line's hash, which is what
 * a backend of another line sends by definition. A real deployment has no such proxy.
 */
async function straightToSandbox(page: Page) {
  await page.route(
    (url) => url.pathname.startsWith('/api/v1/'),
    async (route) => {
      const url = new URL(route.request().url());
      const response = await route.fetch({ url: `${SANDBOX_URL}${url.pathname}${url.search}` });
      await route.fulfill({ response });
    },
  );
}

/** Counts the page's full loads of the app (reloads included). */
function countLoads(page: Page): () => number {
  let loads = 0;
  page.on('load', () => (loads += 1));
  return () => loads;
}

async function typeLogin(page: Page) {
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password').fill('any password');
  await page.getByRole('button', { name: 'Log In' }).click();
}

test('a compatible release keeps the hash: backend first or console first, nobody is signed out and no screen breaks', async ({
  page,
  request,
}) => {
  expect(compatibleHash, 'a compatible release keeps the line hash').toBe(OPENAPI_HASH);
  await signIn(page, request, EMAIL);
  const loads = countLoads(page);
  await page.goto(`/devices/${TEAM.engineering}`);
  // A new world's first list (the sandbox makes it on this sign-in): slow on a loaded machine.
  await expect(page.getByText(/Showing 1 to \d+ of \d+ entries/)).toBeVisible({ timeout: 30_000 });

  await test.step('backend first: the newer backend of the line answers, the open console goes on', async () => {
    await serveRelease({ hash: compatibleHash });
    await page.getByRole('link', { name: 'Overview' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: /Overview$/ })).toBeVisible();
    await page.goBack();
    await expect(page.getByText(/Showing 1 to \d+ of \d+ entries/)).toBeVisible();
    expect(page.url()).not.toContain('/login');
  });

  await test.step('console first: an older backend of the line lacks the newest call; the screen that uses it still works', async () => {
    await serveRelease({ hash: compatibleHash, absent: ['GET /team/{teamId}/public'] });
    const publicTeam = page.waitForResponse((r) =>
      r.url().endsWith(`/team/${TEAM.engineering}/public`),
    );
    await page.goto(`/team/join/${TEAM.engineering}`);
    expect((await publicTeam).status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Join Team' })).toBeVisible();
    // The part that needed the call says it is not available here; the rest of the page works.
    await expect(page.getByText("The team's details are not available here.")).toBeVisible();
    await expect(page.getByText('Install the desktop app')).toBeVisible();
    await page.goto(`/devices/${TEAM.engineering}`);
    await expect(page.getByText(/Showing 1 to \d+ of \d+ entries/)).toBeVisible();
  });
  // Only the loads the test made itself: no new-version reload.
  expect(loads()).toBe(3);
  expect(page.url()).not.toContain('new-version');
});

test('a breaking release, backend first: one reload to the login page, then a clear state that keeps what was typed and offers the new console', async ({
  page,
  request,
}) => {
  expect(breakingHash, 'a breaking release changes the hash').not.toBe(OPENAPI_HASH);
  await signIn(page, request, EMAIL);
  await straightToSandbox(page);
  const loads = countLoads(page);
  await page.goto(`/devices/${TEAM.engineering}`);
  // A new world's first list (the sandbox makes it on this sign-in): slow on a loaded machine.
  await expect(page.getByText(/Showing 1 to \d+ of \d+ entries/)).toBeVisible({ timeout: 30_000 });
  expect(loads()).toBe(1);

  await serveRelease({ hash: breakingHash });
  await page.getByRole('link', { name: 'Overview' }).first().click();
  // SPEC §8: the session cleared, the page reloaded once, the login with the notice.
  await expect(page).toHaveURL(/\/login\?new-version=true$/);
  await expect(page.getByText(NEW_VERSION)).toBeVisible();
  expect(loads()).toBe(2);

  // The host still serves this console: the login answer carries the new line's hash again.
  await typeLogin(page);
  await expect(page.getByText(VERSIONS_DIFFER)).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(EMAIL);
  await expect(page.getByLabel('Password')).toHaveValue('any password');
  await typeLogin(page);
  await expect(page.getByText(VERSIONS_DIFFER)).toBeVisible();
  expect(loads(), 'no second reload').toBe(2);

  // The console of the new line reaches the host: its index.html names another entry script.
  await page.route(
    (url) => url.pathname === '/',
    async (route) => {
      if (route.request().resourceType() !== 'fetch') return route.fallback();
      const response = await route.fetch();
      const html = (await response.text()).replace(
        /\/assets\/index-[\w-]+\.js/,
        '/assets/index-next.js',
      );
      await route.fulfill({ response, body: html });
    },
  );
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(
    page.getByText('A new version of this page is ready.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload page' })).toBeVisible();
  expect(loads()).toBe(2);
});

test('a breaking release, console first: one reload, then the login page waits and signs in by itself once the backend ships', async ({
  page,
}) => {
  await page.clock.install();
  await straightToSandbox(page);
  await serveRelease({ hash: olderLineHash });
  const loads = countLoads(page);
  await page.goto('/login');
  await typeLogin(page);
  // The first answer of the older line: SPEC §8 once.
  await expect(page).toHaveURL(/\/login\?new-version=true$/);
  await expect(page.getByText(NEW_VERSION)).toBeVisible();
  expect(loads()).toBe(2);

  await typeLogin(page);
  await expect(page.getByText(VERSIONS_DIFFER)).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(EMAIL);
  await page.clock.runFor(30_000);
  await expect(page.getByText(VERSIONS_DIFFER)).toBeVisible();
  expect(loads(), 'no second reload').toBe(2);

  // The backend ships this console's line: the next try (every 30 s) signs in.
  await serveRelease(null);
  await page.clock.runFor(30_000);
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByText(VERSIONS_DIFFER)).toHaveCount(0);
  expect(loads()).toBe(2);
});
