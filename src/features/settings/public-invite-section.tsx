import Alert from '@mui/material/Alert';
import { INVITE_LINK_MISSING, teamInviteLink } from '../../lib/invite-link';
import { CopyLinkField } from '../../ui/copy-link-field';
import { SettingsSection } from './settings-section';

/** The team's public invite link (app origin + /team/join/{teamId}) with a copy button. */
export function PublicInviteSection({ teamId }: { teamId: string }) {
  const link = teamInviteLink(teamId);
  return (
    <SettingsSection
      id="settings-public-invite"
      title="Public Invite"
      description="Anyone with this link can install the desktop app and link their device to this team."
    >
      {link ? (
        <CopyLinkField label="Team invite link" value={link} />
      ) : (
        <Alert severity="error">{INVITE_LINK_MISSING}</Alert>
      )}
    </SettingsSection>
  );
}
