import { initializePaddle } from '@paddle/paddle-js';
import { useSyncExternalStore } from 'react';
import {
  BILLING_CONFIG,
  CHECKOUT_RELOAD_DELAY_MS,
  PAYMENT_PROVIDER_TIMEOUT_MS,
} from '../../lib/constants';
import { reportError } from '../../telemetry/report';
import { createCheckout, PaymentProviderError } from './checkout';
import type { CheckoutSnapshot, LoadOptions, PaymentProvider } from './checkout';

/**
 * Paddle's wrapper rejects with "Paddle.js not available" when the script loaded without its
 * global, and with "Failed to load Paddle.js - v1" when the script itself failed.
 */
export async function loadPaddle(options: LoadOptions): Promise<PaymentProvider | undefined> {
  try {
    return await initializePaddle({
      token: options.token,
      environment: options.environment,
      eventCallback: options.eventCallback,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    throw new PaymentProviderError(
      /not available/i.test(message) ? 'scriptUnavailable' : 'scriptFailed',
      undefined,
      error,
    );
  }
}

/**
 * The page's one checkout. This module (and @paddle/paddle-js) is imported by the billing page
 * only, so no other route's bundle carries the provider.
 */
export const checkout = createCheckout({
  load: loadPaddle,
  token: BILLING_CONFIG.paddleClientToken,
  environment: BILLING_CONFIG.paddleEnvironment,
  timeoutMs: PAYMENT_PROVIDER_TIMEOUT_MS,
  reloadDelayMs: CHECKOUT_RELOAD_DELAY_MS,
  reload: () => window.location.reload(),
  setTimer: (callback, ms) => window.setTimeout(callback, ms),
  clearTimer: (id) => window.clearTimeout(id as number),
  report: reportError,
});

export function useCheckout(): CheckoutSnapshot {
  return useSyncExternalStore(checkout.subscribe, checkout.getSnapshot, checkout.getSnapshot);
}
