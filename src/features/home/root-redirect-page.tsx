import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { pickActiveTeam, useCurrentUser, useTeams } from '../../api/current-user';
import { devicesPath, overviewPath } from '../../lib/paths';
import { useSession } from '../../session/session';
import { PageError, PageLoading } from '../../ui/page-states';

/** `/`: the active team's overview when it has devices, otherwise its device list. */
export function rootTarget(team: { id: string; deviceCount: number }): string {
  return team.deviceCount > 0 ? overviewPath(team.id) : devicesPath(team.id);
}

/**
 * `/`: a user whose onboarding is not completed goes to `/welcome`; everyone else to the
 * active team (rootTarget). Both requests are already running (the shell starts them).
 */
export function RootRedirectPage() {
  const user = useCurrentUser();
  const teams = useTeams();
  const session = useSession();
  const [, navigate] = useLocation();
  const onboarding = user.data ? user.data.onboardingCompleted === false : null;
  const team = teams.data ? pickActiveTeam(teams.data, session.activeTeamId) : null;
  const target =
    onboarding === true ? '/welcome' : onboarding === false && team ? rootTarget(team) : null;

  useEffect(() => {
    if (target) navigate(target, { replace: true });
  }, [target, navigate]);

  if (user.isError) return <PageError error={user.error} onRetry={() => void user.refetch()} />;
  if (teams.isError) return <PageError error={teams.error} onRetry={() => void teams.refetch()} />;
  return <PageLoading />;
}
