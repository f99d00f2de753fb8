import type { Page, Request } from '@playwright/test';
import { test, expect as baseExpect, expectAccessible, record, STORY_NOW } from './fixtures';
import { defaultExample, type Schemas } from './contract-examples';

type Team = Schemas['TeamSummary'];
type DeviceList = Schemas['DeviceList'];

// Page loads under a fake clock on a shared machine: room for slow answers.
const expect = baseExpect.configure({ timeout: 15_000 });

const engineering = defaultExample<Team[]>('listTeams').find((t) => t.name === 'Engineering')!;
const device = defaultExample<DeviceList>('listTeamDevices').devices[0]!;
const MINUTE = 60_000;

/** The tab is hidden or shown again, as the browser tells the page (visibilitychange). */
async function setTabVisible(page: Page, visible: boolean) {
  await page.evaluate((shown) => {
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (shown ? 'visible' : 'hidden'),
    });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => !shown });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  }, visible);
}

/**
 * Fake time passes half a second at a time until the screen asks again (at most `ms`): one long
 * jump would also fire the request's own timeout (a few seconds) before its answer arrives.
 */
async function runUntilCalled(page: Page, calls: readonly unknown[], ms = MINUTE + 5000) {
  const before = calls.length;
  for (let t = 0; t < ms && calls.length === before; t += 500) await page.clock.runFor(500);
}

/**
 * The last call's answer has arrived in full. "Updated just now" alone does not say so: the text
 * reads the clock every 15 s, so old data can still read "just now" while the refresh is out, and
 * a jump of the fake clock then fires the request's own timeout before its answer arrives.
 */
async function answered(calls: readonly Request[]) {
  await (await calls.at(-1)?.response())?.finished();
}

test.beforeEach(async ({ page }) => {
  await page.clock.install({ time: STORY_NOW });
});

test('laptop overview: refreshed every minute while visible, not while hidden, at once when the tab comes back', async ({
  page,
  scenario,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await scenario.signIn();
  const calls = record(page, 'GET', `/team/${engineering.id}/overview`);
  await page.goto(`/overview/${engineering.id}`);
  const heading = page.getByRole('heading', { level: 1, name: 'Engineering Overview' });
  await expect(heading).toBeVisible();
  const updated = page.getByTestId('updated-ago');
  await expect(updated).toHaveText('Updated just now');
  await page.waitForLoadState('networkidle');
  await expect.poll(() => calls.length).toBe(1);
  await expectAccessible(page);

  // Visible: one refresh a minute (a slow answer may be retried: at least one more call).
  await runUntilCalled(page, calls);
  await expect.poll(() => calls.length).toBeGreaterThanOrEqual(2);
  await answered(calls);
  await expect(updated).toHaveText('Updated just now');

  // Hidden: the time goes on, nothing is asked. (Three and a half minutes: the last answer may
  // have arrived some seconds after its request on a loaded machine; it reads "3 minutes" either way.)
  const whenHidden = calls.length;
  await setTabVisible(page, false);
  // The first seconds in half-second steps (the page reads the answer it just got), then the rest.
  for (let t = 0; t < 5000; t += 500) await page.clock.runFor(500);
  await page.clock.runFor(3.5 * MINUTE - 5000);
  await expect(updated).toHaveText('Updated 3 minutes ago');
  expect(calls).toHaveLength(whenHidden);
  // Back: at once.
  await setTabVisible(page, true);
  await expect.poll(() => calls.length).toBeGreaterThan(whenHidden);
  await expect(updated).toHaveText('Updated just now');
});

test('phone: the device list and the device page refresh by themselves, the device page not while Remove is open', async ({
  page,
  scenario,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await scenario.signIn();
  const listCalls = record(page, 'GET', `/team/${engineering.id}/devices`);
  await page.goto(`/devices/${engineering.id}`);
  await expect(page.getByTestId('device-row').first()).toBeVisible();
  const updated = page.getByTestId('updated-ago');
  await expect(updated).toHaveText('Updated just now');
  await page.waitForLoadState('networkidle');
  const before = listCalls.length;
  await runUntilCalled(page, listCalls);
  await expect.poll(() => listCalls.length).toBe(before + 1);
  // The title and the time fit the phone's width.
  const box = await updated.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);

  const deviceCalls = record(page, 'GET', `/device/${device.id}`);
  await page.getByRole('link', { name: device.deviceName }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: device.deviceName })).toBeVisible();
  await expect(updated).toHaveText('Updated just now');
  await page.waitForLoadState('networkidle');
  await expect.poll(() => deviceCalls.length).toBe(1);
  await runUntilCalled(page, deviceCalls);
  await expect.poll(() => deviceCalls.length).toBe(2);
  await answered(deviceCalls);
  await expectAccessible(page);

  // A dialog open on the data: no refresh, however long it stays open.
  await page.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('dialog', { name: 'Remove device' })).toBeVisible();
  await page.clock.runFor(2 * MINUTE + 1000);
  await expect(updated).toHaveText('Updated 2 minutes ago');
  expect(deviceCalls).toHaveLength(2);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await runUntilCalled(page, deviceCalls);
  await expect.poll(() => deviceCalls.length).toBe(3);
  await expect(updated).toHaveText('Updated just now');
});
