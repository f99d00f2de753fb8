import type { Page } from '@playwright/test';
import { test, expect, expectAccessible, holdClock, TEST_TOKEN } from './fixtures';
import { example, type Schemas } from './contract-examples';
import { CONFIGURED_URL, SENTRY_TUNNEL_PATH } from './configured-app';

type User = Schemas['User'];
const admin = example<User>('getUser', 'admin');
const FAILED =
  'Unable to send feedback. This could be because of network issues, or because you are using an ad-blocker.';

test.beforeEach(async ({ scenario }) => {
  await scenario.signIn();
});

const reportBug = (page: Page) =>
  page.getByRole('contentinfo').getByRole('button', { name: 'Report a bug' });

// Without a DSN there is no "Report a bug": tests/unit/feedback.test.ts (of the e2e builds, only the
// configured one has a DSN).
test.describe('with error reporting (fake DSN, tunnel intercepted)', () => {
  test.use({ baseURL: CONFIGURED_URL });

  /** The Sentry tunnel answers `status`; every envelope is kept for inspection. */
  async function tunnel(page: Page, status: () => number) {
    const envelopes: string[] = [];
    await page.route(`**${SENTRY_TUNNEL_PATH}**`, async (route) => {
      envelopes.push(route.request().postData() ?? '');
      await route.fulfill({ status: status(), contentType: 'application/json', body: '{}' });
    });
    return envelopes;
  }

  const dialog = (page: Page) => page.locator('#sentry-feedback').getByRole('dialog');

  test('the message is required; a report is sent scrubbed of emails and tokens; the thanks close by themselves', async ({
    page,
  }) => {
    // Two sends, axe and the integration's own 5000 ms before the thanks close: more than 30 s
    // of wall time on a loaded machine.
    test.slow();
    const envelopes = await tunnel(page, () => 200);
    await page.goto('/devices/' + admin.teams![0]!.id);
    await reportBug(page).click();
    const form = dialog(page);
    await expect(form.getByRole('heading', { name: 'Report a bug' })).toBeVisible();
    // Neither a name nor an email is asked for: it would only be scrubbed.
    await expect(form.getByRole('textbox')).toHaveCount(1);
    await expectAccessible(page);

    const message = form.getByRole('textbox', { name: /Description/ });
    await message.fill('   ');
    await form.getByRole('button', { name: 'Send bug report' }).click();
    await expect(form).toContainText('Please enter in the following required fields: Description');
    expect(envelopes.filter((e) => e.includes('"type":"feedback"'))).toEqual([]);

    await message.fill(`The export is empty for ${admin.email} (token ${TEST_TOKEN})`);
    await form.getByRole('button', { name: 'Send bug report' }).click();
    const thanks = page.locator('#sentry-feedback').getByText('Thank you for your report!');
    await expect(thanks).toBeVisible();
    const feedback = envelopes.find((e) => e.includes('"type":"feedback"'));
    expect(feedback).toBeDefined();
    expect(feedback).toContain('The export is empty for [email]');
    expect(feedback).not.toContain(admin.email);
    expect(feedback).not.toContain(TEST_TOKEN);
    // SPEC §9: the success message closes after 5000 ms (the integration's own timer).
    await expect(thanks).toBeHidden({ timeout: 10_000 });
  });

  test('a failed send shows the SPEC message and keeps the text', async ({ page }) => {
    await tunnel(page, () => 500);
    await page.goto('/billing');
    await reportBug(page).click();
    const form = dialog(page);
    const message = form.getByRole('textbox', { name: /Description/ });
    await message.fill('Billing shows the wrong date');
    await form.getByRole('button', { name: 'Send bug report' }).click();
    await expect(form).toContainText(FAILED);
    await expect(message).toHaveValue('Billing shows the wrong date');
    // Escape closes the form and focus returns to the entry.
    await page.keyboard.press('Escape');
    await expect(form).toBeHidden();
    await expect(reportBug(page)).toBeFocused();
  });

  test('no answer within 30000 ms (SPEC §9): the same SPEC message, not a second earlier', async ({
    page,
  }) => {
    await page.clock.install();
    let held = 0;
    await page.route(`**${SENTRY_TUNNEL_PATH}**`, async (route) => {
      // The feedback is never answered; everything else is.
      if ((route.request().postData() ?? '').includes('"type":"feedback"')) {
        held += 1;
        return;
      }
      await route.fulfill({ status: 200, contentType: 'application/json', body: '{}' });
    });
    await page.goto('/billing');
    await reportBug(page).click();
    const form = dialog(page);
    await form.getByRole('textbox', { name: /Description/ }).fill('The page never loads');
    await holdClock(page);
    await form.getByRole('button', { name: 'Send bug report' }).click();
    await expect.poll(() => held).toBe(1);
    await page.clock.runFor(29_999);
    await expect(form.getByRole('button', { name: /Send/ })).toBeVisible();
    await expect(form).not.toContainText(FAILED);
    await page.clock.runFor(1);
    await expect(form).toContainText(FAILED);
  });
});
