import { BILLING_CONFIG, PLAN_LIMITS } from '../../lib/constants';
import type { PlanName } from '../../lib/constants';

/** Starter is free (nothing to pay through the provider); Team and Business are paid per device. */
export function isPaidPlan(plan: PlanName): boolean {
  return plan !== 'Starter';
}

/**
 * Whether choosing `plan` opens the payment provider's checkout overlay rather than a change in
 * place (PATCH /user/billing). SPEC §3's isPaddleBilling says the account is billed through the
 * provider, so its subscription there is changed in place; the free Starter plan never needs a
 * payment.
 */
export function buysThroughCheckout(plan: PlanName, isPaddleBilling: boolean): boolean {
  return isPaidPlan(plan) && !isPaddleBilling;
}

/** A quantity within the plan's range (SPEC §5/§9: Team 1 to 50, Business 10 to 1000, Starter 5). */
export function clampQuantity(plan: PlanName, quantity: number): number {
  const { min, max, defaultQuantity } = PLAN_LIMITS[plan];
  if (!Number.isFinite(quantity)) return defaultQuantity;
  return Math.min(max, Math.max(min, Math.trunc(quantity)));
}

function digitsOf(raw: string): string {
  return raw.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
}

/**
 * While the user types: digits only, and never above the plan's maximum. A value below the
 * minimum stays for now (typing "15" passes through "1"); leaving the field raises it.
 */
export function clampWhileTyping(plan: PlanName, raw: string): string {
  const digits = digitsOf(raw);
  if (digits === '') return '';
  const { max } = PLAN_LIMITS[plan];
  return Number(digits) > max ? String(max) : digits;
}

/** When the user leaves the field (or submits): a whole quantity in range; empty gives `fallback`. */
export function clampOnLeave(plan: PlanName, raw: string, fallback?: number): number {
  const digits = digitsOf(raw);
  if (digits === '') return clampQuantity(plan, fallback ?? PLAN_LIMITS[plan].defaultQuantity);
  return clampQuantity(plan, Number(digits));
}

export function priceIdOf(plan: PlanName): string {
  return BILLING_CONFIG.priceIds[plan];
}

/** List price per month, excluding tax. */
export function monthlyPrice(plan: PlanName, quantity: number): number {
  return BILLING_CONFIG.unitPrices[plan] * quantity;
}
