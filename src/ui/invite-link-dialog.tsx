import { lazy, Suspense } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { PageLoading } from './page-states';

// The wizard is downloaded when the dialog first opens: the pages offering it (the overview, the
// device list) do not make everyone pay for it on their first paint.
const LinkingWizard = lazy(async () => ({
  default: (await import('./linking/linking-wizard')).LinkingWizard,
}));

const LINKING_DIALOG_TITLE = 'Link a device';

/**
 * The Invite Link modal of the overview, the device list and its demo list: the device-linking
 * wizard. Closing it unmounts the wizard, which stops its poll; it opens again at Install.
 * Full screen on phones.
 */
export function InviteLinkDialog({
  open,
  onClose,
  teamId,
}: {
  open: boolean;
  onClose(): void;
  teamId: string;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="invite-link-title"
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
    >
      <DialogTitle id="invite-link-title">{LINKING_DIALOG_TITLE}</DialogTitle>
      <DialogContent>
        {teamId ? (
          <Suspense fallback={<PageLoading />}>
            <LinkingWizard teamId={teamId} active={open} mode="dialog" />
          </Suspense>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
