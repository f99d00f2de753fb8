// A world's billing and integrations: the subscription, plan changes, the provider's manage link,
// and Slack.
import { errorExample, example } from './contract';
import type { Person, Schemas } from './records';
import { ApiProblem, badRequest, notFound, setFields } from './shared';
import type { World } from './world';

/** Prices of the plans (the console's defaults, README Settings: VITE_PRICE_*). */
const PRICES: Record<
  string,
  { plan: Schemas['Plan']; perDevice: number; min: number; max: number }
> = {
  pri_starter_free: { plan: 'Starter', perDevice: 0, min: 1, max: 5 },
  pri_team_monthly: { plan: 'Team', perDevice: 8, min: 1, max: 50 },
  pri_business_monthly: { plan: 'Business', perDevice: 12, min: 10, max: 1000 },
};

/**
 * The backend's own rule, not the console's (a test against the sandbox can then catch a console
 * that disagrees): the payment provider holds a subscription to manage in these states.
 */
const PROVIDER_SUBSCRIPTION: ReadonlySet<Schemas['BillingState']> = new Set([
  'TrialPendingCancellation',
  'TrialStartingEarly',
  'Subscribed',
  'Overdue',
  'PendingCancellation',
  'PendingPause',
  'Paused',
] as const);

export const billingActions = {
  slackIntegrations(this: World, me: Person, teamId: string): Schemas['SlackIntegration'][] {
    return this.team(me, teamId).slackIntegrations;
  },

  /** The billing owner sees the subscription; everyone else sees it as managed by someone else. */
  billingOf(this: World, me: Person): Schemas['Billing'] {
    const billing = { ...this.accountBilling(), deviceUsage: this.devices.count() };
    if (me.hasBillingRole) return billing;
    return {
      ...billing,
      state: me.state,
      nextPayment: null,
      lastPayment: null,
    };
  },

  async updateBilling(
    this: World,
    me: Person,
    body: { priceId: string; deviceLimit: number },
  ): Promise<void> {
    if (!me.hasBillingRole) throw badRequest('Only the billing owner can change the plan.');
    const price = PRICES[body.priceId];
    if (!price) throw badRequest(`Unknown price ${body.priceId}`);
    if (body.deviceLimit < price.min || body.deviceLimit > price.max) {
      throw badRequest(`The ${price.plan} plan is for ${price.min} to ${price.max} devices.`);
    }
    const usage = this.devices.count();
    if (body.deviceLimit < usage) {
      throw badRequest(`The device limit cannot be lower than the ${usage} devices in use.`);
    }
    await this.billing.update((q) => q.where(() => true), {
      data(draft) {
        draft.plan = price.plan;
        draft.priceId = body.priceId;
        draft.deviceLimit = body.deviceLimit;
        if (price.perDevice === 0) {
          draft.state = 'Free';
          draft.nextPayment = null;
          draft.nextBillDate = null;
        } else {
          if (draft.state === 'Free' || draft.state === 'Canceled') draft.state = 'Subscribed';
          draft.nextPayment = { amount: price.perDevice * body.deviceLimit, currency: 'USD' };
        }
      },
    });
  },

  manageUrl(this: World, me: Person): Schemas['ManageUrl'] {
    if (!me.hasBillingRole || !PROVIDER_SUBSCRIPTION.has(this.accountBilling().state)) {
      throw notFound();
    }
    return example<Schemas['ManageUrl']>('GET /user/billing/manage', 'portal');
  },

  async connectSlack(this: World, me: Person, code: string): Promise<Schemas['SlackAuthResult']> {
    const team = this.visibleTeams(me)[0];
    if (!team) throw badRequest('Create a team before connecting Slack.');
    if (!this.useCode(`slack:${code}`)) {
      throw new ApiProblem(400, errorExample(400, 'slackCodeInvalid'));
    }
    const channel = '#device-security';
    await setFields(
      this.people,
      { id: me.id },
      {
        slackConfig: { teamId: team.id, channel },
        slackManageLink: 'https://slack.com/apps/manage',
      },
    );
    if (!team.slackIntegrations.some((item) => item.channel === channel)) {
      const slackIntegrations = [...team.slackIntegrations, { channel, email: me.email }];
      await setFields(this.teams, { id: team.id }, { slackIntegrations });
    }
    return { ok: true };
  },
};

export type BillingActions = typeof billingActions;
