import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ApiError } from '../../api/error-catalogue';
import { DESKTOP_GUIDE } from '../../lib/constants';
import type { DesktopPlatform } from '../../lib/constants';
import { CopyLinkField } from '../copy-link-field';
import { TeamInviteLinkField } from '../team-invite-link-field';
import { InviteByEmail } from './invite-by-email';
import { INVITE_FAILED, inviteErrorMessage } from './invite-links';
import { TryAgainLink } from '../try-again-link';

export interface SelfInvite {
  /** The invite exists (the server answered). */
  ready: boolean;
  /** The link that opens the desktop app for this invite, when it can be built. */
  desktopLink: string | null;
  /** SPEC §7's invite_link: pasted into the desktop app when there is no desktop link. */
  inviteLink: string | null;
  pending: boolean;
  error: ApiError | null;
  retry(): void;
}

export const PASTE_LINK_LABEL = 'Link for the desktop app';

/**
 * The link that opens the desktop app; clicking it also moves the wizard on to Verify. Without
 * one (the invite answer has no invite id for the configured link template) the invite link the
 * server answered, to copy and paste into the app.
 */
export function DesktopLinkButton({
  invite,
  onOpened,
  label = 'Link this device',
}: {
  invite: SelfInvite;
  onOpened?(): void;
  label?: string;
}) {
  if (invite.desktopLink) {
    return (
      <Button variant="contained" href={invite.desktopLink} onClick={onOpened}>
        {label}
      </Button>
    );
  }
  if (invite.ready && invite.inviteLink) {
    return <CopyLinkField label={PASTE_LINK_LABEL} value={invite.inviteLink} />;
  }
  if (invite.error) {
    const message = inviteErrorMessage(invite.error);
    return (
      <Alert severity="error" role="alert">
        {message}
        {message === INVITE_FAILED ? (
          <>
            {' '}
            <TryAgainLink onClick={invite.retry} disabled={invite.pending} />
          </>
        ) : null}
      </Alert>
    );
  }
  return (
    <Stack direction="row" spacing={1.5} role="status" sx={{ alignItems: 'center' }}>
      <CircularProgress size={20} aria-hidden />
      <Typography color="text.secondary">Preparing the link for this device…</Typography>
    </Stack>
  );
}

/** Step 1 "Link": OS-specific instructions, the desktop link, invite by email, the team link. */
export function LinkStep({
  teamId,
  platform,
  invite,
  onOpened,
}: {
  teamId: string;
  platform: DesktopPlatform;
  invite: SelfInvite;
  onOpened(): void;
}) {
  const guide = DESKTOP_GUIDE[platform];
  // Until the invite exists, the steps of the usual case; without a desktop link, pasting.
  const steps = invite.ready && !invite.desktopLink ? guide.linkByPaste : guide.link;
  return (
    <Stack spacing={3}>
      <Box>
        <Typography component="ol" sx={{ pl: 2.5, my: 0, '& li': { mb: 0.5 } }}>
          {steps.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </Typography>
        <Box sx={{ mt: 2 }}>
          <DesktopLinkButton invite={invite} onOpened={onOpened} />
        </Box>
      </Box>
      <Divider />
      <InviteByEmail key={teamId} teamId={teamId} />
      <Box>
        <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
          Share the team invite link
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          Anyone with this link can join the team and link their devices.
        </Typography>
        <TeamInviteLinkField teamId={teamId} />
      </Box>
    </Stack>
  );
}
