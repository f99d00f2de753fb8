import type { Page } from '@playwright/test';
import QRCode from 'qrcode';
import { test, expect, expectAccessible, STORY_NOW, hold, waitForCall, record } from './fixtures';
import { example, type Schemas } from './contract-examples';

type User = Schemas['User'];
type Secret = Schemas['TwoFactorSecret'];

const admin = example<User>('getUser', 'admin');
const secret = example<Secret>('createTwoFactorSecret', 'secret');
const ENGINEERING = '7e000000-0000-4000-8000-000000000001';
const USER_ID = admin.id;
const RESET_TOKEN = 'rst_8c1f2e9d7b6a5c4d';
const NEW_EMAIL = 'alice.moreau@northwind.example';
const CHANGE_TOKEN = 'chg_5d41402abc4b2a76';
const PHONE = { width: 390, height: 844 };

test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(STORY_NOW);
});

async function expectFitsPhone(page: Page) {
  await page.setViewportSize(PHONE);
  // The shell swaps its laptop navigation for the phone menu when the media query changes, a
  // render after the resize: measure the phone layout, not the frame before it.
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
}

/** The form's red notice (toasts are info and carry role=status). */
const notice = (page: Page) => page.getByRole('main').getByRole('alert');

test.describe('forgot password', () => {
  test('asking for reset instructions: the form, its checks, sending, sent, and a failed request', async ({
    page,
    scenario,
  }) => {
    await test.step('idle, invalid email sends nothing, sending, sent', async () => {
      const calls = record(page, 'POST', '/user/password/reset');
      await page.goto('/login');
      await page.getByRole('link', { name: 'Forgot your password?' }).click();
      await expect(page).toHaveURL(/\/password\/reset$/);
      await expect(page).toHaveTitle(/^Forgot Password \| /);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Forgot your password?');
      await expect(
        page.getByText('Password reset is for accounts of the cloud service, the only product'),
      ).toBeVisible();
      await expect(
        page.getByRole('link', { name: 'Start your 14-day free trial' }),
      ).toHaveAttribute('rel', 'noopener noreferrer');
      await expectAccessible(page);

      const send = page.getByRole('button', { name: 'Send password reset instructions' });
      const email = page.getByRole('textbox', { name: 'Email' });
      await send.click();
      await expect(page.getByText('Please enter your email')).toBeVisible();
      await email.fill('alice@');
      await send.click();
      await expect(page.getByText('Please enter your email')).toBeVisible();
      expect(calls).toHaveLength(0);

      await email.fill(' alice@northwind.example ');
      await expect(page.getByText('Please enter your email')).toHaveCount(0);
      const release = await hold(page, 'POST', '/user/password/reset');
      const call = waitForCall(page, 'POST', '/user/password/reset');
      await send.click();
      await expect(
        page.getByRole('button', { name: 'Sending password reset request' }),
      ).toBeDisabled();
      expect((await call).postDataJSON()).toEqual({ email: 'alice@northwind.example' });
      release();
      await expect(page.getByText('Password reset instructions sent!')).toBeVisible();
      await expect(page.getByText('If an account uses alice@northwind.example')).toBeVisible();
      expect(calls).toHaveLength(1);
      await page.getByRole('link', { name: 'Back to Log In' }).click();
      await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
    });
    await test.step('failed: "Reset request failed", the email kept; fits a phone', async () => {
      await scenario.prefer({ 'POST /user/password/reset': 'code=500' });
      await page.goto('/password/reset');
      const email = page.getByRole('textbox', { name: 'Email' });
      await email.fill('alice@northwind.example');
      await page.getByRole('button', { name: 'Send password reset instructions' }).click();
      await expect(notice(page)).toContainText('Reset request failed');
      await expect(notice(page)).toContainText('Internal server error.');
      await expect(email).toHaveValue('alice@northwind.example');
      await expect(
        page.getByRole('button', { name: 'Send password reset instructions' }),
      ).toBeEnabled();
      await expectFitsPhone(page);
      await expectAccessible(page);
    });
  });
});

/** The Navigation API (Chromium), which TypeScript's DOM types do not have yet. */
interface NavigationWindow {
  navigation: { entries(): { url: string | null }[] };
}

