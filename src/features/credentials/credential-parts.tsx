import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import { Link as RouterLink } from 'wouter';
import type { ApiError } from '../../api/error-catalogue';
import { useSession } from '../../session/session';

/** A failed request: the SPEC's title for the flow ("Changing password failed"), then the catalogue's words. */
export function RequestFailed({
  title,
  error,
  children,
}: {
  title: string;
  error: ApiError | null;
  children?: ReactNode;
}) {
  if (!error || error.kind === 'cancelled') return null;
  return (
    <Alert severity="error" role="alert" sx={{ mt: 2 }}>
      <AlertTitle>{title}</AlertTitle>
      {error.message}
      {children}
    </Alert>
  );
}

/** The public screens' way on: back to the login form, or to the console when signed in. */
export function BackToLogin({ variant = 'link' }: { variant?: 'link' | 'button' }) {
  const signedIn = useSession().token !== null;
  const label = signedIn ? 'Back to the console' : 'Back to Log In';
  const href = signedIn ? '/' : '/login';
  return variant === 'button' ? (
    <Button component={RouterLink} href={href} variant="outlined">
      {label}
    </Button>
  ) : (
    <Link component={RouterLink} href={href}>
      {label}
    </Link>
  );
}

/** The signed-in forms' frame: a card as wide as a comfortable form, full width on phones. */
export function FormCard({ children }: { children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
      {children}
    </Paper>
  );
}
