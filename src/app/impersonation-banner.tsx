import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useLocation } from 'wouter';
import type { User } from '../api/current-user';
import { getSession, setSession, stopImpersonation } from '../session/session';

/**
 * While support staff act as someone else, every page says so, with the way back: "Stop
 * impersonating" swaps the tokens back (SPEC §4) and returns to the Impersonate page, where the
 * support user can pick someone else.
 */
export function ImpersonationBanner({ user }: { user: User | undefined }) {
  const [, navigate] = useLocation();
  const stop = () => {
    setSession(stopImpersonation(getSession()));
    navigate('/impersonate');
  };
  return (
    <Alert
      severity="warning"
      variant="filled"
      square
      role="status"
      data-testid="impersonation-banner"
      sx={{ borderRadius: 0, py: 0, alignItems: 'center' }}
      action={
        <Button color="inherit" size="small" onClick={stop} sx={{ whiteSpace: 'nowrap' }}>
          Stop impersonating
        </Button>
      }
    >
      <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
        {user ? `Impersonating ${user.email}` : 'Impersonating another user'}.
      </Box>
      <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
        {' '}
        You see and change what this user sees.
      </Box>
    </Alert>
  );
}