test.describe('set a new password from the reset link', () => {
  const link = `/password/change/${USER_ID}/${RESET_TOKEN}`;

  test('the token leaves the address bar, the new password is set, and a failure offers a new link', async ({
    page,
    scenario,
  }) => {
    await test.step('the token leaves the address bar; rules, updating, changed, Log In', async () => {
      await page.goto(link);
      await expect(page).toHaveURL(new RegExp(`/password/change/${USER_ID}$`));
      expect(page.url()).not.toContain(RESET_TOKEN);
      // Replaced, not pushed: no entry of this origin's session history keeps the token.
      const entries = await page.evaluate(() =>
        (window as unknown as NavigationWindow).navigation
          .entries()
          .map((entry) => entry.url ?? ''),
      );
      expect(entries.length).toBeGreaterThan(0);
      expect(entries.filter((url) => url.includes(RESET_TOKEN))).toEqual([]);
      await expect(page).toHaveTitle(/^Set New Password \| /);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Set a new password');

      const next = page.getByLabel(/^New password/);
      const repeat = page.getByLabel('Repeat new password');
      const submit = page.getByRole('button', { name: 'Set new password' });
      await expect(next).toHaveAttribute('autocomplete', 'new-password');
      await expect(repeat).toHaveAttribute('autocomplete', 'new-password');
      await expect(submit).toBeDisabled();
      await expectAccessible(page);

      // Too short: the problem while typing, the remedy once the field was left.
      await next.fill('abc');
      await expect(page.getByText('New password is too short')).toBeVisible();
      await expect(page.getByText('Should be at least 8 characters.')).toHaveCount(0);
      await repeat.focus();
      await expect(page.getByText('Should be at least 8 characters.')).toBeVisible();
      await expect(submit).toBeDisabled();

      await next.fill('tr0ub4dor&3-northwind');
      await expect(page.getByText('New password is too short')).toHaveCount(0);
      await repeat.fill('tr0ub4dor&3-northwinD');
      await expect(page.getByText('Does not match with new password')).toBeVisible();
      await expect(submit).toBeDisabled();
      await repeat.fill('tr0ub4dor&3-northwind');
      await expect(page.getByText('Does not match with new password')).toHaveCount(0);
      await expect(submit).toBeEnabled();

      const release = await hold(page, 'POST', '/user/password/reset/change');
      const call = waitForCall(page, 'POST', '/user/password/reset/change');
      await submit.click();
      await expect(page.getByRole('button', { name: 'Updating password' })).toBeDisabled();
      expect((await call).postDataJSON()).toEqual({
        userId: USER_ID,
        resetToken: RESET_TOKEN,
        password: 'tr0ub4dor&3-northwind',
      });
      release();
      await expect(page.getByText('Password successfully changed!')).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('link', { name: 'Log In' }).click();
      await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
    });
    await test.step('failed keeps the passwords and offers a new link; a reload asks for the link again', async () => {
      await scenario.prefer({ 'POST /user/password/reset/change': 'code=400' });
      await page.goto(link);
      await page.getByLabel(/^New password/).fill('tr0ub4dor&3-northwind');
      await page.getByLabel('Repeat new password').fill('tr0ub4dor&3-northwind');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await expect(notice(page)).toContainText('Changing password failed');
      await expect(notice(page)).toContainText(
        'There was a problem with this request: The password reset link has expired',
      );
      await expect(page.getByLabel(/^New password/)).toHaveValue('tr0ub4dor&3-northwind');
      await expect(notice(page).getByRole('link', { name: 'Request a new link' })).toBeVisible();
      await expectFitsPhone(page);
      await expectAccessible(page);

      await page.reload();
      expect(page.url()).not.toContain(RESET_TOKEN);
      await expect(page.getByText('open the link from your email again')).toBeVisible();
      await expect(page.getByRole('textbox')).toHaveCount(0);
      await page.getByRole('link', { name: 'Request a new link' }).click();
      await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    });
  });
});

