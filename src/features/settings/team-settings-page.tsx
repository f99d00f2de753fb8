import { lazy, Suspense } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useCurrentUser, useTeams } from '../../api/current-user';
import { canManageTeamSettings } from '../../lib/roles';
import { PageHeader } from '../../ui/page-header';
import type { PageProps } from '../../ui/page-props';
import { usePageTitle } from '../../ui/page-title';
import { DevicePolicySection } from './device-policy-section';
import { EmailReportsSection } from './email-reports-section';
import { ManageChecksSection } from './manage-checks-section';
import { PublicInviteSection } from './public-invite-section';
import { SlackSection } from './slack-section';

// Exemptions (a proposal): their own chunk, so the settings' first paint carries none of it.
const ExemptionsSection = lazy(async () => ({
  default: (await import('./exemptions-section')).ExemptionsSection,
}));

/**
 * SPEC §2 Team settings `/settings/{teamId}`: Public Invite, Device Policy, Email Reports, Slack
 * Integrations, Manage Checks, in that order. Each section loads on its own (all requests start
 * together) and has its own loading, error, empty and filled states. Admins change them (SPEC
 * §6); everyone else reads them.
 */
export function TeamSettingsPage({ params }: PageProps) {
  usePageTitle('Team Settings');
  const teamId = params.teamId ?? '';
  const user = useCurrentUser();
  const teams = useTeams();
  const team = teams.data?.find((t) => t.id.toLowerCase() === teamId.toLowerCase());
  const canManage = canManageTeamSettings(user.data);
  // Said once the user is known, never while the role is still loading.
  const readOnlyNote = user.isSuccess && !canManage;

  return (
    <>
      {/* The team's name arrives with the teams list: its line is reserved meanwhile, so the
          sections below do not move down when it shows (layout shift). */}
      <PageHeader
        title="Team Settings"
        subtitle={team ? team.name : teams.isPending ? '\u00a0' : undefined}
      />
      {readOnlyNote ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          You can see this team&apos;s settings. Only account admins can change them.
        </Alert>
      ) : null}
      <Stack spacing={3}>
        <PublicInviteSection teamId={teamId} />
        <DevicePolicySection teamId={teamId} canManage={canManage} />
        <EmailReportsSection teamId={teamId} canManage={canManage} />
        <SlackSection
          teamId={teamId}
          linkToAccount={canManage && user.data?.hasIntegrations === true}
        />
        <ManageChecksSection teamId={teamId} canManage={canManage} />
        <Suspense fallback={null}>
          <ExemptionsSection teamId={teamId} canManage={canManage} />
        </Suspense>
      </Stack>
    </>
  );
}
