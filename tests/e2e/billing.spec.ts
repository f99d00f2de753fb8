import type { Page, Response } from '@playwright/test';
import { test, expect, expectAccessible, record, STORY_NOW, waitForCall } from './fixtures';
import { example, type Schemas } from './contract-examples';
import { CONFIGURED_URL, PADDLE_CDN_URL, PADDLE_CLIENT_TOKEN } from './configured-app';

type Billing = Schemas['Billing'];
type User = Schemas['User'];
const admin = example<User>('getUser', 'admin');
const trialUser = example<User>('getUser', 'trial');
const team = example<Billing>('getBilling', 'team');
const trial = example<Billing>('getBilling', 'trial');
const portal = example<{ url: string }>('getBillingManageUrl', 'portal');
const PROVIDER_FAILED =
  'Loading payment provider failed. Please reload the page or contact support.';

// The reader's locale decides how dates and amounts read: en-GB here, so "5 Dec 2026".
const LOCALE = 'en-GB';
test.use({ locale: LOCALE });
const day = (iso: string | null | undefined) =>
  new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso!));
const money = (amount: number, currency = 'USD') =>
  new Intl.NumberFormat(LOCALE, { style: 'currency', currency }).format(amount);

test.beforeEach(async ({ page, scenario }) => {
  await page.clock.setFixedTime(STORY_NOW);
  await scenario.signIn();
});

const field = (page: Page, name: string) => page.locator(`[data-field="${name}"] dd`);
const state = (page: Page) => page.getByTestId('billing-state');
const manage = (page: Page) => page.getByRole('button', { name: 'Manage Subscription' });

