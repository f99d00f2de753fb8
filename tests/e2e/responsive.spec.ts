import type { Page } from '@playwright/test';
import { test, expect, expectAccessible, readSession, STORY_NOW } from './fixtures';
import { example, type Schemas } from './contract-examples';
import { contrastRatio } from '../../src/lib/avatar';
import { DEVICE_SORT_COLUMNS, EXTERNAL_LINKS } from '../../src/lib/constants';

type Team = Schemas['TeamSummary'];
type User = Schemas['User'];
type DeviceList = Schemas['DeviceList'];
type Device = Schemas['Device'];

const teams = example<Team[]>('listTeams', 'threeTeams');
const [engineering, design] = teams as [Team, Team, Team];
const admin = example<User>('getUser', 'admin');
const firstPage = example<DeviceList>('listTeamDevices', 'engineering');
const failing = example<Device>('getDevice', 'failing');
const devicesPath = `/devices/${engineering.id}`;
const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
/** The column headers with a name (the selection column's header is a checkbox). */
const namedHeaders = (page: Page) => page.getByRole('columnheader').filter({ hasText: /\S/ });
const DEFAULT_HEADERS = ['Name', 'Status', 'Failed required', 'Last check', 'Owner', 'OS version'];
const AVATAR_HOST = new URL(EXTERNAL_LINKS.avatar).host;
/** The device columns the signed-in person chose, as stored for them (null: the default set). */
async function ownColumns(page: Page): Promise<unknown> {
  const byUser = (await readSession(page))?.preferencesByUser as
    Record<string, { columns?: unknown }> | undefined;
  return byUser?.[admin.id]?.columns;
}

test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(STORY_NOW);
});

/** The page never scrolls sideways. */
async function expectNoSideScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
}

/** The focused element (or, for a text field, the field around it) shows a focus ring. */
async function expectFocusRing(page: Page) {
  const ring = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const style = getComputedStyle(el);
    const field = el.closest('.MuiOutlinedInput-root');
    // A checkbox's input is invisible: its ring is on the box around it (MUI's focus-visible).
    const box = el.matches('input[type=checkbox]') ? el.closest('.MuiButtonBase-root') : null;
    const boxStyle = box ? getComputedStyle(box) : null;
    return {
      what: `${el.tagName} ${el.getAttribute('aria-label') ?? el.textContent?.slice(0, 40) ?? ''}`,
      outline:
        (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) ||
        (!!boxStyle && boxStyle.outlineStyle !== 'none' && parseFloat(boxStyle.outlineWidth) >= 2),
      shadow: style.boxShadow !== 'none' || (!!boxStyle && boxStyle.boxShadow !== 'none'),
      fieldShadow: field ? getComputedStyle(field).boxShadow !== 'none' : false,
    };
  });
  expect(ring, 'something has focus').not.toBeNull();
  expect(ring!.outline || ring!.shadow || ring!.fieldShadow, `visible focus on ${ring!.what}`).toBe(
    true,
  );
}

/** Tab through the page; every stop must show its focus. Stops at `until` (or after `max`). */
async function tabThrough(page: Page, until: (page: Page) => Promise<boolean>, max = 40) {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    await expectFocusRing(page);
    if (await until(page)) return;
  }
  throw new Error('the element was not reached by keyboard');
}

const focusedIs = (selector: string) => (page: Page) =>
  page.evaluate((s) => !!document.activeElement?.matches(s), selector);

