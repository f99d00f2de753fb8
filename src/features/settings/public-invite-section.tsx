import { TeamInviteLinkField } from '../../ui/team-invite-link-field';
import { SectionCard } from '../../ui/section-card';

/** The team's public invite link (app origin + /team/join/{teamId}) with a copy button. */
export function PublicInviteSection({ teamId }: { teamId: string }) {
  return (
    <SectionCard
      id="settings-public-invite"
      title="Public Invite"
      description="Anyone with this link can install the desktop app and link their device to this team."
    >
      <TeamInviteLinkField teamId={teamId} />
    </SectionCard>
  );
}
