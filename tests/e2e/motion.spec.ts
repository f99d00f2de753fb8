import { test, expect, STORY_NOW } from './fixtures';
import { example, type Schemas } from './contract-examples';

// Most people have not asked for less motion: the menus, dialogs, drawer, palette and bulk dialog
// with their transitions, at both sizes. (The other specs run as a user who asked for less motion:
// playwright.config.ts.)
test.use({ reducedMotion: 'no-preference' });

const engineering = example<Schemas['TeamSummary']>('getTeam', 'engineering');
const firstPage = example<Schemas['DeviceList']>('listTeamDevices', 'engineering');
const first = firstPage.devices[0]!;

for (const size of [
  { name: 'laptop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
]) {
  test.describe(size.name, () => {
    test.use({ viewport: size.viewport });

    test(`with motion (${size.name}): the menu or drawer, the palette, the Save view and bulk dialogs open, take input and close`, async ({
      page,
      scenario,
    }) => {
      await page.clock.setFixedTime(STORY_NOW);
      await scenario.signIn();
      await page.goto(`/devices/${engineering.id}`);
      await expect(page.getByRole('heading', { name: 'Devices' })).toBeVisible();
      expect(
        await page.evaluate(() => matchMedia('(prefers-reduced-motion: no-preference)').matches),
      ).toBe(true);

      if (size.name === 'laptop') {
        await test.step('the profile menu opens and closes, focus back on its button', async () => {
          const button = page.getByRole('button', { name: /@/ });
          await button.click();
          await expect(page.getByRole('menuitem', { name: 'Account' })).toBeVisible();
          await page.keyboard.press('Escape');
          await expect(page.getByRole('menu')).toBeHidden();
          await expect(button).toBeFocused();
        });
      } else {
        await test.step('the navigation drawer opens and closes', async () => {
          await page.getByRole('button', { name: 'Open the menu' }).click();
          const drawer = page.getByRole('dialog');
          await expect(drawer.getByRole('link', { name: 'Overview' })).toBeVisible();
          await page.keyboard.press('Escape');
          await expect(drawer).toBeHidden();
        });
      }

      await test.step('the palette takes what is typed at once, and closes', async () => {
        await page.getByRole('button', { name: 'Search' }).click();
        await page.keyboard.type('des');
        const palette = page.getByRole('dialog', { name: 'Search' });
        await expect(palette.getByRole('combobox')).toBeFocused();
        await expect(palette.getByRole('combobox')).toHaveValue('des');
        await page.keyboard.press('Escape');
        await expect(palette).toBeHidden();
      });

      await test.step('the Save view dialog opens with its field focused, and closes', async () => {
        await page.getByRole('button', { name: 'Save view' }).click();
        const dialog = page.getByRole('dialog', { name: 'Save view' });
        await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused();
        await page.keyboard.type('Mine');
        await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Mine');
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await expect(dialog).toBeHidden();
      });

      await test.step('the bulk dialog opens and closes', async () => {
        await page.getByRole('checkbox', { name: `Select ${first.deviceName}` }).check();
        const bar = page.getByRole('region', { name: 'Bulk actions' });
        await bar.getByRole('button', { name: 'Remove' }).click();
        const dialog = page.getByRole('dialog', { name: 'Remove 1 device' });
        await expect(dialog.getByRole('button', { name: 'Remove 1 device' })).toBeVisible();
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await expect(dialog).toBeHidden();
        await bar.getByRole('button', { name: 'Clear selection' }).click();
        await expect(bar).toHaveCount(0);
      });
    });
  });
}
