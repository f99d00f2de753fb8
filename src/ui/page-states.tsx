import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'wouter';
import { useQuery } from '@tanstack/react-query';
import { currentUserQuery } from '../api/current-user';
import type { ApiError } from '../api/error-catalogue';
import { EXTERNAL_LINKS } from '../lib/constants';
import { ExternalLink } from './external-link';

export function PageLoading({ label = 'Loading' }: { label?: string }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 6, justifyContent: 'center' }}
    >
      <CircularProgress size={28} aria-hidden />
      <Typography color="text.secondary">{label}…</Typography>
    </Box>
  );
}

/**
 * SPEC §8 402: the billing page for users with the billing role (they can act on it), the public
 * pricing page for everyone else.
 */
function SubscriptionLink() {
  // Only what is already known: this notice may be showing the user request's own failure, and
  // asking again from here would flip that request back to pending and the notice away.
  const user = useQuery({ ...currentUserQuery(), enabled: false });
  if (user.data?.hasBillingRole)
    return (
      <Link component={RouterLink} href="/billing" color="inherit" sx={{ fontWeight: 600 }}>
        Go to billing
      </Link>
    );
  return (
    <ExternalLink href={EXTERNAL_LINKS.pricing} color="inherit" sx={{ fontWeight: 600 }}>
      See pricing
    </ExternalLink>
  );
}

/** The catalogue's message, the billing or pricing link for 402, and a retry where it can help. */
export function ErrorNotice({
  error,
  onRetry,
  title,
}: {
  error: ApiError;
  onRetry?: () => void;
  title?: string;
}) {
  if (error.kind === 'cancelled') return null;
  const paymentRequired = error.kind === 'paymentRequired';
  return (
    <Alert
      severity="error"
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            Try again
          </Button>
        ) : undefined
      }
    >
      {title ? <strong>{title}: </strong> : null}
      {error.message}
      {paymentRequired ? (
        <>
          {' '}
          <SubscriptionLink />
        </>
      ) : null}
    </Alert>
  );
}

export function PageError(props: { error: ApiError; onRetry?: () => void; title?: string }) {
  return (
    <Box sx={{ py: 4 }}>
      <ErrorNotice {...props} />
    </Box>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
      {children}
    </Typography>
  );
}

/** A section's loading line: the page's other sections stay usable. */
export function SectionLoading({ label }: { label: string }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 2 }}
    >
      <CircularProgress size={20} aria-hidden />
      <Typography color="text.secondary">{label}…</Typography>
    </Box>
  );
}
