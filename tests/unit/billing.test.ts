import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PLAN_LIMITS, PLAN_NAMES } from '../../src/lib/constants';
import {
  allowsPlanChange,
  BILLING_STATES,
  describeBillingState,
  showsManageSubscription,
} from '../../src/features/billing/billing-state';
import type { BillingState } from '../../src/features/billing/billing-state';
import {
  createCheckout,
  PaymentProviderError,
  PROVIDER_FAILED_MESSAGE,
} from '../../src/features/billing/checkout';
import type {
  CheckoutDeps,
  PaymentProvider,
  ProviderEvent,
} from '../../src/features/billing/checkout';
import {
  buysThroughCheckout,
  clampOnLeave,
  clampQuantity,
  clampWhileTyping,
} from '../../src/features/billing/plans';

describe('quantity clamps (SPEC §5, §9)', () => {
  it('keep every plan in its range', () => {
    expect(clampQuantity('Team', 0)).toBe(1);
    expect(clampQuantity('Team', 51)).toBe(50);
    expect(clampQuantity('Team', 12.7)).toBe(12);
    expect(clampQuantity('Business', 9)).toBe(10);
    expect(clampQuantity('Business', 1001)).toBe(1000);
    expect(clampQuantity('Starter', 1)).toBe(5);
    expect(clampQuantity('Starter', 50)).toBe(5);
    expect(clampQuantity('Team', Number.NaN)).toBe(10);
    expect(clampQuantity('Business', Number.POSITIVE_INFINITY)).toBe(15);
  });

  it('while typing: digits only, never above the maximum, below the minimum allowed for now', () => {
    expect(clampWhileTyping('Team', '70')).toBe('50');
    expect(clampWhileTyping('Team', '7')).toBe('7');
    expect(clampWhileTyping('Team', '1a2')).toBe('12');
    expect(clampWhileTyping('Team', '-3')).toBe('3');
    expect(clampWhileTyping('Team', '007')).toBe('7');
    expect(clampWhileTyping('Team', '')).toBe('');
    expect(clampWhileTyping('Business', '1')).toBe('1');
    expect(clampWhileTyping('Business', '2000')).toBe('1000');
  });

  it('on leaving the field: raised to the minimum, empty gives the fallback or the default', () => {
    expect(clampOnLeave('Business', '5')).toBe(10);
    expect(clampOnLeave('Team', '0')).toBe(1);
    expect(clampOnLeave('Team', ' 12 ')).toBe(12);
    expect(clampOnLeave('Team', '')).toBe(10);
    expect(clampOnLeave('Business', '')).toBe(15);
    expect(clampOnLeave('Business', '', 40)).toBe(40);
    expect(clampOnLeave('Team', '', 400)).toBe(50);
  });

  it('any text becomes a whole quantity within the plan (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PLAN_NAMES), fc.string(), (plan, raw) => {
        const { min, max } = PLAN_LIMITS[plan];
        const typed = clampWhileTyping(plan, raw);
        expect(typed === '' || Number(typed) <= max).toBe(true);
        const left = clampOnLeave(plan, typed);
        expect(Number.isInteger(left) && left >= min && left <= max).toBe(true);
      }),
    );
  });
});