test.describe('change password (signed in)', () => {
  test.beforeEach(async ({ scenario }) => {
    await scenario.signIn();
  });

  test('setting a first password and changing the password: checks, failures, updated', async ({
    page,
    scenario,
  }) => {
    await test.step('"Password Required" leads to Set Password; once set, modal and banner are gone without a reload', async () => {
      await scenario.prefer({ 'GET /user': 'example=noPassword' });
      await page.goto(`/overview/${ENGINEERING}`);
      await page.evaluate(
        () => ((window as unknown as { e2eNoReload: boolean }).e2eNoReload = true),
      );
      const modal = page.getByRole('dialog', { name: 'Password Required' });
      await expect(modal).toBeVisible();
      // It blocks: Escape does not close it; the shell's banner says why.
      await page.keyboard.press('Escape');
      await expect(modal).toBeVisible();
      await expect(page.getByText('Your account has no password yet.')).toBeVisible();
      await modal.getByRole('link', { name: 'Set Password' }).click();

      await expect(page).toHaveURL(/\/password\/change$/);
      await expect(page).toHaveTitle(/^Set Password \| /);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Set Password');
      await expect(modal).toHaveCount(0);
      await expect(
        page.getByText('Your account has no password yet.', { exact: false }),
      ).toHaveCount(1); // the form's own intro, not the shell's banner
      await expect(page.getByLabel('Current password')).toHaveCount(0);
      await expectAccessible(page);

      await page.getByLabel(/^New password/).fill('tr0ub4dor&3-northwind');
      await page.getByLabel('Repeat new password').fill('tr0ub4dor&3-northwind');
      // From now on the server knows a password.
      await scenario.prefer({ 'GET /user': '' });
      const release = await hold(page, 'POST', '/user/password/change');
      const call = waitForCall(page, 'POST', '/user/password/change');
      await page.getByRole('button', { name: 'Set Password' }).click();
      await expect(page.getByRole('button', { name: 'Updating password' })).toBeDisabled();
      expect((await call).postDataJSON()).toEqual({ newPassword: 'tr0ub4dor&3-northwind' });
      const userRefetch = waitForCall(page, 'GET', '/user');
      release();
      await expect(
        page.getByText(
          'Password updated. You can now use your new password to sign in to your account.',
        ),
      ).toBeVisible();
      await expect(page.getByText('Password updated successfully.')).toBeVisible();
      await userRefetch;
      await expect(page).toHaveTitle(/^Set Password \| /);

      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Overview' })
        .click();
      await expect(page.getByRole('heading', { name: 'Engineering Overview' })).toBeVisible();
      await expect(modal).toHaveCount(0);
      await expect(page.getByText('Your account has no password yet.')).toHaveCount(0);
      expect(
        await page.evaluate(() => (window as unknown as { e2eNoReload?: boolean }).e2eNoReload),
      ).toBe(true);
    });
    await test.step('Change Password: current password required, failed keeps input, then updated', async () => {
      await scenario.prefer({ 'POST /user/password/change': 'code=400' });
      await page.goto('/password/change');
      await expect(page).toHaveTitle(/^Change Password \| /);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Change Password');
      const current = page.getByLabel('Current password');
      const next = page.getByLabel(/^New password/);
      const repeat = page.getByLabel('Repeat new password');
      const submit = page.getByRole('button', { name: 'Change Password' });
      await expect(current).toHaveAttribute('autocomplete', 'current-password');
      await expect(next).toHaveAttribute('autocomplete', 'new-password');
      await next.fill('tr0ub4dor&3-northwind');
      await repeat.fill('tr0ub4dor&3-northwind');
      await expect(submit).toBeDisabled();
      await current.focus();
      await current.blur();
      await expect(page.getByText('Please enter your current password')).toBeVisible();
      await current.fill('correct horse battery staple');
      await expect(submit).toBeEnabled();

      await submit.click();
      await expect(notice(page)).toContainText('Changing password failed');
      await expect(notice(page)).toContainText(
        'There was a problem with this request: The current password is not correct',
      );
      await expect(current).toHaveValue('correct horse battery staple');
      await expect(next).toHaveValue('tr0ub4dor&3-northwind');
      await expectAccessible(page);
      await expectFitsPhone(page);

      await scenario.prefer({ 'POST /user/password/change': '' });
      const call = waitForCall(page, 'POST', '/user/password/change');
      await submit.click();
      expect((await call).postDataJSON()).toEqual({
        oldPassword: 'correct horse battery staple',
        newPassword: 'tr0ub4dor&3-northwind',
      });
      await expect(
        page.getByText(
          'Password updated. You can now use your new password to sign in to your account.',
        ),
      ).toBeVisible();
    });
  });
});

