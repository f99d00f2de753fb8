import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LINKING_MANUAL_LINK_DELAY_MS } from '../../lib/constants';
import { CopyLinkField } from '../copy-link-field';
import { DesktopLinkButton, PASTE_LINK_LABEL } from './link-step';
import type { SelfInvite } from './link-step';
import type { LinkingPollStatus } from './use-linking-poll';

export const LINKING_TIMED_OUT = 'Device linking timed out. Please try again.';
export const VERIFICATION_FAILED = 'Verification failed';

/** After a while without a device, the link is offered again, to open or to copy by hand. */
function ManualLink({ invite }: { invite: SelfInvite }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), LINKING_MANUAL_LINK_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!shown) return null;
  if (invite.desktopLink) {
    return (
      <Box sx={{ mt: 3 }}>
        <Typography sx={{ mb: 1.5 }}>
          The desktop app did not open? Make sure it is installed and running, then open the link
          again, or copy it into the app.
        </Typography>
        <Box sx={{ mb: 2 }}>
          <DesktopLinkButton invite={invite} label="Open the desktop app" />
        </Box>
        <CopyLinkField label={PASTE_LINK_LABEL} value={invite.desktopLink} />
      </Box>
    );
  }
  if (!invite.inviteLink) return null;
  return (
    <Box sx={{ mt: 3 }}>
      <Typography sx={{ mb: 1.5 }}>
        Nothing yet? Make sure the desktop app is installed and running, then paste this link into
        it.
      </Typography>
      <CopyLinkField label={PASTE_LINK_LABEL} value={invite.inviteLink} />
    </Box>
  );
}

/**
 * Step 2 "Verify": waiting while the wizard looks for the linked device. The outcomes (linked,
 * timed out, failed) are the wizard's final step.
 */
export function VerifyStep({ status, invite }: { status: LinkingPollStatus; invite: SelfInvite }) {
  return (
    <Box>
      <Stack
        direction="row"
        spacing={2}
        role="status"
        data-testid="linking-waiting"
        data-tries={status.kind === 'waiting' ? status.tries : undefined}
        sx={{ alignItems: 'center' }}
      >
        <CircularProgress size={28} aria-hidden />
        <Box>
          <Typography sx={{ fontWeight: 600 }}>Waiting for your device…</Typography>
          <Typography variant="body2" color="text.secondary">
            Keep this open: it moves on by itself as soon as the desktop app has linked the device.
          </Typography>
        </Box>
      </Stack>
      <ManualLink invite={invite} />
    </Box>
  );
}
