import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'wouter';
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

/** Users without the billing role get a plain refusal, not a broken page. */
function NoBillingRole() {
  return (
    <>
      <PageHeader title="Billing" />
      <Alert severity="info" sx={{ mb: 2 }}>
        Billing is available to users with the billing role. Ask your account owner to change the
        plan or the number of devices.
      </Alert>
      <Button component={RouterLink} href="/" variant="outlined">
        Go back home
      </Button>
      <PricingNote />
    </>
  );
}

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
  return (
    <>
      <PageHeader title="Billing" subtitle="Your subscription, plan and devices." />
      <SubscriptionSummary billing={data} trialDaysLeft={user.trialDaysLeft}>
        {showsManageSubscription(data.state, user.hasBillingRole) ? <ManageSubscription /> : null}
      </SubscriptionSummary>
      {allowsPlanChange(data.state) ? <PlanPicker billing={data} user={user} /> : null}
      <PricingNote />
    </>
  );
}

/** `/billing`: the current subscription, the plan picker and Manage Subscription (billing role only). */
export function BillingPage(_props: PageProps) {
  usePageTitle('Billing');
  const user = useCurrentUser();
  if (user.isPending) return <PageLoading label="Loading billing" />;
  if (user.isError) return <PageError error={user.error} onRetry={() => void user.refetch()} />;
  if (!user.data.hasBillingRole) return <NoBillingRole />;
  return (
    <Box>
      <BillingContent user={user.data} />
    </Box>
  );
}