test.describe('email change (signed in)', () => {
  test.beforeEach(async ({ scenario }) => {
    await scenario.signIn();
  });

  test('checks, sending, both mailboxes, and an address already in use', async ({
    page,
    scenario,
  }) => {
    await test.step('rules, sending, then check both mailboxes; the signature is sent', async () => {
      await page.goto('/email/change');
      await expect(page).toHaveTitle(/^Change Email \| /);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Change Email');
      const field = page.getByRole('textbox', { name: 'New email' });
      const send = page.getByRole('button', { name: 'Send verification links' });
      await expect(send).toBeDisabled();
      await expectAccessible(page);

      await field.fill(admin.email);
      await field.blur();
      await expect(page.getByText('This is already the email of your account')).toBeVisible();
      await expect(send).toBeDisabled();
      await field.fill('alice.moreau@');
      await expect(page.getByText('Please enter a valid email')).toBeVisible();
      await expect(send).toBeDisabled();
      await field.fill(NEW_EMAIL);
      await expect(send).toBeEnabled();

      const release = await hold(page, 'POST', '/user/email/change');
      const call = waitForCall(page, 'POST', '/user/email/change');
      await send.click();
      await expect(page.getByRole('button', { name: 'Sending request' })).toBeDisabled();
      expect((await call).postDataJSON()).toEqual({
        newEmail: NEW_EMAIL,
        signature: admin.beaconSignature,
      });
      release();
      const done = page.getByRole('status').filter({ hasText: 'Check both mailboxes' });
      await expect(done).toContainText(
        `We sent a verification link to ${admin.email} and one to ${NEW_EMAIL}`,
      );
    });
    await test.step('failed: the server message, the address kept; fits a phone', async () => {
      await scenario.prefer({ 'POST /user/email/change': 'code=400' });
      await page.goto('/email/change');
      const field = page.getByRole('textbox', { name: 'New email' });
      await field.fill(NEW_EMAIL);
      await page.getByRole('button', { name: 'Send verification links' }).click();
      await expect(notice(page)).toHaveText(
        'There was a problem with this request: This email is already in use',
      );
      await expect(field).toHaveValue(NEW_EMAIL);
      await expectFitsPhone(page);
      await expectAccessible(page);
    });
  });
});

