import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useCurrentUser } from '../../api/current-user';
import type { User } from '../../api/current-user';
import { $api } from '../../api/query';
import { EXTERNAL_LINKS } from '../../lib/constants';
import { ExternalLink } from '../../ui/external-link';
import { PageHeader } from '../../ui/page-header';
import type { PageProps } from '../../ui/page-props';
import { PageError, PageLoading } from '../../ui/page-states';
import { usePageTitle } from '../../ui/page-title';
import { allowsPlanChange, showsManageSubscription } from './billing-state';
import { ManageSubscription } from './manage-subscription';
import { useCheckout } from './paddle-checkout';
import { PlanPicker } from './plan-picker';
import { SubscriptionSummary } from './subscription-summary';

function PricingNote() {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
      Prices exclude tax.{' '}
      <ExternalLink href={EXTERNAL_LINKS.pricing}>See all plans and prices</ExternalLink>
    </Typography>
  );
}

/**
 * SPEC §2/§6 hide only the Billing menu item and Manage Subscription from users without the
 * billing role: they see the subscription (read only), and who can change it.
 */
function ReadOnlyNote() {
  return (
    <Alert severity="info" sx={{ mt: 2 }}>
      {NO_BILLING_ROLE_NOTE}
    </Alert>
  );
}

export const NO_BILLING_ROLE_NOTE =
  'Only users with the billing role can change the plan or manage the subscription. Ask your account owner.';

function BillingContent({ user }: { user: User }) {
  const billing = $api.useQuery('get', '/user/billing');
  const provider = useCheckout();

  if (provider.status === 'reloading') return <PageLoading label="Updating your subscription" />;
  if (billing.isPending) return <PageLoading label="Loading the subscription" />;
  if (billing.isError)
    return (
      <>
        <PageHeader title="Billing" />
        <PageError
          error={billing.error}
          title="The subscription could not be loaded"
          onRetry={() => void billing.refetch()}
        />
      </>
    );

  const data = billing.data;
  const readOnly = !user.hasBillingRole;
  return (
    <>
      <PageHeader title="Billing" subtitle="Your subscription, plan and devices." />
      <SubscriptionSummary billing={data} trialDaysLeft={user.trialDaysLeft}>
        {showsManageSubscription(data.state, user.hasBillingRole) ? <ManageSubscription /> : null}
      </SubscriptionSummary>
      {readOnly ? <ReadOnlyNote /> : null}
      {!readOnly && allowsPlanChange(data.state) ? <PlanPicker billing={data} user={user} /> : null}
      <PricingNote />
    </>
  );
}

/**
 * `/billing`: the current subscription; for the billing role also the plan picker and Manage
 * Subscription.
 */
export function BillingPage(_props: PageProps) {
  usePageTitle('Billing');
  const user = useCurrentUser();
  if (user.isPending) return <PageLoading label="Loading billing" />;
  if (user.isError) return <PageError error={user.error} onRetry={() => void user.refetch()} />;
  return (
    <Box>
      <BillingContent user={user.data} />
    </Box>
  );
}
