import type { Page } from '@playwright/test';
import { test, expect, expectAccessible, holdClock, STORY_NOW } from './fixtures';
import { example, type Schemas } from './contract-examples';

const teams = example<Schemas['TeamSummary'][]>('listTeams', 'threeTeams');
const engineering = teams.find((team) => team.name === 'Engineering')!;
const design = teams.find((team) => team.name === 'Design')!;
const firstPage = example<Schemas['DeviceList']>('listTeamDevices', 'engineering');
const frank = firstPage.devices.find((device) => device.deviceName.startsWith('Frank'))!;

const palette = (page: Page) => page.getByRole('dialog', { name: 'Search' });
const combobox = (page: Page) => palette(page).getByRole('combobox');

/** The JS chunks the page has asked for whose name starts with `name`. */
function chunksNamed(page: Page, name: string): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith(`/assets/${name}`) && path.endsWith('.js')) seen.push(path);
  });
  return seen;
}

test.beforeEach(async ({ page }) => {
  // Rich tests: several screens, axe in two themes.
  test.slow();
  await page.clock.setFixedTime(STORY_NOW);
});

test.describe('laptop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('Ctrl+K from the search field opens the palette (loaded then); it finds teams, moves by arrows, opens by Enter; Escape gives focus back; axe in both themes', async ({
    page,
    scenario,
  }) => {
    await scenario.signIn();
    const chunks = chunksNamed(page, 'command-palette');
    await page.goto(`/devices/${engineering.id}`);
    await expect(page.getByTestId('device-row')).toHaveCount(firstPage.devices.length);
    // The palette is not part of the first paint.
    expect(chunks).toEqual([]);

    const search = page.getByRole('searchbox', { name: 'Search devices' });
    await search.focus();
    await page.keyboard.press('Control+k');
    await expect(palette(page)).toBeVisible();
    await expect(combobox(page)).toBeFocused();
    expect(chunks.length).toBeGreaterThan(0);
    await expectAccessible(page);

    // Empty: the screens, then the teams; the first is active.
    const listbox = palette(page).getByRole('listbox', { name: 'Results' });
    const options = listbox.getByRole('option');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await expect(listbox.getByRole('option', { name: /Impersonate/ })).toHaveCount(0);

    // Escape closes and gives the focus back to the field it was opened from.
    await page.keyboard.press('Escape');
    await expect(palette(page)).toBeHidden();
    await expect(search).toBeFocused();

    // `/` in a text field is typed, not a shortcut.
    await page.keyboard.type('/');
    await expect(search).toHaveValue('/');
    await expect(palette(page)).toBeHidden();
    await search.fill('');
    await page.getByRole('heading', { name: 'Devices' }).click();

    // `/` on the list opens it; typing finds the team, arrows move, Enter opens.
    await page.keyboard.press('/');
    await expect(combobox(page)).toBeFocused();
    await page.keyboard.type('des');
    const first = options.first();
    await expect(first).toContainText('Design');
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(combobox(page)).toHaveAttribute(
      'aria-activedescendant',
      (await first.getAttribute('id'))!,
    );
    // The device search answers after a pause in typing; its results join the list below Design.
    await expect(palette(page).getByRole('status')).toHaveText(/^\d+ results\.$/);
    await page.keyboard.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowUp');
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/overview/${design.id}$`));
    await expect(palette(page)).toBeHidden();

    // `?` lists the shortcuts.
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(help).toBeVisible();
    await expect(help.getByRole('row', { name: /Ctrl\+K/ })).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();

    // Dark mode: the palette passes axe there too.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.keyboard.press('Meta+k');
    await expect(combobox(page)).toBeFocused();
    await expectAccessible(page);
  });

  test('devices are found through the device list search, one request after typing settles; Enter opens the device', async ({
    page,
    scenario,
  }) => {
    // The pause in typing is the page's own timer: held while the letters are typed (on a loaded
    // machine a gap between two keys outlasted it, and "fr" was searched), then let run.
    await page.clock.install();
    await scenario.signIn();
    const searches: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (
        url.pathname === `/api/v1/team/${engineering.id}/devices` &&
        url.searchParams.has('search')
      )
        searches.push(url.searchParams.get('search')!);
    });
    await page.goto(`/overview/${engineering.id}`);
    await expect(page.getByRole('heading', { name: `${engineering.name} Overview` })).toBeVisible();
    await page.keyboard.press('Control+k');
    const request = page.waitForRequest(
      (r) => new URL(r.url()).searchParams.get('search') === 'frank',
    );
    await expect(combobox(page)).toBeFocused();
    await holdClock(page);
    await combobox(page).pressSequentially('frank');
    await page.clock.resume();
    const sent = new URL((await request).url()).searchParams;
    expect(sent.get('pageSize')).toBe('8');
    const option = palette(page).getByRole('option', { name: new RegExp(frank.deviceName) });
    await expect(option).toBeVisible();
    await expect(palette(page).getByRole('status')).toContainText('results');
    // Typing letter by letter sent only the settled text.
    expect(searches).toEqual(['frank']);
    await expect(palette(page).getByRole('option').first()).toContainText(frank.deviceName);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/device/${frank.id}$`));
  });

  test('the field takes what is typed at once, however the palette was opened: after Tab to a link, after the profile menu, by the Search button; Billing for the billing role', async ({
    page,
    scenario,
  }) => {
    await scenario.signIn();
    await page.goto(`/overview/${engineering.id}`);
    await expect(page.getByRole('heading', { name: `${engineering.name} Overview` })).toBeVisible();

    await test.step('Tab to a link, Ctrl+K and type at once (the palette still loading)', async () => {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link').first().focus();
      await page.keyboard.press('Control+k');
      await page.keyboard.type('des');
      await expect(combobox(page)).toBeFocused();
      await expect(combobox(page)).toHaveValue('des');
      await expect(palette(page).getByRole('option').first()).toContainText('Design');
      await page.keyboard.press('Escape');
      await expect(palette(page)).toBeHidden();
    });

    await test.step('after the profile menu', async () => {
      await page.getByRole('button', { name: /@/ }).click();
      await expect(page.getByRole('menuitem', { name: 'Account' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toBeHidden();
      await page.keyboard.press('Control+k');
      await page.keyboard.type('bill');
      await expect(combobox(page)).toBeFocused();
      await expect(combobox(page)).toHaveValue('bill');
      // Alice has the billing role: the Billing screen is offered.
      await expect(palette(page).getByRole('option').first()).toContainText('Billing');
      await page.keyboard.press('Escape');
    });

    await test.step('by the Search button', async () => {
      await page.getByRole('button', { name: 'Search' }).click();
      await page.keyboard.type('acc');
      await expect(combobox(page)).toBeFocused();
      await expect(combobox(page)).toHaveValue('acc');
    });
  });

  test('while typing settles, the previous text’s devices are neither listed nor opened by Enter', async ({
    page,
    scenario,
  }) => {
    // The pause in typing is the page's own timer, on a clock that runs by itself until paused.
    await page.clock.install({ time: STORY_NOW });
    await scenario.signIn();
    await page.goto(`/overview/${engineering.id}`);
    await expect(page.getByRole('heading', { name: `${engineering.name} Overview` })).toBeVisible();
    await page.keyboard.press('Control+k');
    await combobox(page).pressSequentially('frank');
    await page.clock.runFor(500);
    const option = palette(page).getByRole('option', { name: new RegExp(frank.deviceName) });
    await expect(option).toBeVisible();

    // From here the page's timers wait for the test: the pause in typing cannot end by itself
    // before Enter (on a loaded machine it did, and "frankz" was searched: the mock, which ignores
    // the search, answered with Frank's device, rightly listed and opened).
    await holdClock(page, 10_000);
    // "frankz" matches no screen, team or device name: Frank's device is no match for it.
    await combobox(page).pressSequentially('z');
    await expect(option).toHaveCount(0);
    await expect(palette(page).getByRole('status')).toHaveText('Searching devices…');
    await page.keyboard.press('Enter');
    await expect(palette(page)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/overview/${engineering.id}$`));
  });

  test('without the billing role, the Billing screen is not offered (SPEC §2, as in the profile menu)', async ({
    page,
    scenario,
  }) => {
    await scenario.prefer({ 'GET /user': 'example=noBillingRole' });
    await scenario.signIn();
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
    await page.keyboard.press('Control+k');
    await combobox(page).fill('bill');
    await expect(palette(page).getByRole('status')).toHaveText(/^(Nothing found|\d+ results?\.)/);
    await expect(palette(page).getByRole('option', { name: /Billing/ })).toHaveCount(0);
  });

  test('support staff find Impersonate', async ({ page, scenario }) => {
    await scenario.prefer({ 'GET /user': 'example=superuser' });
    await scenario.signIn();
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
    await page.keyboard.press('Control+k');
    await combobox(page).fill('imp');
    await expect(palette(page).getByRole('option').first()).toContainText('Impersonate');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/impersonate$/);
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the search button opens the palette; a tap opens a screen; axe clean', async ({
    page,
    scenario,
  }) => {
    await scenario.signIn();
    await page.goto(`/devices/${engineering.id}`);
    await expect(page.getByRole('heading', { name: 'Devices' })).toBeVisible();
    await page.getByRole('button', { name: 'Search' }).click();
    // Typed at once, while the palette still loads: kept.
    await page.keyboard.type('acc');
    await expect(combobox(page)).toBeFocused();
    await expect(combobox(page)).toHaveValue('acc');
    await expectAccessible(page);
    await palette(page)
      .getByRole('option', { name: /Account/ })
      .click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Search' })).toBeFocused();
  });
});