test.describe('subscription summary', () => {
  test("subscribed (default), also as a retry after a failed load shows it: state in plain words, plan, devices, dates in the reader's locale; Manage Subscription goes to the provider portal", async ({
    page,
    scenario,
  }) => {
    await test.step('a failed load says so and offers a retry', async () => {
      await scenario.prefer({ 'GET /user/billing': 'code=500' });
      await page.goto('/billing');
      await expect(page.getByRole('alert')).toContainText('Internal server error.');
      await scenario.prefer({ 'GET /user/billing': '' });
      await page.getByRole('button', { name: 'Try again' }).click();
      await expect(state(page)).toContainText('Active');
    });

    await test.step("subscribed (default): state in plain words, plan, devices, dates in the reader's locale; Manage Subscription goes to the provider portal the server names", async () => {
      await page.route(`${new URL(portal.url).origin}/**`, (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>Portal</title><h1>Portal</h1>' }),
      );
      // The page the retry of the step before loaded, every answer the default.
      await expect(page).toHaveTitle(/^Billing \| /);
      await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
      await expect(state(page)).toContainText('Active');
      await expect(state(page)).toContainText(`The next bill is due on ${day(team.nextBillDate)}.`);
      await expect(field(page, 'plan')).toHaveText(team.plan);
      await expect(field(page, 'devices')).toContainText(
        `${team.deviceUsage} of ${team.deviceLimit} devices`,
      );
      await expect(field(page, 'validTo')).toHaveText(day(team.validTo));
      await expect(field(page, 'nextBillDate')).toHaveText('5 Dec 2026');
      await expect(field(page, 'lastBillDate')).toHaveText(day(team.lastBillDate));
      await expect(field(page, 'nextPayment')).toHaveText(money(team.nextPayment!.amount));
      await expect(field(page, 'lastPayment')).toHaveText(money(team.lastPayment!.amount));
      await expect(field(page, 'canceledAt')).toHaveCount(0);
      await expect(page.getByText('Prices exclude tax.')).toBeVisible();
      await expect(page.getByRole('link', { name: 'See all plans and prices' })).toHaveAttribute(
        'target',
        '_blank',
      );
      await expectAccessible(page);

      const call = waitForCall(page, 'GET', '/user/billing/manage');
      await manage(page).click();
      await call;
      await expect(page).toHaveURL(portal.url);
    });
  });

  const states: [string, string, RegExp, boolean, boolean][] = [
    // example, label, detail, Manage Subscription, plan picker
    ['trial', 'Free trial', /ends in 9 days \(30 Nov 2026\)/, false, true],
    ['overdue', 'Payment overdue', /Update your payment method/, true, true],
    ['canceled', 'Canceled', /canceled on 20 Oct 2026\. Choose a plan/, false, true],
    ['paused', 'Paused', /is paused/, true, true],
    ['pendingCancellation', 'Canceling', /stays active until 5 Dec 2026/, true, true],
    ['free', 'Free', /free Starter plan/, false, true],
    ['invoice', 'Paid by invoice', /billed by invoice/, false, false],
  ];
  // Two tests of a few states each; every state loads the page with its own answer.
  for (const group of [states.slice(0, 4), states.slice(4)]) {
    test(`${group.map(([name]) => name).join(', ')}: each state in plain words, with Manage Subscription and the plan picker where they apply`, async ({
      page,
      scenario,
    }) => {
      for (const [name, label, detail, manageable, picker] of group) {
        await test.step(`${name}: "${label}"${manageable ? ', Manage Subscription' : ''}${picker ? '' : ', no plan picker'}`, async () => {
          await scenario.prefer({
            'GET /user/billing': `example=${name}`,
            // Only the trial has a user of its own; '' puts the default back after it.
            'GET /user': name === 'trial' ? 'example=trial' : '',
          });
          await page.goto('/billing');
          await expect(state(page)).toContainText(label);
          await expect(state(page)).toContainText(detail);
          await expect(manage(page)).toHaveCount(manageable ? 1 : 0);
          await expect(page.getByRole('heading', { name: 'Change plan' })).toHaveCount(
            picker ? 1 : 0,
          );
        });
      }
    });
  }
});

test.describe('roles', () => {
  test('Manage Subscription failure keeps the page; without the billing role the subscription is read only', async ({
    page,
    scenario,
  }) => {
    await test.step('Manage Subscription failure stays on the page with the reason', async () => {
      await scenario.prefer({ 'GET /user/billing/manage': 'code=500' });
      await page.goto('/billing');
      await manage(page).click();
      await expect(page.getByRole('alert')).toHaveText('Internal server error.');
      await expect(manage(page)).toBeEnabled();
      await expect(page).toHaveURL(/\/billing$/);
    });

    for (const role of ['noBillingRole', 'collaborator']) {
      await test.step(`${role}: the subscription, read only, and who can change it`, async () => {
        // This role's user; Manage Subscription answers as by default again (the first step failed it).
        await scenario.prefer({ 'GET /user/billing/manage': '', 'GET /user': `example=${role}` });
        const changes = record(page, 'PATCH', '/user/billing');
        await page.goto('/billing');
        await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
        // SPEC §2/§6 hide only the menu item and Manage Subscription from them.
        await expect(state(page)).toContainText('Active');
        await expect(
          page.getByText(
            'Only users with the billing role can change the plan or manage the subscription. Ask your account owner.',
          ),
        ).toBeVisible();
        await expect(page.getByRole('heading', { name: 'Change plan' })).toHaveCount(0);
        await expect(page.getByRole('radio')).toHaveCount(0);
        await expect(manage(page)).toHaveCount(0);
        await expectAccessible(page);
        await page
          .getByRole('navigation', { name: 'Main' })
          .getByRole('button', { name: /@/ })
          .click();
        await expect(page.getByRole('menuitem', { name: 'Billing' })).toHaveCount(0);
        expect(changes).toEqual([]);
      });
    }
  });
});

test.describe('plan picker', () => {
  test("the payment provider only in the billing page's bundle; on the page it opens, quantities clamped and saved", async ({
    page,
    scenario,
  }) => {
    await test.step("the payment provider is only in the billing page's bundle", async () => {
      const scripts: { url: string; body: string }[] = [];
      const keep = async (response: Response) => {
        if (response.request().resourceType() !== 'script') return;
        scripts.push({ url: response.url(), body: await response.text().catch(() => '') });
      };
      page.on('response', keep);
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: /Overview$/ })).toBeVisible();
      await page.goto('/devices/' + admin.teams![0]!.id);
      await expect(page.getByRole('heading', { level: 1, name: 'Devices' })).toBeVisible();
      const before = scripts.length;
      expect(scripts.filter((s) => s.body.includes('cdn.paddle.com'))).toEqual([]);
      await page.getByRole('button', { name: admin.email }).click();
      await page.getByRole('menuitem', { name: 'Billing' }).click();
      await expect(state(page)).toContainText('Active');
      await expect
        .poll(() => scripts.slice(before).filter((s) => s.body.includes('cdn.paddle.com')).length)
        .toBeGreaterThan(0);
      // The steps below read no script.
      page.off('response', keep);
    });

    await test.step('quantities are clamped as the user types and leaves the field; saved in place', async () => {
      // The billing page the step before opened from the menu, every answer the default.
      const devices = page.getByRole('textbox', { name: 'Devices' });
      const change = page.getByRole('button', { name: 'Change plan' });
      await expect(page.getByRole('radio', { name: /^Team/ })).toBeChecked();
      await expect(devices).toHaveValue(String(team.deviceLimit));
      await expect(page.getByRole('button', { name: 'Current plan' })).toBeDisabled();

      await devices.fill('70');
      await expect(devices).toHaveValue('50');
      await devices.fill('0');
      await devices.blur();
      await expect(devices).toHaveValue('1');
      await devices.fill('12abc');
      await expect(devices).toHaveValue('12');
      await expect(page.getByTestId('plan-total')).toHaveText(
        `${money(12 * 8)} per month, excluding tax`,
      );

      await page.getByRole('radio', { name: /^Business/ }).check();
      await expect(devices).toHaveValue('15');
      await devices.fill('5');
      await devices.press('Tab');
      await expect(devices).toHaveValue('10');
      await devices.fill('2000');
      await expect(devices).toHaveValue('1000');

      await page.getByRole('radio', { name: /^Starter/ }).check();
      await expect(devices).toHaveValue('5');
      await expect(devices).toBeDisabled();
      await expect(page.getByTestId('plan-total')).toHaveText('Free');

      // A change that fails keeps the choice and says why.
      await page.getByRole('radio', { name: /^Business/ }).check();
      await devices.fill('40');
      await scenario.prefer({ 'PATCH /user/billing': 'code=400' });
      await change.click();
      const dialog = page.getByRole('dialog', { name: 'Change plan' });
      await expect(dialog).toContainText('Business');
      await expect(dialog).toContainText('40 devices');
      await dialog.getByRole('button', { name: 'Change plan' }).click();
      await expect(dialog.getByRole('alert')).toHaveText(
        'There was a problem with this request: The device limit cannot be lower than the 8 devices in use.',
      );
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(devices).toHaveValue('40');

      await scenario.prefer({ 'PATCH /user/billing': '' });
      await change.click();
      const call = waitForCall(page, 'PATCH', '/user/billing');
      const refresh = waitForCall(page, 'GET', '/user/billing');
      await dialog.getByRole('button', { name: 'Change plan' }).click();
      expect((await call).postDataJSON()).toEqual({
        priceId: 'pri_business_monthly',
        deviceLimit: 40,
      });
      await expect(page.getByText('Updated!')).toBeVisible();
      await expect(dialog).toHaveCount(0);
      await refresh;
    });
  });

  test("the trial's page at phone size, then a plan bought without the provider: no sideways scroll, accessible, its failure costs only its own message", async ({
    page,
    scenario,
  }) => {
    // The phone-size step changes the viewport; the step after it puts this one back.
    const viewport = page.viewportSize()!;

    await test.step('phone size: no sideways scroll, accessible', async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await scenario.prefer({ 'GET /user/billing': 'example=trial', 'GET /user': 'example=trial' });
      await page.goto('/billing');
      await expect(state(page)).toContainText('Free trial');
      await expect(page.getByRole('button', { name: 'Continue to payment' })).toBeVisible();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
      await expectAccessible(page);
    });

    await test.step('an account not billed through the provider (isPaddleBilling false) buys a paid plan through the overlay: its failure costs only its own message', async () => {
      // The trial's page the step before loaded (the same answers), back at the usual size.
      await page.setViewportSize(viewport);
      // The default build has no payment token: the provider fails at once ("payment token not
      // available", reported), the page says so, and everything else keeps working.
      await expect(page.getByRole('alert').filter({ hasText: PROVIDER_FAILED })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Continue to payment' })).toBeDisabled();
      await expect(state(page)).toContainText('Free trial');

      await page.getByRole('radio', { name: /^Starter/ }).check();
      await expect(page.getByRole('alert').filter({ hasText: PROVIDER_FAILED })).toHaveCount(0);
      await page.getByRole('button', { name: 'Change plan' }).click();
      const call = waitForCall(page, 'PATCH', '/user/billing');
      await page.getByRole('dialog').getByRole('button', { name: 'Change plan' }).click();
      expect((await call).postDataJSON()).toEqual({ priceId: 'pri_starter_free', deviceLimit: 5 });
      await expect(page.getByText('Updated!')).toBeVisible();
    });
  });
});

