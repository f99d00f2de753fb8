import type { Page } from '@playwright/test';
import { test, expect, expectAccessible, readSession, STORY_NOW } from './fixtures';
import { example, type Schemas } from './contract-examples';

const engineering = example<Schemas['TeamSummary']>('getTeam', 'engineering');
const firstPage = example<Schemas['DeviceList']>('listTeamDevices', 'engineering');

const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);

test.beforeEach(async ({ page }) => {
  // Rich tests: several screens, axe in two themes.
  test.slow();
  await page.clock.setFixedTime(STORY_NOW);
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