describe('billing state wording (all 15 states)', () => {
  const iso = (value: string | null | undefined) => (value ? value.slice(0, 10) : null);
  const base = {
    validTo: '2026-11-30T00:00:00Z',
    canceledAt: '2026-11-18T10:00:00Z',
    nextBillDate: '2026-12-05T00:00:00Z',
  };

  it('words every state differently, in one sentence or two', () => {
    const labels = BILLING_STATES.map((state) => describeBillingState({ ...base, state }, 9, iso));
    expect(new Set(labels.map((w) => w.label)).size).toBe(15);
    for (const wording of labels) {
      expect(wording.detail).toMatch(/^[A-Z].*\.$/);
      expect(wording.detail).not.toMatch(/null|undefined/);
    }
  });

  const expected: Record<BillingState, [string, RegExp, string]> = {
    Trial: ['Free trial', /ends in 9 days \(2026-11-30\)/, 'info'],
    TrialOverdue: ['Trial ended', /ended on 2026-11-30\. Choose a plan/, 'error'],
    TrialPendingCancellation: [
      'Trial ending',
      /ends on 2026-11-30 and will not turn into/,
      'warning',
    ],
    TrialStartingEarly: ['Subscription starting', /starts on 2026-12-05/, 'info'],
    Subscribed: ['Active', /active\. The next bill is due on 2026-12-05/, 'success'],
    Overdue: ['Payment overdue', /payment due on 2026-12-05\. Update your payment method/, 'error'],
    PendingCancellation: [
      'Canceling',
      /canceled on 2026-11-18 and stays active until 2026-11-30/,
      'warning',
    ],
    Canceled: ['Canceled', /canceled on 2026-11-18\. Choose a plan/, 'error'],
    PendingPause: ['Pausing', /pauses on 2026-11-30/, 'warning'],
    Paused: ['Paused', /is paused\. Resume it/, 'warning'],
    Unlimited: ['Unlimited', /unlimited use at no charge/, 'success'],
    Invoice: ['Paid by invoice', /billed by invoice/, 'info'],
    Collaborator: ['Managed by the account owner', /collaborator/, 'info'],
    AccountAdmin: ['Managed by the billing owner', /billing owner/, 'info'],
    Free: ['Free', /free Starter plan for up to 5 devices/, 'success'],
  };
  for (const state of BILLING_STATES) {
    it(`${state}`, () => {
      const [label, detail, tone] = expected[state];
      const wording = describeBillingState({ ...base, state }, 9, iso);
      expect(wording).toMatchObject({ label, tone });
      expect(wording.detail).toMatch(detail);
    });
  }

  it('counts the trial days and leaves out dates that are missing or invalid', () => {
    const none = { validTo: null, canceledAt: null, nextBillDate: null };
    expect(describeBillingState({ ...none, state: 'Trial' }, 1, iso).detail).toBe(
      'Your free trial ends in 1 day. Choose a plan to keep your devices monitored.',
    );
    expect(describeBillingState({ ...none, state: 'Trial' }, 0, iso)).toMatchObject({
      detail: 'Your free trial ends today. Choose a plan to keep your devices monitored.',
      tone: 'warning',
    });
    expect(describeBillingState({ ...none, state: 'PendingCancellation' }, 0, iso).detail).toBe(
      'Your subscription was canceled and stays active until the end of the billing period.',
    );
    expect(describeBillingState({ ...none, state: 'Canceled' }, 0, iso).detail).toBe(
      'Your subscription was canceled. Choose a plan to subscribe again.',
    );
  });
});

describe('Manage Subscription and the plan picker by state', () => {
  const manageable: BillingState[] = [
    'TrialPendingCancellation',
    'TrialStartingEarly',
    'Subscribed',
    'Overdue',
    'PendingCancellation',
    'PendingPause',
    'Paused',
  ];
  it('Manage Subscription: the billing role and a subscription at the provider to manage', () => {
    for (const state of BILLING_STATES) {
      expect(showsManageSubscription(state, true), state).toBe(manageable.includes(state));
      expect(showsManageSubscription(state, false), state).toBe(false);
    }
  });

  it("the user's isPaddleBilling decides: a paid plan in place, or through the checkout overlay", () => {
    // SPEC §3: an account billed through the payment provider changes its subscription in place.
    expect(buysThroughCheckout('Team', true)).toBe(false);
    expect(buysThroughCheckout('Business', true)).toBe(false);
    expect(buysThroughCheckout('Team', false)).toBe(true);
    expect(buysThroughCheckout('Business', false)).toBe(true);
    // The free plan never needs a payment.
    expect(buysThroughCheckout('Starter', false)).toBe(false);
    expect(buysThroughCheckout('Starter', true)).toBe(false);
  });

  it('no plan picker where the plan is not chosen in the console', () => {
    const fixed = BILLING_STATES.filter((state) => !allowsPlanChange(state));
    expect(fixed).toEqual(['Unlimited', 'Invoice', 'Collaborator', 'AccountAdmin']);
  });
});

