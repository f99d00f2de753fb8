import Alert from '@mui/material/Alert';
import { INVITE_LINK_MISSING, teamInviteLink } from '../lib/invite-link';
import { CopyLinkField } from './copy-link-field';

/**
 * The team's public invite link (SPEC §7: app origin + /team/join/{teamId}) to copy, or, when it
 * cannot be built (no team id, an opaque origin), SPEC §5's "Unable to generate team link.
 * Please contact support."
 */
export function TeamInviteLinkField({
  teamId,
  origin,
  label = 'Team invite link',
}: {
  teamId: string | null | undefined;
  /** The page's origin (window.location.origin unless given). */
  origin?: string;
  label?: string;
}) {
  const link = teamInviteLink(teamId, origin);
  if (!link) return <Alert severity="error">{INVITE_LINK_MISSING}</Alert>;
  return <CopyLinkField label={label} value={link} />;
}
