import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'wouter';

/** An account without a password: a notice on every page, and a blocking dialog where it matters. */
export function PasswordRequired({ blocking }: { blocking: boolean }) {
  return (
    <>
      <Alert severity="warning" sx={{ mb: 2 }}>
        Your account has no password yet.{' '}
        <Link component={RouterLink} href="/password/change">
          Set a password
        </Link>{' '}
        to keep access to your account.
      </Alert>
      <Dialog open={blocking} aria-labelledby="password-required-title" onClose={() => {}}>
        <DialogTitle id="password-required-title">Password Required</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Please set a password for your account before you continue.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button component={RouterLink} href="/password/change" variant="contained">
            Set Password
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
