import type { CheckoutOpenOptions, Environments } from '@paddle/paddle-js';

/** SPEC §8 "Payment": what the billing page says when the provider cannot be used. */
export const PROVIDER_FAILED_MESSAGE =
  'Loading payment provider failed. Please reload the page or contact support.';

/** SPEC §8's internal failures: each a distinct error for error tracking, never shown as such. */
export type ProviderFailure = 'tokenMissing' | 'scriptFailed' | 'scriptUnavailable';

const FAILURE_MESSAGES: Readonly<Record<ProviderFailure, string>> = {
  tokenMissing: 'Payment token not available',
  scriptFailed: 'Failed to load the payment provider script',
  scriptUnavailable: 'Payment provider script not available',
};

export class PaymentProviderError extends Error {
  readonly reason: ProviderFailure;
  constructor(reason: ProviderFailure, detail?: string, cause?: unknown) {
    super(detail ? `${FAILURE_MESSAGES[reason]}: ${detail}` : FAILURE_MESSAGES[reason], { cause });
    this.name = 'PaymentProviderError';
    this.reason = reason;
  }
}

/** SPEC §4: not loaded, loading, loaded; then, after the overlay closes or completes, reloading. */
type CheckoutStatus = 'notLoaded' | 'loading' | 'loaded' | 'failed' | 'reloading';

export interface CheckoutSnapshot {
  status: CheckoutStatus;
  failure: ProviderFailure | null;
}

/** The part of the provider (Paddle) the console uses. */
export interface PaymentProvider {
  Checkout: { open(options: CheckoutOpenOptions): void };
}

export interface ProviderEvent {
  name?: string;
}

export interface LoadOptions {
  token: string;
  environment: Environments;
  eventCallback(event: ProviderEvent): void;
}

export interface CheckoutDeps {
  /** Loads and initialises the provider; may reject with a PaymentProviderError. */
  load(options: LoadOptions): Promise<PaymentProvider | undefined>;
  token: string;
  environment: Environments;
  timeoutMs: number;
  reloadDelayMs: number;
  reload(): void;
  setTimer(callback: () => void, ms: number): unknown;
  clearTimer(id: unknown): void;
  /** Error tracking: tags for checkout, price and quantity; never the email or a token. */
  report(error: unknown, tags: Record<string, string>): void;
}

export interface CheckoutItem {
  priceId: string;
  quantity: number;
  /** The customer's email, handed to the provider's overlay only. */
  email: string;
}

/**
 * The payment checkout as a small state machine around an injected provider loader, so it is
 * tested with a fake provider. The real loader (Paddle's wrapper) never times out and keeps a
 * failed load until the page reloads: the timeout is ours, and a failure is final for the page.
 */
export function createCheckout(deps: CheckoutDeps) {
  let snapshot: CheckoutSnapshot = { status: 'notLoaded', failure: null };
  let provider: PaymentProvider | null = null;
  let initializing: Promise<void> | null = null;
  const listeners = new Set<() => void>();

  const set = (next: CheckoutSnapshot) => {
    snapshot = next;
    for (const listener of listeners) listener();
  };
  const fail = (error: PaymentProviderError, tags: Record<string, string>) => {
    set({ status: 'failed', failure: error.reason });
    deps.report(error, { checkout: 'load', reason: error.reason, ...tags });
  };

  const onEvent = (event: ProviderEvent) => {
    if (snapshot.status !== 'loaded') return;
    if (event.name === 'checkout.closed' || event.name === 'checkout.completed') {
      set({ status: 'reloading', failure: null });
      deps.setTimer(deps.reload, deps.reloadDelayMs);
    }
  };

  function load(): Promise<void> {
    if (!deps.token) {
      fail(new PaymentProviderError('tokenMissing'), {});
      return Promise.resolve();
    }
    set({ status: 'loading', failure: null });
    return new Promise<void>((resolve) => {
      let settled = false;
      const settle = (action: () => void) => {
        if (settled) return;
        settled = true;
        action();
        resolve();
      };
      const timer = deps.setTimer(
        () =>
          settle(() =>
            fail(
              new PaymentProviderError('scriptFailed', `no answer within ${deps.timeoutMs} ms`),
              {},
            ),
          ),
        deps.timeoutMs,
      );
      let loading: Promise<PaymentProvider | undefined>;
      try {
        loading = deps.load({
          token: deps.token,
          environment: deps.environment,
          eventCallback: onEvent,
        });
      } catch (error) {
        loading = Promise.reject(error);
      }
      loading.then(
        (instance) =>
          settle(() => {
            deps.clearTimer(timer);
            if (!instance || typeof instance.Checkout?.open !== 'function') {
              fail(new PaymentProviderError('scriptUnavailable'), {});
              return;
            }
            provider = instance;
            set({ status: 'loaded', failure: null });
          }),
        (error: unknown) =>
          settle(() => {
            deps.clearTimer(timer);
            fail(
              error instanceof PaymentProviderError
                ? error
                : new PaymentProviderError('scriptFailed', undefined, error),
              {},
            );
          }),
      );
    });
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Loads the provider once; a repeated initialisation is skipped (same promise). */
    initialize(): Promise<void> {
      initializing ??= load();
      return initializing;
    },
    /** Opens the overlay; false (and reported) when the provider is not there or refuses. */
    open({ priceId, quantity, email }: CheckoutItem): boolean {
      const tags = { checkout: 'open', price: priceId, quantity: String(quantity) };
      if (snapshot.status !== 'loaded' || !provider) {
        deps.report(
          new PaymentProviderError('scriptUnavailable', `checkout opened while ${snapshot.status}`),
          tags,
        );
        return false;
      }
      try {
        provider.Checkout.open({
          items: [{ priceId, quantity }],
          customer: { email },
          settings: { displayMode: 'overlay', theme: 'light', allowLogout: false },
        });
        return true;
      } catch (error) {
        deps.report(error, tags);
        return false;
      }
    },
  };
}