test.describe('payment overlay (build with a payment token)', () => {
  test.use({ baseURL: CONFIGURED_URL });

  // Error reports reach the Sentry tunnel, answered by the fixture (guards.envelopes).

  test("the payment provider's script: failing, it costs only its own message and is reported without secrets; loaded, the overlay opens and its close reloads the page", async ({
    page,
    scenario,
    guards,
  }) => {
    await test.step("the provider's CDN fails: the SPEC message, reported without email or token; the page keeps working", async () => {
      const { envelopes } = guards;
      let cdnRequests = 0;
      await page.route(PADDLE_CDN_URL, (route) => {
        cdnRequests += 1;
        return route.abort('blockedbyclient');
      });
      await scenario.prefer({ 'GET /user/billing': 'example=trial', 'GET /user': 'example=trial' });
      await page.goto('/billing');
      await expect(page.getByRole('alert').filter({ hasText: PROVIDER_FAILED })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Continue to payment' })).toBeDisabled();
      await expect(state(page)).toContainText('Free trial');
      expect(cdnRequests).toBe(1);
      await expect
        .poll(() => envelopes.find((e) => e.includes('Failed to load the payment provider script')))
        .toBeTruthy();
      const report = envelopes.find((e) =>
        e.includes('Failed to load the payment provider script'),
      )!;
      expect(report).toContain('"checkout":"load"');
      expect(report).toContain('"reason":"scriptFailed"');
      for (const secret of [trialUser.email, trialUser.billingEmail!, PADDLE_CLIENT_TOKEN])
        expect(report).not.toContain(secret);
    });

    await test.step('loaded: the overlay opens with the items, the email, a light theme, no logout; on close a spinner, then a reload', async () => {
      // The CDN answers with the stand-in below instead of failing.
      await page.unroute(PADDLE_CDN_URL);
      // A stand-in for Paddle.js that records what the console asks of it.
      await page.route(PADDLE_CDN_URL, (route) =>
        route.fulfill({
          contentType: 'text/javascript',
          body: `window.PaddleBillingV1 = {
            Initialized: false,
            Environment: { set(env) { window.__paddle.environment = env; } },
            Initialize(options) { window.__paddle.init = options; this.Initialized = true; },
            Update() {},
            Checkout: { open(options) { window.__paddle.opened.push(options); } },
          };
          window.__paddle = { opened: [] };`,
        }),
      );
      await scenario.prefer({ 'GET /user/billing': 'example=trial', 'GET /user': 'example=trial' });
      await page.goto('/billing');
      const pay = page.getByRole('button', { name: 'Continue to payment' });
      await expect(pay).toBeEnabled();
      await page.getByRole('textbox', { name: 'Devices' }).fill('12');
      await pay.click();
      type Recorded = { environment: string; init: { token: string }; opened: unknown[] };
      const recorded = await page.evaluate(
        () => (window as unknown as { __paddle: Recorded }).__paddle,
      );
      expect(recorded.environment).toBe('sandbox');
      expect(recorded.init.token).toBe(PADDLE_CLIENT_TOKEN);
      expect(recorded.opened).toEqual([
        {
          items: [{ priceId: trial.priceId, quantity: 12 }],
          customer: { email: trialUser.billingEmail },
          settings: { displayMode: 'overlay', theme: 'light', allowLogout: false },
        },
      ]);

      // The overlay closes: a spinner, then (after 5000 ms) the page reloads to show the outcome.
      await page.evaluate(() => {
        (window as unknown as { __beforeReload: boolean }).__beforeReload = true;
        type Init = { eventCallback(e: { name: string }): void };
        (window as unknown as { __paddle: { init: Init } }).__paddle.init.eventCallback({
          name: 'checkout.closed',
        });
      });
      await expect(page.getByRole('status')).toContainText('Updating your subscription');
      await page.waitForFunction(
        () => !(window as unknown as { __beforeReload?: boolean }).__beforeReload,
        undefined,
        { timeout: 15_000 },
      );
      await expect(state(page)).toContainText('Free trial');
    });
  });
});
