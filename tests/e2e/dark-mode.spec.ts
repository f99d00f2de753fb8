import type { Page } from '@playwright/test';
import { test, expect, expectAccessible, readSession, STORY_NOW } from './fixtures';
import { example, type Schemas } from './contract-examples';

const alice = example<Schemas['User']>('getUser', 'admin');
const engineering = example<Schemas['TeamSummary']>('getTeam', 'engineering');
const firstPage = example<Schemas['DeviceList']>('listTeamDevices', 'engineering');

const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);
const background = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test.beforeEach(async ({ page }) => {
  // Rich tests: several screens, axe in two themes.
  test.slow();
  await page.clock.setFixedTime(STORY_NOW);
});

test.describe('laptop', () => {
  test.use({ viewport: { width: 1280, height: 800 }, colorScheme: 'dark' });

  test('follows a dark system, every main screen passes axe in dark, and Light from the profile menu is remembered for the person', async ({
    page,
    scenario,
  }) => {
    await scenario.signIn();
    await page.goto(`/overview/${engineering.id}`);
    await expect(page.getByRole('heading', { name: `${engineering.name} Overview` })).toBeVisible();
    expect(await theme(page)).toBe('dark');
    expect(await page.evaluate(() => document.documentElement.style.colorScheme)).toBe('dark');
    expect(await background(page)).toBe('rgb(11, 18, 32)');
    await expectAccessible(page);

    // The screens are reached as a person does, through the navigation (one page load in all).
    const nav = page.getByRole('navigation', { name: 'Main' });
    // Devices: the three status colours stay three different colours in dark.
    await nav.getByRole('link', { name: 'Devices', exact: true }).click();
    await expect(page.getByTestId('device-row')).toHaveCount(firstPage.devices.length);
    const chipColour = (status: string) =>
      page
        .locator(`[data-status="${status}"]`)
        .first()
        .evaluate((el) => getComputedStyle(el).backgroundColor);
    const colours = await Promise.all(['compliant', 'failing', 'stale'].map(chipColour));
    expect(new Set(colours).size).toBe(3);
    await expectAccessible(page);

    await page.getByTestId('device-row').first().getByRole('link').first().click();
    await expect(
      page.getByRole('heading', { name: firstPage.devices[0]!.deviceName }),
    ).toBeVisible();
    await expectAccessible(page);

    await nav.getByRole('link', { name: 'Settings', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Manage Checks' })).toBeVisible();
    await expectAccessible(page);

    await nav.getByRole('button', { name: alice.email }).click();
    await page.getByRole('menuitem', { name: 'Account' }).click();
    await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
    await expectAccessible(page);

    // The profile menu: System is the default; Light applies at once and the menu stays open.
    await page.getByRole('button', { name: alice.email }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitemradio', { name: 'System' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await menu.getByRole('menuitemradio', { name: 'Light' }).click();
    await expect(menu.getByRole('menuitemradio', { name: 'Light' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(await theme(page)).toBe('light');
    expect(await background(page)).toBe('rgb(248, 250, 252)');
    await expectAccessible(page);
    await page.keyboard.press('Escape');

    const stored = await readSession(page);
    expect(stored?.theme).toBe('light');
    expect(stored?.preferencesByUser).toEqual({
      // columns: null is the default set of columns (this person chose none).
      [alice.id]: { theme: 'light', savedViews: [], columns: null },
    });

    // Reloaded, the choice is in force before the page renders (no flash of the system's dark).
    await page.reload();
    expect(await theme(page)).toBe('light');
    await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
    expect(await background(page)).toBe('rgb(248, 250, 252)');
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, colorScheme: 'light' });

  test('a corrupt stored theme falls back to System; Dark from the menu drawer, by keyboard, passes axe', async ({
    page,
    scenario,
  }) => {
    await scenario.signIn({ theme: { mode: 'neon' }, preferencesByUser: 'garbage' });
    await page.goto(`/devices/${engineering.id}`);
    await expect(page.getByRole('heading', { name: 'Devices' })).toBeVisible();
    expect(await theme(page)).toBe('light');

    await page.getByRole('button', { name: 'Open the menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    const themeGroup = drawer.getByRole('group', { name: 'Theme' });
    await expect(themeGroup.getByRole('button', { name: 'System' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await themeGroup.getByRole('button', { name: 'Dark' }).focus();
    await page.keyboard.press('Enter');
    await expect(themeGroup.getByRole('button', { name: 'Dark' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(await theme(page)).toBe('dark');
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(page.getByText(firstPage.devices[0]!.deviceName).first()).toBeVisible();
    await expectAccessible(page);
    expect((await readSession(page))?.theme).toBe('dark');

    // Signed out, the login page keeps the theme in force on this browser.
    await page.goto('/logout');
    await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
    expect(await theme(page)).toBe('dark');
    await expectAccessible(page);
  });
});
