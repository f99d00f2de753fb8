import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { LinkingWizard } from './linking/linking-wizard';

export const LINKING_DIALOG_TITLE = 'Link a device';

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
        {teamId ? <LinkingWizard teamId={teamId} active={open} mode="dialog" /> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
