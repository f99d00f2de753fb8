import type { Page } from '@playwright/test';
import { test, expect, expectAccessible, readSession, STORY_NOW } from './fixtures';
import { example, type Schemas } from './contract-examples';

const alice = example<Schemas['User']>('getUser', 'admin');
const engineering = example<Schemas['TeamSummary']>('getTeam', 'engineering');
const firstPage = example<Schemas['DeviceList']>('listTeamDevices', 'engineering');
const listPath = `/devices/${engineering.id}`;
const OTHER_USER = '0c1e7d4e-5b7a-4f61-9d3c-2a8e9b0f1c2d';

const views = (page: Page) => page.getByRole('region', { name: 'Saved views' });
const searchOf = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);
const headers = (page: Page) =>
  page.locator('thead th').evaluateAll((cells) => cells.map((cell) => cell.textContent?.trim()));

test.beforeEach(async ({ page }) => {
  // Rich tests: several screens, axe in two themes.
  test.slow();
  await page.clock.setFixedTime(STORY_NOW);
});

test.describe('laptop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('save the search, sort, page size and columns under a name; apply in one click; share as a link; delete', async ({
    page,
    scenario,
    browser,
  }) => {
    // Someone else's view on this browser is not shown to Alice.
    await scenario.signIn({
      preferencesByUser: {
        [OTHER_USER]: {
          theme: 'dark',
          savedViews: [
            {
              name: 'Not mine',
              search: '',
              orderBy: 'deviceName',
              direction: 'asc',
              pageSize: 20,
              columns: null,
            },
          ],
        },
      },
    });
    await page.goto(listPath);
    await expect(page.getByTestId('device-row')).toHaveCount(firstPage.devices.length);
    await expect(views(page)).toContainText('none yet');
    await expect(views(page).getByRole('button', { name: 'Not mine' })).toHaveCount(0);

    // Make a view: search, sort by Status (descending), 50 a page, the Model column.
    await page.getByRole('searchbox', { name: 'Search devices' }).fill('mac');
    await expect(page).toHaveURL(/search=mac/);
    await page.getByRole('button', { name: 'Status' }).click();
    await page.getByRole('button', { name: 'Status' }).click();
    await expect(page).toHaveURL(/direction=desc/);
    await page.getByRole('combobox', { name: 'Per page' }).selectOption('50');
    await expect(page).toHaveURL(/pageSize=50/);
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Model' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => headers(page)).toContain('Model');

    // Save it, by keyboard; an empty name is refused with a message.
    await views(page).getByRole('button', { name: 'Save view' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save view' });
    // Nothing is said before a try: leaving the empty field is no error yet.
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused();
    await dialog.getByText('Saves the search, sort').click();
    await expect(dialog.getByRole('textbox', { name: 'Name' })).not.toBeFocused();
    await expect(dialog.getByText('Please enter a name for the view.')).toHaveCount(0);
    await expect(dialog.getByRole('textbox', { name: 'Name' })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Please enter a name for the view.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Macs by status');
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    const chip = views(page).getByRole('button', { name: 'Macs by status', exact: true });
    await expect(chip).toHaveAttribute('aria-pressed', 'true');
    // A name is user text: shown isolated, as device names are.
    await expect(chip.locator('bdi')).toHaveText('Macs by status');
    await expectAccessible(page);
    const saved = (await readSession(page))?.preferencesByUser as Record<string, unknown>;
    expect(saved[alice.id]).toEqual({
      theme: 'system',
      savedViews: [
        {
          name: 'Macs by status',
          search: 'mac',
          orderBy: 'status',
          direction: 'desc',
          pageSize: 50,
          columns: expect.arrayContaining(['deviceName', 'status', 'modelName']),
        },
      ],
      // The columns chosen are Alice's own, kept by her user id.
      columns: expect.arrayContaining(['modelName']),
    });
    expect(Object.keys(saved)).toContain(OTHER_USER);

    // Back to the plain list (and the default columns), then one click applies the view.
    await page.getByRole('link', { name: 'Devices' }).click();
    await expect(page).toHaveURL(new RegExp(`${listPath}$`));
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('menuitem', { name: /default/i }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => headers(page)).not.toContain('Model');
    await expect(chip).toHaveAttribute('aria-pressed', 'false');
    await chip.click();
    await expect
      .poll(() => searchOf(page))
      .toEqual({
        pageSize: '50',
        orderBy: 'status',
        direction: 'desc',
        search: 'mac',
      });
    await expect.poll(() => headers(page)).toContain('Model');
    await expect(chip).toHaveAttribute('aria-pressed', 'true');

    // Share: the link holds the columns too; a colleague opening it sees the same view.
    await views(page).getByRole('button', { name: 'Share link' }).click();
    const share = page.getByRole('dialog', { name: 'Share this view' });
    const link = await share.getByRole('textbox', { name: 'Link to this view' }).inputValue();
    expect(new URL(link).searchParams.get('columns')?.split(',')).toContain('modelName');
    await expectAccessible(page);
    await share.getByRole('button', { name: 'Close' }).click();

    const colleague = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const other = await colleague.newPage();
    await other.addInitScript(
      (session) => window.localStorage.setItem('console.session', session),
      JSON.stringify({
        token: 'colleague',
        deviceOrderBy: 'deviceName',
        deviceOrderDirection: 'asc',
      }),
    );
    await other.goto(link);
    await expect(other.getByTestId('device-row').first()).toBeVisible();
    await expect.poll(() => headers(other)).toContain('Model');
    // The link's columns are for this visit: the reader's own layout is not replaced, and keeping
    // them is offered. They left the address; the rest stays in it.
    await expect
      .poll(() => searchOf(other))
      .toEqual({
        pageSize: '50',
        orderBy: 'status',
        direction: 'desc',
        search: 'mac',
      });
    await expect(
      other.getByText('This link shows its own columns, for this visit only.'),
    ).toBeVisible();
    const stored = async () =>
      Object.values(
        ((await readSession(other))?.preferencesByUser ?? {}) as Record<
          string,
          { columns: string[] | null }
        >,
      ).map((preferences) => preferences.columns);
    expect((await stored()).flat()).not.toContain('modelName');
    // Elsewhere and back: the reader's own columns.
    await other.getByRole('link', { name: 'Overview' }).click();
    await expect(
      other.getByRole('heading', { name: `${engineering.name} Overview` }),
    ).toBeVisible();
    await other.goBack();
    await expect(other.getByTestId('device-row').first()).toBeVisible();
    await expect.poll(() => headers(other)).not.toContain('Model');
    // Opened again and kept: now they are the reader's own.
    await other.goto(link);
    await other.getByRole('button', { name: 'Keep these columns' }).click();
    await expect(other.getByText('This link shows its own columns')).toHaveCount(0);
    await expect.poll(() => headers(other)).toContain('Model');
    await expect.poll(async () => (await stored()).flat()).toContain('modelName');
    await colleague.close();

    // Delete it: gone at once, with Undo, which brings it back.
    await views(page).getByRole('button', { name: 'Delete view Macs by status' }).click();
    await expect(chip).toHaveCount(0);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(chip).toBeVisible();
    // Deleted for good: gone from the row and from the stored session.
    await views(page).getByRole('button', { name: 'Delete view Macs by status' }).click();
    await expect(chip).toHaveCount(0);
    await expect(views(page)).toContainText('none yet');
    const after = (await readSession(page))?.preferencesByUser as Record<
      string,
      { savedViews: unknown[] }
    >;
    expect(after[alice.id]?.savedViews).toEqual([]);
  });

  test('a malformed address falls back to the defaults and says which parts', async ({
    page,
    scenario,
  }) => {
    await scenario.signIn();
    const request = page.waitForRequest((r) =>
      new URL(r.url()).pathname.endsWith(`/team/${engineering.id}/devices`),
    );
    await page.goto(
      `${listPath}?pageSize=lots&orderBy=drop%20table&columns=name,password&search=mac`,
    );
    const sent = new URL((await request).url()).searchParams;
    expect([sent.get('pageSize'), sent.get('orderBy'), sent.get('search')]).toEqual([
      '20',
      'deviceName',
      'mac',
    ]);
    const alert = page.getByRole('alert').filter({ hasText: 'in this address could not be used' });
    await expect(alert).toHaveText(
      'The page size, sort column and columns in this address could not be used, so the defaults are shown.',
    );
    await expect(page.getByTestId('device-row')).toHaveCount(firstPage.devices.length);
    await expectAccessible(page);
    // Changing the view writes a clean address, and the message goes.
    await page.getByRole('button', { name: 'Status' }).click();
    await expect(alert).toBeHidden();
    expect(searchOf(page)).toEqual({ orderBy: 'status', direction: 'asc', search: 'mac' });
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('on the cards: save the search under a name, apply it by a tap, delete it; fits the phone', async ({
    page,
    scenario,
  }) => {
    await scenario.signIn();
    await page.goto(listPath);
    await expect(views(page)).toContainText('none yet');

    await page.getByRole('searchbox', { name: 'Search devices' }).fill('mac');
    await expect(page).toHaveURL(/search=mac/);
    await views(page).getByRole('button', { name: 'Save view' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Save view' });
    const name = dialog.getByRole('textbox', { name: 'Name' });
    await expect(name).toBeVisible();
    await name.fill('Macs');
    await dialog.getByRole('button', { name: 'Save' }).tap();
    await expect(dialog).toBeHidden();
    const chip = views(page).getByRole('button', { name: 'Macs', exact: true });
    await expect(chip).toHaveAttribute('aria-pressed', 'true');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await expectAccessible(page);

    // The plain list, then one tap brings the search back.
    await page.getByRole('searchbox', { name: 'Search devices' }).fill('');
    await expect(page).not.toHaveURL(/search=/);
    await expect(chip).toHaveAttribute('aria-pressed', 'false');
    await chip.tap();
    await expect.poll(() => searchOf(page).search).toBe('mac');

    await views(page).getByRole('button', { name: 'Delete view Macs' }).tap();
    await expect(chip).toHaveCount(0);
    const stored = (await readSession(page))?.preferencesByUser as Record<
      string,
      { savedViews: unknown[] }
    >;
    expect(stored[alice.id]?.savedViews).toEqual([]);
  });
});