test.describe('laptop, 1280x800', () => {
  test.use({ viewport: LAPTOP });

  test('the device list and a device page at laptop size: default columns that fit, the column picker, the navigation', async ({
    page,
    scenario,
  }) => {
    await scenario.signIn();
    await test.step('the default columns fit without sideways scrolling; "just now" under 5 seconds, then minutes: no seconds step', async () => {
      await page.goto(devicesPath);
      await expect(page.getByTestId('device-row')).toHaveCount(firstPage.devices.length);
      const headers = namedHeaders(page);
      await expect(headers).toHaveText(DEFAULT_HEADERS);
      const table = page.getByTestId('device-table-scroll');
      const fits = await table.evaluate((el) => el.scrollWidth <= el.clientWidth);
      expect(fits).toBe(true);
      await expect(page.getByTestId('more-columns-cue')).toHaveAttribute('data-visible', 'false');
      // Every default column is inside the window, the last one included.
      const box = await headers.last().boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(LAPTOP.width);
      await expectNoSideScroll(page);

      // SPEC alignment: "just now" under 5 seconds, then minutes (no seconds step).
      const age = (d: { lastCheck: string | null }) =>
        d.lastCheck ? Date.parse(STORY_NOW) - Date.parse(d.lastCheck) : Infinity;
      const justNow = firstPage.devices.find((d) => age(d) < 5_000)!;
      const seconds = firstPage.devices.find((d) => age(d) >= 5_000 && age(d) < 60_000)!;
      const row = (d: { deviceName: string }) =>
        page
          .getByTestId('device-row')
          .filter({ has: page.getByRole('link', { name: d.deviceName, exact: true }) });
      await expect(row(justNow)).toContainText('just now');
      await expect(row(seconds)).toContainText('1 minute ago');
      await expect(page.getByTestId('device-row').filter({ hasText: /seconds? ago/ })).toHaveCount(
        0,
      );
    });

    // The list the step before loaded, unchanged: no second load.
    await test.step('the column picker adds and removes columns and keeps the choice after a reload', async () => {
      await page.getByRole('button', { name: 'Columns' }).click();
      const menu = page.getByRole('menu', { name: 'Columns' });
      // All 13 SPEC sort columns are offered; the name is always shown.
      await expect(menu.getByRole('menuitemcheckbox')).toHaveCount(13);
      await expect(menu.getByRole('menuitemcheckbox', { name: /Name/ })).toHaveAttribute(
        'aria-disabled',
        'true',
      );
      await expectAccessible(page);
      await menu.getByRole('menuitemcheckbox', { name: 'Model' }).click();
      await expect(menu.getByRole('menuitemcheckbox', { name: 'Model' })).toHaveAttribute(
        'aria-checked',
        'true',
      );
      await menu.getByRole('menuitemcheckbox', { name: 'Owner' }).click();
      await page.keyboard.press('Escape');
      const expected = ['Name', 'Status', 'Failed required', 'Last check', 'OS version', 'Model'];
      await expect(namedHeaders(page)).toHaveText(expected);
      await expect(page.getByTestId('device-row').first()).toContainText(
        firstPage.devices[0]!.modelName,
      );
      // Kept for this person (by user id), not for the whole browser.
      expect(await ownColumns(page)).toEqual([
        'deviceName',
        'modelName',
        'status',
        'failedRequiredCount',
        'lastCheck',
        'osVersion',
      ]);

      await page.reload();
      await expect(namedHeaders(page)).toHaveText(expected);

      // Back to the default set.
      await page.getByRole('button', { name: 'Columns' }).click();
      await page.getByRole('menuitem', { name: 'Default columns' }).click();
      await page.keyboard.press('Escape');
      await expect(namedHeaders(page)).toHaveText(DEFAULT_HEADERS);
      expect(await ownColumns(page)).toBeNull();
    });

    await test.step('the navigation marks the active page and the external links', async () => {
      await page.goto(`/device/${failing.id}`);
      const nav = page.getByRole('navigation', { name: 'Main' });
      // A device page belongs to Devices.
      await expect(nav.getByRole('link', { name: 'Devices' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(nav.getByRole('link', { name: 'Overview' })).not.toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(nav.getByRole('link', { name: 'Settings' })).toHaveAttribute(
        'href',
        `/settings/${engineering.id}`,
      );
      for (const name of ['Apps', 'Docs']) {
        const link = nav.getByRole('link', { name: `${name} (opens in a new tab)` });
        await expect(link).toHaveAttribute('target', '_blank');
        await expect(link.locator('svg')).toBeVisible();
      }
      await nav.getByRole('link', { name: 'Overview' }).click();
      await expect(nav.getByRole('link', { name: 'Overview' })).toHaveAttribute(
        'aria-current',
        'page',
      );
    });
  });

  test('with every column: the name stays pinned and a cue shows there is more', async ({
    page,
    scenario,
  }) => {
    await scenario.signIn({
      preferencesByUser: { [admin.id]: { columns: [...DEVICE_SORT_COLUMNS] } },
    });
    await page.goto(devicesPath);
    await expect(namedHeaders(page)).toHaveCount(DEVICE_SORT_COLUMNS.length);
    await expect(page.getByTestId('more-columns-cue')).toHaveAttribute('data-visible', 'true');
    await expect(
      page.getByText('More columns to the right: scroll sideways to see them.'),
    ).toBeVisible();
    await expectNoSideScroll(page);

    const scroller = page.getByTestId('device-table-scroll');
    await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect(page.getByTestId('more-columns-cue')).toHaveAttribute('data-visible', 'false');
    const frame = (await scroller.boundingBox())!;
    const name = page.getByTestId('device-row').first().getByRole('link');
    const nameBox = (await name.boundingBox())!;
    // Scrolled to the far right, the device name is still on screen at the table's left edge,
    // right of the pinned selection column (its checkbox too).
    const select = page.getByTestId('device-row').first().getByRole('checkbox');
    const selectBox = (await select.boundingBox())!;
    expect(selectBox.x).toBeGreaterThanOrEqual(frame.x);
    expect(nameBox.x).toBeGreaterThan(selectBox.x);
    expect(nameBox.x).toBeLessThan(frame.x + 120);
    await expect(select).toBeInViewport();
    await expect(name).toBeInViewport();
  });

  test('keyboard only: login, device list and device details show where focus is', async ({
    page,
    scenario,
  }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
    await tabThrough(page, focusedIs('input[name="email"]'));
    await page.keyboard.type('alice@northwind.example');
    await tabThrough(page, focusedIs('input[name="password"]'));
    await page.keyboard.type('correct horse');
    await tabThrough(page, focusedIs('button[type="submit"]'));
    // Button text as the SPEC writes it, not upper-cased.
    await expect(page.getByRole('button', { name: 'Log In' })).toHaveCSS('text-transform', 'none');
    expect(await page.getByRole('button', { name: 'Log In' }).innerText()).toBe('Log In');
    await tabThrough(page, focusedIs('a[href="/password/reset"]'));

    await scenario.signIn();
    await page.goto(devicesPath);
    await expect(page.getByTestId('device-row').first()).toBeVisible();
    // The first stop skips the header's links and buttons, shown while it has the focus.
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).not.toBeInViewport();
    await page.keyboard.press('Tab');
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await expectFocusRing(page);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    // From there to the first sort header: every stop shows its ring.
    await tabThrough(page, focusedIs('[data-column="deviceName"]'));
    await page.keyboard.press('Tab');
    await expectFocusRing(page);
    // The inactive header shows its sort arrow while it has focus (after its fade-in).
    const statusIcon = page.locator('[data-column="status"] .MuiTableSortLabel-icon');
    await expect
      .poll(() => statusIcon.evaluate((el) => Number(getComputedStyle(el).opacity)))
      .toBeGreaterThan(0.5);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`${devicesPath}?orderBy=status&direction=asc`);
    await tabThrough(page, focusedIs('[data-testid="device-row"] a'));

    await page.goto(`/device/${failing.id}`);
    await expect(page.getByRole('heading', { level: 1, name: failing.deviceName })).toBeVisible();
    await tabThrough(page, focusedIs(`a[href="/device/${failing.id}/rename"]`));
    await tabThrough(page, (p) =>
      p.evaluate(() => document.activeElement?.textContent === 'Remove'),
    );
  });
});

test.describe('phone, 390x844', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('the device list on a phone: the menu with every item, cards with sorting and paging', async ({
    page,
    scenario,
  }) => {
    await scenario.signIn();
    // The menu first: the cards' step changes the sort order, which the session keeps.
    await test.step('the menu reaches every navigation item, the team switcher and the profile menu', async () => {
      await page.goto(devicesPath);
      // The app bar is one row: the menu button and the product name.
      const bar = (await page.locator('header').boundingBox())!;
      expect(bar.height).toBeLessThanOrEqual(64);
      await expect(page.getByRole('combobox', { name: 'Team' })).toHaveCount(0);

      await page.getByRole('button', { name: 'Open the menu' }).click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      const nav = menu.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: 'Devices' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(nav.getByRole('link', { name: 'Overview' })).toHaveAttribute(
        'href',
        `/overview/${engineering.id}`,
      );
      await expect(nav.getByRole('link', { name: 'Settings' })).toHaveAttribute(
        'href',
        `/settings/${engineering.id}`,
      );
      for (const name of ['Apps', 'Docs'])
        await expect(
          nav.getByRole('link', { name: `${name} (opens in a new tab)` }),
        ).toHaveAttribute('rel', 'noopener noreferrer');
      await expect(menu).toContainText(admin.email);
      for (const name of ['Account', 'Billing', 'Log Out'])
        await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
      await expectAccessible(page);

      // The team switcher keeps the kind of page and closes the menu.
      await menu.getByRole('combobox', { name: 'Team' }).click();
      await page.getByRole('option', { name: design.name }).click();
      await expect(page).toHaveURL(new RegExp(`/devices/${design.id}$`));
      await expect(menu).toHaveCount(0);

      await page.getByRole('button', { name: 'Open the menu' }).click();
      await menu.getByRole('link', { name: 'Overview' }).click();
      await expect(page).toHaveURL(new RegExp(`/overview/${design.id}$`));
      await expect(menu).toHaveCount(0);

      await page.getByRole('button', { name: 'Open the menu' }).click();
      await menu.getByRole('link', { name: 'Account', exact: true }).click();
      await expect(page).toHaveURL(/\/account$/);
    });

    await test.step('the device list is a card per device: name, status and last check, no sideways scroll', async () => {
      await page.goto(devicesPath);
      const rows = page.getByTestId('device-row');
      await expect(rows).toHaveCount(firstPage.devices.length);
      await expect(page.getByRole('table')).toHaveCount(0);
      for (const [i, device] of firstPage.devices.entries()) {
        const row = rows.nth(i);
        await expect(row.getByRole('link', { name: device.deviceName })).toBeVisible();
        await expect(row.locator('[data-status]')).toBeVisible();
        await expect(row.locator('[data-field="lastCheck"]')).not.toBeEmpty();
        await expect(row.locator('[data-field="failedRequiredCount"]')).toHaveText(
          String(device.failedRequiredCount),
        );
      }
      await expectNoSideScroll(page);
      await expectAccessible(page);

      // The same sorting as the table headers.
      await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Last check' });
      await expect(page).toHaveURL(`${devicesPath}?orderBy=lastCheck&direction=asc`);
      await page.getByRole('button', { name: /Sort direction: ascending/ }).click();
      await expect(page).toHaveURL(`${devicesPath}?orderBy=lastCheck&direction=desc`);
      // Paging still works.
      await page.getByRole('button', { name: 'Go to page 2' }).click();
      await expect(page).toHaveURL(/page=2/);
      await expectNoSideScroll(page);
    });
  });

  test('overview, device details and the demo list of an account without devices fit the phone', async ({
    page,
    scenario,
  }) => {
    await scenario.signIn();
    await test.step('overview and device details fit the phone and pass axe', async () => {
      await page.goto(`/overview/${engineering.id}`);
      await expect(page.getByTestId('not-reporting-row').first()).toBeVisible();
      // The column that matters, the last check, is on screen.
      await expect(page.getByRole('columnheader', { name: 'Last check' })).toBeInViewport();
      await expectNoSideScroll(page);
      await expectAccessible(page);

      await page.goto(`/device/${failing.id}`);
      await expect(page.getByRole('heading', { level: 1, name: failing.deviceName })).toBeVisible();
      // The four actions share one row.
      const actions = page.getByRole('group', { name: 'Device actions' }).getByRole('button');
      const tops = await actions.evaluateAll((els) =>
        els.map((el) => el.getBoundingClientRect().top),
      );
      expect(new Set(tops).size).toBe(1);
      await expectNoSideScroll(page);
      await expectAccessible(page);
    });

    await test.step('the demo list of an account without devices stays inside the page', async () => {
      const sales = teams[2]!;
      await scenario.prefer({
        'GET /teams': 'example=noDevices',
        'GET /team/{teamId}/devices': 'example=empty',
      });
      await page.goto(`/devices/${sales.id}`);
      await expect(page.getByTestId('demo-device-list')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Invite team members' })).toBeInViewport();
      await expectNoSideScroll(page);
      await expectAccessible(page);
    });
  });

  test('the login page fits the phone', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
    await expectNoSideScroll(page);
    await expectAccessible(page);
  });
});

