import type { components } from '../../../generated/api';

export type Billing = components['schemas']['Billing'];
export type BillingState = components['schemas']['BillingState'];

/** SPEC §3, all 15 billing states. */
export const BILLING_STATES = [
  'Trial',
  'TrialOverdue',
  'TrialPendingCancellation',
  'TrialStartingEarly',
  'Subscribed',
  'Overdue',
  'PendingCancellation',
  'Canceled',
  'PendingPause',
  'Paused',
  'Unlimited',
  'Invoice',
  'Collaborator',
  'AccountAdmin',
  'Free',
] as const satisfies readonly BillingState[];

type Tone = 'success' | 'info' | 'warning' | 'error';

export interface StateWording {
  /** A short name for the state ("Free trial", "Payment overdue"). */
  label: string;
  /** One plain sentence: what it means and what to do. */
  detail: string;
  tone: Tone;
}

/**
 * The states that have something to manage at the payment provider (payment method, invoices,
 * cancel, resume): a subscription exists there and is not over. Not: a plain trial (nothing paid
 * yet), an ended trial or a canceled subscription (a new one is bought through the plan picker),
 * Unlimited and Invoice (billed outside the provider), Collaborator and AccountAdmin (someone
 * else owns billing), Free.
 */
export const MANAGE_SUBSCRIPTION_STATES: ReadonlySet<BillingState> = new Set<BillingState>([
  'TrialPendingCancellation',
  'TrialStartingEarly',
  'Subscribed',
  'Overdue',
  'PendingCancellation',
  'PendingPause',
  'Paused',
]);

/** SPEC §2/§6: Manage Subscription needs the billing role and a state with something to manage. */
export function showsManageSubscription(state: BillingState, hasBillingRole: boolean): boolean {
  return hasBillingRole && MANAGE_SUBSCRIPTION_STATES.has(state);
}

/** States whose plan is not chosen in the console: no plan picker. */
const NO_SELF_SERVICE: ReadonlySet<BillingState> = new Set<BillingState>([
  'Unlimited',
  'Invoice',
  'Collaborator',
  'AccountAdmin',
]);

export function allowsPlanChange(state: BillingState): boolean {
  return !NO_SELF_SERVICE.has(state);
}

type Dates = Pick<Billing, 'validTo' | 'canceledAt' | 'nextBillDate'>;

/** Each billing state in plain words. `formatDate` turns an ISO value into the reader's date. */
export function describeBillingState(
  billing: Dates & { state: BillingState },
  trialDaysLeft: number,
  formatDate: (value: string | null | undefined) => string | null,
): StateWording {
  const validTo = formatDate(billing.validTo);
  const canceledAt = formatDate(billing.canceledAt);
  const nextBill = formatDate(billing.nextBillDate);
  const on = (date: string | null) => (date ? ` on ${date}` : '');
  switch (billing.state) {
    case 'Trial': {
      const days = Math.max(0, Math.trunc(trialDaysLeft));
      const when =
        days === 0
          ? 'today'
          : `in ${days} ${days === 1 ? 'day' : 'days'}${validTo ? ` (${validTo})` : ''}`;
      return {
        label: 'Free trial',
        detail: `Your free trial ends ${when}. Choose a plan to keep your devices monitored.`,
        tone: days <= 3 ? 'warning' : 'info',
      };
    }
    case 'TrialOverdue':
      return {
        label: 'Trial ended',
        detail: `Your free trial ended${on(validTo)}. Choose a plan to continue.`,
        tone: 'error',
      };
    case 'TrialPendingCancellation':
      return {
        label: 'Trial ending',
        detail: `Your free trial ends${validTo ? ` on ${validTo}` : ' soon'} and will not turn into a paid subscription.`,
        tone: 'warning',
      };
    case 'TrialStartingEarly':
      return {
        label: 'Subscription starting',
        detail: `Your trial ends early and your paid subscription starts${nextBill ? ` on ${nextBill}` : ' now'}.`,
        tone: 'info',
      };
    case 'Subscribed':
      return {
        label: 'Active',
        detail: `Your subscription is active.${nextBill ? ` The next bill is due on ${nextBill}.` : ''}`,
        tone: 'success',
      };
    case 'Overdue':
      return {
        label: 'Payment overdue',
        detail: `We could not collect your payment${nextBill ? ` due on ${nextBill}` : ''}. Update your payment method to keep your subscription active.`,
        tone: 'error',
      };
    case 'PendingCancellation':
      return {
        label: 'Canceling',
        detail: `Your subscription was canceled${on(canceledAt)} and stays active until ${validTo ?? 'the end of the billing period'}.`,
        tone: 'warning',
      };
    case 'Canceled':
      return {
        label: 'Canceled',
        detail: `Your subscription was canceled${on(canceledAt)}. Choose a plan to subscribe again.`,
        tone: 'error',
      };
    case 'PendingPause':
      return {
        label: 'Pausing',
        detail: `Your subscription pauses ${validTo ? `on ${validTo}` : 'at the end of the billing period'}.`,
        tone: 'warning',
      };
    case 'Paused':
      return {
        label: 'Paused',
        detail: 'Your subscription is paused. Resume it to continue monitoring your devices.',
        tone: 'warning',
      };
    case 'Unlimited':
      return {
        label: 'Unlimited',
        detail: 'Your account has unlimited use at no charge.',
        tone: 'success',
      };
    case 'Invoice':
      return {
        label: 'Paid by invoice',
        detail: 'Your subscription is billed by invoice. Contact support to change your plan.',
        tone: 'info',
      };
    case 'Collaborator':
      return {
        label: 'Managed by the account owner',
        detail: 'As a collaborator you see the subscription; the account owner manages billing.',
        tone: 'info',
      };
    case 'AccountAdmin':
      return {
        label: 'Managed by the billing owner',
        detail: "The account's billing owner manages the subscription.",
        tone: 'info',
      };
    case 'Free':
      return {
        label: 'Free',
        detail: 'You are on the free Starter plan for up to 5 devices.',
        tone: 'success',
      };
    // No default: the answer was checked against the contract, so the state is one of these 15;
    // a state the contract adds makes tsc ask for its words here ("lacks ending return").
  }
}