describe('payment checkout state machine (fake provider)', () => {
  const EMAIL = 'billing@northwind.example';
  const TOKEN = 'test_client_token_1234';
  let reports: { error: unknown; tags: Record<string, string> }[];

  beforeEach(() => {
    vi.useFakeTimers();
    reports = [];
  });
  afterEach(() => vi.useRealTimers());

  function fakeProvider() {
    const open = vi.fn();
    return { provider: { Checkout: { open } } as PaymentProvider, open };
  }

  function setup(load: CheckoutDeps['load'], overrides: Partial<CheckoutDeps> = {}) {
    const reload = vi.fn();
    const checkout = createCheckout({
      load,
      token: TOKEN,
      environment: 'sandbox',
      timeoutMs: 15_000,
      reloadDelayMs: 5000,
      reload,
      setTimer: (callback, ms) => setTimeout(callback, ms),
      clearTimer: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
      report: (error, tags) => reports.push({ error, tags }),
      ...overrides,
    });
    return { checkout, reload };
  }

  it('not loaded, loading, loaded; the provider gets the token, environment and event callback', async () => {
    const { provider } = fakeProvider();
    const load = vi.fn(async () => provider);
    const { checkout } = setup(load);
    expect(checkout.getSnapshot()).toEqual({ status: 'notLoaded', failure: null });
    const done = checkout.initialize();
    expect(checkout.getSnapshot().status).toBe('loading');
    await done;
    expect(checkout.getSnapshot()).toEqual({ status: 'loaded', failure: null });
    expect(load).toHaveBeenCalledWith(
      expect.objectContaining({
        token: TOKEN,
        environment: 'sandbox',
        eventCallback: expect.any(Function),
      }),
    );
    expect(reports).toEqual([]);
  });

  it('a repeated initialisation is skipped', async () => {
    const { provider } = fakeProvider();
    const load = vi.fn(async () => provider);
    const { checkout } = setup(load);
    const first = checkout.initialize();
    expect(checkout.initialize()).toBe(first);
    await first;
    await checkout.initialize();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('listeners hear every state change', async () => {
    const { provider } = fakeProvider();
    const { checkout } = setup(async () => provider);
    const seen: string[] = [];
    const stop = checkout.subscribe(() => seen.push(checkout.getSnapshot().status));
    await checkout.initialize();
    stop();
    expect(seen).toEqual(['loading', 'loaded']);
  });

  it('no client token: failed at once, "payment token not available", nothing loaded', async () => {
    const load = vi.fn();
    const { checkout } = setup(load, { token: '' });
    await checkout.initialize();
    expect(load).not.toHaveBeenCalled();
    expect(checkout.getSnapshot()).toEqual({ status: 'failed', failure: 'tokenMissing' });
    expect(reports).toHaveLength(1);
    expect(String(reports[0]?.error)).toContain('Payment token not available');
    expect(reports[0]?.tags).toMatchObject({ checkout: 'load', reason: 'tokenMissing' });
  });

  it('the script fails to load: failed, reported as such', async () => {
    const { checkout } = setup(() =>
      Promise.reject(new PaymentProviderError('scriptFailed', undefined, new Error('blocked'))),
    );
    await checkout.initialize();
    expect(checkout.getSnapshot()).toEqual({ status: 'failed', failure: 'scriptFailed' });
    expect(String(reports[0]?.error)).toContain('Failed to load the payment provider script');
  });

  it('the script loads without the provider: "provider script not available"', async () => {
    const { checkout } = setup(async () => undefined);
    await checkout.initialize();
    expect(checkout.getSnapshot()).toEqual({ status: 'failed', failure: 'scriptUnavailable' });
    expect(String(reports[0]?.error)).toContain('Payment provider script not available');
  });

  it('an unexpected rejection counts as a failed script load', async () => {
    const { checkout } = setup(() => Promise.reject(new TypeError('boom')));
    await checkout.initialize();
    expect(checkout.getSnapshot().failure).toBe('scriptFailed');
  });

  it('times out: the loader that never answers gives up after timeoutMs; a late answer changes nothing', async () => {
    let resolve: (p: PaymentProvider) => void = () => {};
    const { checkout } = setup(() => new Promise((r) => (resolve = r)));
    const done = checkout.initialize();
    vi.advanceTimersByTime(14_999);
    expect(checkout.getSnapshot().status).toBe('loading');
    vi.advanceTimersByTime(1);
    await done;
    expect(checkout.getSnapshot()).toEqual({ status: 'failed', failure: 'scriptFailed' });
    expect(String(reports[0]?.error)).toContain('no answer within 15000 ms');
    resolve(fakeProvider().provider);
    await Promise.resolve();
    expect(checkout.getSnapshot().status).toBe('failed');
    expect(reports).toHaveLength(1);
  });

  it('opens the overlay with the items, the customer email, a light theme and logout not allowed', async () => {
    const { provider, open } = fakeProvider();
    const { checkout } = setup(async () => provider);
    await checkout.initialize();
    expect(checkout.open({ priceId: 'pri_team_monthly', quantity: 12, email: EMAIL })).toBe(true);
    expect(open).toHaveBeenCalledWith({
      items: [{ priceId: 'pri_team_monthly', quantity: 12 }],
      customer: { email: EMAIL },
      settings: { displayMode: 'overlay', theme: 'light', allowLogout: false },
    });
  });

  it('a failing open is reported with checkout, price and quantity, never the email or token', async () => {
    const { provider, open } = fakeProvider();
    open.mockImplementation(() => {
      throw new Error('overlay refused');
    });
    const { checkout } = setup(async () => provider);
    await checkout.initialize();
    expect(checkout.open({ priceId: 'pri_business_monthly', quantity: 40, email: EMAIL })).toBe(
      false,
    );
    expect(reports.at(-1)?.tags).toEqual({
      checkout: 'open',
      price: 'pri_business_monthly',
      quantity: '40',
    });
    expect(JSON.stringify(reports)).not.toContain(EMAIL);
    expect(JSON.stringify(reports)).not.toContain(TOKEN);
  });

  it('opening before the provider is loaded does nothing and is reported', () => {
    const { checkout } = setup(() => new Promise(() => {}));
    expect(checkout.open({ priceId: 'pri_team_monthly', quantity: 10, email: EMAIL })).toBe(false);
    expect(String(reports[0]?.error)).toContain('checkout opened while notLoaded');
  });

  for (const name of ['checkout.closed', 'checkout.completed']) {
    it(`${name}: a spinner (reloading) and a reload after 5000 ms, once`, async () => {
      const { provider } = fakeProvider();
      let emit: (event: ProviderEvent) => void = () => {};
      const { checkout, reload } = setup(async (options) => {
        emit = options.eventCallback;
        return provider;
      });
      await checkout.initialize();
      emit({ name: 'checkout.loaded' });
      expect(checkout.getSnapshot().status).toBe('loaded');
      emit({ name });
      emit({ name: 'checkout.closed' });
      expect(checkout.getSnapshot().status).toBe('reloading');
      vi.advanceTimersByTime(4999);
      expect(reload).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(reload).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(60_000);
      expect(reload).toHaveBeenCalledTimes(1);
    });
  }

  it('the page message is the SPEC text', () => {
    expect(PROVIDER_FAILED_MESSAGE).toBe(
      'Loading payment provider failed. Please reload the page or contact support.',
    );
  });
});

describe("Paddle's wrapper failures become the SPEC's distinct errors", () => {
  afterEach(() => {
    vi.doUnmock('@paddle/paddle-js');
    vi.resetModules();
  });

  async function loadWith(error: Error) {
    vi.resetModules();
    vi.doMock('@paddle/paddle-js', () => ({ initializePaddle: () => Promise.reject(error) }));
    const { loadPaddle } = await import('../../src/features/billing/paddle-checkout');
    return loadPaddle({ token: 't', environment: 'sandbox', eventCallback: () => {} }).catch(
      (e: unknown) => e,
    );
  }

  it('"Failed to load Paddle.js" is a failed script load', async () => {
    const error = await loadWith(new Error('Failed to load Paddle.js - v1'));
    // A fresh module graph: its own PaymentProviderError class, so compare by name.
    expect(error).toMatchObject({ name: 'PaymentProviderError', reason: 'scriptFailed' });
  });

  it('"Paddle.js not available" is a script without its provider', async () => {
    const error = await loadWith(new Error('Paddle.js not available'));
    expect(error).toMatchObject({ name: 'PaymentProviderError', reason: 'scriptUnavailable' });
  });
});