test.describe('avatars when the avatar service cannot be reached', () => {
  test('coloured initials after one failed request per page life, pictures once the service answers', async ({
    page,
    scenario,
  }) => {
    await scenario.signIn();
    await test.step('at most one failed request per page life, then coloured initials', async () => {
      const asked: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).host === AVATAR_HOST) asked.push(r.url());
      });
      await page.route(`**://${AVATAR_HOST}/**`, (route) => route.abort('connectionrefused'));
      const failed = page.waitForEvent(
        'requestfailed',
        (r) => new URL(r.url()).host === AVATAR_HOST,
      );
      await page.goto(`/overview/${engineering.id}`);
      await failed;
      await expect(page.getByTestId('failing-device').first()).toBeVisible();
      const avatars = page.getByTestId('user-avatar');
      expect(await avatars.count()).toBeGreaterThan(20);
      await expect(avatars.locator('img')).toHaveCount(0);
      // Initials on a colour with at least 4.5:1 contrast.
      const first = avatars.first();
      await expect(first).toHaveText(/^[A-Z0-9?]{1,2}$/);
      const [bg, fg] = await first.evaluate((el) => {
        const style = getComputedStyle(el);
        return [style.backgroundColor, style.color];
      });
      const hex = (rgb: string) =>
        `#${(rgb.match(/\d+/g) ?? [])
          .slice(0, 3)
          .map((n) => Number(n).toString(16).padStart(2, '0'))
          .join('')}`;
      expect(contrastRatio(hex(bg), hex(fg))).toBeGreaterThanOrEqual(4.5);

      // Moving on inside the app asks the service no more.
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Devices' })
        .click();
      await expect(page.getByTestId('device-row').first()).toBeVisible();
      await expect(avatars.first()).toBeVisible();
      expect(asked.length).toBe(1);
      // The service is back for the next step.
      await page.unroute(`**://${AVATAR_HOST}/**`);
    });

    // A new page life (the step loads the list): the failure above is forgotten.
    await test.step('when the service answers, the pictures are shown', async () => {
      const png = Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
        'base64',
      );
      await page.route(`**://${AVATAR_HOST}/**`, (route) =>
        route.fulfill({ status: 200, contentType: 'image/png', body: png }),
      );
      await page.goto(devicesPath);
      await expect(page.getByTestId('user-avatar').locator('img').first()).toBeVisible();
    });
  });
});

