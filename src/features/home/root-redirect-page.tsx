import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { pickActiveTeam, useTeams } from '../../api/current-user';
import { devicesPath, overviewPath } from '../../lib/paths';
import { useSession } from '../../session/session';
import { PageError, PageLoading } from '../../ui/page-states';

/** `/`: the active team's overview when it has devices, otherwise its device list. */
export function rootTarget(team: { id: string; deviceCount: number }): string {
  return team.deviceCount > 0 ? overviewPath(team.id) : devicesPath(team.id);
}

export function RootRedirectPage() {
  const teams = useTeams();
  const session = useSession();
  const [, navigate] = useLocation();
  const team = teams.data ? pickActiveTeam(teams.data, session.activeTeamId) : null;

  useEffect(() => {
    if (team) navigate(rootTarget(team), { replace: true });
  }, [team, navigate]);

  if (teams.isError) return <PageError error={teams.error} onRetry={() => void teams.refetch()} />;
  return <PageLoading />;
}