test.describe('email verification (public)', () => {
  const verifyUrl = (stage: string, token = CHANGE_TOKEN) =>
    `/email/verify?stage=${stage}&newEmail=${encodeURIComponent(NEW_EMAIL)}&changeToken=${token}`;

  test('each stage, answers that fail or verify nothing, and links that are not valid', async ({
    page,
    scenario,
  }) => {
    await test.step('second stage: both verified is a success with Log In', async () => {
      await scenario.prefer({ 'POST /user/email/verify': 'example=bothVerified' });
      const call = waitForCall(page, 'POST', '/user/email/verify');
      await page.goto(verifyUrl('NewEmail', 'chg_7e8f9a0b1c2d3e4f'));
      expect((await call).postDataJSON()).toEqual({
        stage: 'NewEmail',
        newEmail: NEW_EMAIL,
        changeToken: 'chg_7e8f9a0b1c2d3e4f',
      });
      await expect(page.getByText('Email changed')).toBeVisible();
      await expect(page.getByText(`You now log in with ${NEW_EMAIL}.`)).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('link', { name: 'Log In' }).click();
      await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
    });
    await test.step('both invalid: "Something went wrong"; a failed request: "Email verification failed" with a retry', async () => {
      await scenario.prefer({ 'POST /user/email/verify': 'example=noneVerified' });
      await page.goto(verifyUrl('CurrentEmail'));
      await expect(page.getByRole('alert')).toHaveText('Something went wrong');
      await expect(page.getByText('Please try again or contact support.')).toHaveCount(0);

      await scenario.prefer({ 'POST /user/email/verify': 'code=400' });
      const calls = record(page, 'POST', '/user/email/verify');
      await page.goto(verifyUrl('NewEmail'));
      const failed = page.getByRole('alert');
      await expect(failed).toContainText('Email verification failed');
      await expect(failed).toContainText('Please try again or contact support.');
      await expect(page.getByRole('link', { name: 'Contact support' })).toHaveAttribute(
        'target',
        '_blank',
      );
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Try again' }).click();
      await expect.poll(() => calls.length).toBe(2);
      await expect(failed).toContainText('Email verification failed');
      expect(calls[1]?.postDataJSON()).toEqual(calls[0]?.postDataJSON());
      expect(page.url()).not.toContain(CHANGE_TOKEN);
    });
    // Prism's own answer again, as the next steps had.
    await scenario.prefer({ 'POST /user/email/verify': '' });
    await test.step('a link missing a parameter or with another stage is "Invalid link." and sends nothing', async () => {
      const calls = record(page, 'POST', '/user/email/verify');
      for (const search of [
        `?stage=CurrentEmail&newEmail=${encodeURIComponent(NEW_EMAIL)}`,
        `?stage=OldEmail&newEmail=${encodeURIComponent(NEW_EMAIL)}&changeToken=${CHANGE_TOKEN}`,
        `?newEmail=${encodeURIComponent(NEW_EMAIL)}&changeToken=${CHANGE_TOKEN}`,
        '',
      ]) {
        await page.goto(`/email/verify${search}`);
        await expect(page.getByRole('alert')).toHaveText('Invalid link.');
        expect(page.url()).not.toContain(CHANGE_TOKEN);
      }
      await expect(page.getByRole('link', { name: 'Back to Log In' })).toBeVisible();
      await expectAccessible(page);
      expect(calls).toHaveLength(0);
    });
    await test.step('first stage: verifying, 1/2, token and email gone from the URL, a reload keeps the result', async () => {
      const calls = record(page, 'POST', '/user/email/verify');
      const release = await hold(page, 'POST', '/user/email/verify');
      await page.goto(verifyUrl('CurrentEmail'));
      await expect(page.getByText('Verifying your email')).toBeVisible();
      await expect(page).toHaveURL(/\/email\/verify$/);
      expect(calls[0]?.postDataJSON()).toEqual({
        stage: 'CurrentEmail',
        newEmail: NEW_EMAIL,
        changeToken: CHANGE_TOKEN,
      });
      release();
      await expect(page.getByText('1/2', { exact: true })).toBeVisible();
      await expect(
        page.getByText(`Now open the link we sent to ${NEW_EMAIL} to finish the change.`),
      ).toBeVisible();
      await expect(page).toHaveTitle(/^Verify Email \| /);
      await expectAccessible(page);
      await expectFitsPhone(page);

      await page.reload();
      await expect(page.getByText('1/2', { exact: true })).toBeVisible();
      expect(page.url()).not.toContain(CHANGE_TOKEN);
      expect(calls).toHaveLength(1);
    });
  });
});