test.describe('SPEC alignments', () => {
  test('toasts with their counter, an unknown team id, a 402 for the billing role and for everyone else', async ({
    page,
    scenario,
  }) => {
    await scenario.signIn();
    await test.step('the toast counter shows how many notifications are up', async () => {
      await page.goto(`/device/${failing.id}/public`);
      const publish = page.getByRole('button', { name: 'Publish', exact: true });
      await publish.click();
      await expect(page.getByText('Updated!')).toHaveCount(1);
      // The mock keeps the page unpublished: publishing again gives a second toast.
      await publish.click();
      await expect(page.getByText('Updated!')).toHaveCount(2);
      await expect(page.getByTestId('toast-counter')).toContainText('2 notifications');
      await page.getByRole('button', { name: 'Dismiss all' }).click();
      await expect(page.getByText('Updated!')).toHaveCount(0);
    });

    await test.step('an unknown team id says so, with no other team in the switcher', async () => {
      const unknown = '7e000000-0000-4000-8000-0000000000ff';
      await page.goto(`/devices/${unknown}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Team not found' })).toBeVisible();
      await expect(page).toHaveTitle(/^Team not found \| /);
      await expect(page.getByRole('combobox', { name: 'Team' })).toHaveCount(0);
      await expect(page.getByText('team', { exact: true })).toHaveCount(0);
      await expectAccessible(page);
      await page.getByRole('link', { name: `Go to ${engineering.name}` }).click();
      await expect(page).toHaveURL(new RegExp(`/devices/${engineering.id}$`));
    });

    // Last: its answers (a 402, a user without the billing role) stay in place.
    await test.step('402: billing for the billing role, pricing for everyone else', async () => {
      await scenario.prefer({ 'GET /team/{teamId}/devices': 'code=402, example=paused' });
      await page.goto(devicesPath);
      const alert = page.getByRole('alert');
      await expect(alert).toContainText('An active subscription is required');
      await expect(alert.getByRole('link', { name: 'Go to billing' })).toHaveAttribute(
        'href',
        '/billing',
      );
      await scenario.prefer({ 'GET /user': 'example=noBillingRole' });
      await page.reload();
      await expect(alert.getByRole('link', { name: 'See pricing' })).toHaveAttribute(
        'href',
        EXTERNAL_LINKS.pricing,
      );
      await expect(alert.getByRole('link', { name: 'Go to billing' })).toHaveCount(0);
    });
  });

  for (const size of [LAPTOP, PHONE]) {
    test(`a visible banner while impersonating, whose Stop impersonating stops it (${size.width}px)`, async ({
      page,
      scenario,
    }) => {
      await page.setViewportSize(size);
      await scenario.signIn({ adminToken: 'support-token' });
      await page.goto(devicesPath);
      const banner = page.getByTestId('impersonation-banner');
      await expect(banner).toBeVisible();
      await expect(banner).toContainText(`Impersonating ${admin.email}`);
      await expectNoSideScroll(page);
      await expectAccessible(page);
      // SPEC §4: stopping swaps the tokens back; the support user is back on Impersonate.
      await banner.getByRole('button', { name: 'Stop impersonating' }).click();
      await expect(page).toHaveURL(/\/impersonate$/);
      await expect(banner).toHaveCount(0);
      expect(await readSession(page)).toMatchObject({ token: 'support-token', adminToken: null });
    });
  }
});
