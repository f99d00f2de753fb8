import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { $api } from '../../api/query';
import { FormError } from '../../ui/form-error';

const BAD_LINK =
  'The payment provider did not return a valid link. Please try again or contact support.';

/** Only an https address from the server is followed. */
function portalUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Manage Subscription: asks for the provider's customer portal link and goes there. */
export function ManageSubscription() {
  const manage = $api.useMutation('get', '/user/billing/manage');
  const [problem, setProblem] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const busy = manage.isPending || leaving;

  const open = () => {
    if (busy) return;
    setProblem(null);
    manage.mutate(
      {},
      {
        onSuccess: (data) => {
          const url = portalUrl(data?.url);
          if (!url) {
            setProblem(BAD_LINK);
            return;
          }
          setLeaving(true);
          window.location.assign(url);
        },
      },
    );
  };

  return (
    <Box sx={{ mt: 3 }}>
      <Button variant="outlined" onClick={open} disabled={busy}>
        {busy ? 'Opening Manage Subscription' : 'Manage Subscription'}
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Payment method, invoices, canceling or resuming, at the payment provider.
      </Typography>
      <FormError error={problem ? undefined : manage.error} message={problem} />
    </Box>
  );
}