test.describe('two-factor setup (signed in)', () => {
  test.beforeEach(async ({ scenario }) => {
    await scenario.signIn();
  });

  /** The dark modules of the URI's QR code as the page draws them (same library, same level). */
  function expectedQr(uri: string) {
    const { modules } = QRCode.create(uri, { errorCorrectionLevel: 'M' });
    let d = '';
    for (let row = 0; row < modules.size; row += 1) {
      for (let col = 0; col < modules.size;) {
        if (!modules.get(row, col)) {
          col += 1;
          continue;
        }
        const start = col;
        while (col < modules.size && modules.get(row, col)) col += 1;
        d += `M${start + 4} ${row + 4}h${col - start}v1h-${col - start}z`;
      }
    }
    return { viewBox: `0 0 ${modules.size + 8} ${modules.size + 8}`, d };
  }

  test('the secret on demand, confirming it, its failures, and no reconfiguring once provisioned', async ({
    page,
    scenario,
  }) => {
    const laptop = page.viewportSize()!;
    await test.step('already provisioned: reconfiguring is refused and no secret is requested', async () => {
      const calls = record(page, 'POST', '/user/2fa');
      await page.goto('/account/authentication');
      await expect(
        page.getByText(
          'Reconfiguring Two Factor Authentication is not allowed, please contact the support.',
        ),
      ).toBeVisible();
      await expect(
        page.getByRole('button', { name: 'Set up two-factor authentication' }),
      ).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Contact support' })).toHaveAttribute(
        'rel',
        'noopener noreferrer',
      );
      await expectAccessible(page);
      expect(calls).toHaveLength(0);
    });
    await test.step('secret requested on demand, QR code and secret shown, confirmed with code and password', async () => {
      await scenario.prefer({ 'GET /user': 'example=noTwoFactor' });
      const qrChunks: string[] = [];
      page.on('response', async (response) => {
        if (!response.url().endsWith('.js')) return;
        const text = await response.text().catch(() => '');
        if (text.includes('The amount of data is too big')) qrChunks.push(response.url());
      });
      await page.goto('/account/authentication');
      await expect(page).toHaveTitle(/^Two-Factor Authentication \| /);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Two-Factor Authentication');
      await expectAccessible(page);
      expect(qrChunks).toEqual([]); // the QR library is not loaded before it is needed

      const release = await hold(page, 'POST', '/user/2fa');
      await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
      await expect(page.getByRole('button', { name: 'Creating a secret' })).toBeDisabled();
      release();

      const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
      await expect(qr).toBeVisible();
      const want = expectedQr(secret.uri);
      await expect(qr).toHaveAttribute('viewBox', want.viewBox);
      await expect(qr.locator('path')).toHaveAttribute('d', want.d);
      await expect(page.getByTestId('two-factor-secret')).toHaveText(secret.secret);
      expect(qrChunks).toHaveLength(1);
      await expectAccessible(page);
      await expectFitsPhone(page);

      const code = page.getByRole('textbox', { name: 'Verification code' });
      const password = page.getByLabel(/^Password/);
      const enable = page.getByRole('button', { name: 'Enable two-factor authentication' });
      await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
      await expect(password).toHaveAttribute('autocomplete', 'current-password');
      await expect(enable).toBeDisabled();
      await code.fill('49281');
      await code.blur();
      await expect(page.getByText('The verification code has 6 digits')).toBeVisible();
      await code.fill('492 817');
      await expect(enable).toBeDisabled();
      await password.fill('correct horse battery staple');
      await expect(enable).toBeEnabled();

      const hold2 = await hold(page, 'PATCH', '/user/2fa');
      const call = waitForCall(page, 'PATCH', '/user/2fa');
      await enable.click();
      await expect(page.getByRole('button', { name: 'Confirming' })).toBeDisabled();
      expect((await call).postDataJSON()).toEqual({
        totp: '492817',
        secret: secret.secret,
        password: 'correct horse battery staple',
      });
      hold2();
      await expect(page.getByText('Two-factor authentication is on')).toBeVisible();
    });
    // Back to the laptop size the next step had (expectFitsPhone left a phone's).
    await page.setViewportSize(laptop);
    await test.step('a wrong code keeps the input; an unencodable URI says so and keeps the secret', async () => {
      await scenario.prefer({ 'GET /user': 'example=noTwoFactor', 'PATCH /user/2fa': 'code=400' });
      await page.goto('/account/authentication');
      await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
      await page.getByRole('textbox', { name: 'Verification code' }).fill('492817');
      await page.getByLabel(/^Password/).fill('wrong password');
      await page.getByRole('button', { name: 'Enable two-factor authentication' }).click();
      await expect(notice(page)).toHaveText(
        'There was a problem with this request: The verification code or the password is not correct',
      );
      await expect(page.getByRole('textbox', { name: 'Verification code' })).toHaveValue('492817');

      // A URI too long for any QR code (the server answer is otherwise valid).
      await page.route('**/api/v1/user/2fa', async (route) => {
        if (route.request().method() !== 'POST') return route.fallback();
        const response = await route.fetch();
        const headers = response.headers();
        delete headers['content-length'];
        const uri = `${secret.uri}&pad=${'x'.repeat(4000)}`;
        await route.fulfill({ status: 200, headers, json: { secret: secret.secret, uri } });
      });
      await page.reload();
      await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
      await expect(notice(page)).toHaveText('Error while encoding to QRCode.');
      await expect(page.getByTestId('two-factor-secret')).toHaveText(secret.secret);
    });
  });
});
