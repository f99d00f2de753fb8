import { useEffect } from 'react';
import { pickActiveTeam, useCurrentUser, useTeams } from '../api/current-user';
import type { TeamSummary, User } from '../api/current-user';
import type { ApiError } from '../api/error-catalogue';
import { updateSession, useSession } from '../session/session';
import type { RouteParams } from '../ui/page-props';

/** What a query tells the shell (a TanStack query result has all of it). */
interface Answer<T> {
  isPending: boolean;
  isError: boolean;
  isSuccess: boolean;
  data: T | undefined;
  error: ApiError | null;
}

/** What the shell shows instead of the page, or the page. */
export type ShellGate =
  | { kind: 'loading' }
  | { kind: 'error'; error: ApiError; retry(): void }
  | { kind: 'noTeam'; user: User }
  | { kind: 'teamNotFound'; fallback: TeamSummary | null }
  | { kind: 'page' };

export interface ShellDecision {
  gate:
    | Exclude<ShellGate, { kind: 'error' }>
    | { kind: 'error'; error: ApiError; source: 'user' | 'teams' };
  /** The team in view: the address's, else the remembered one when it is still ours, else the first. */
  active: TeamSummary | null;
  /** The address's team when it is one of the user's teams. */
  routeTeam: TeamSummary | null;
  /** The team the navigation links point to (while the teams load: the address's or remembered id). */
  navTeam: Pick<TeamSummary, 'id'> | null;
  /** The team switcher: on team pages with more than one team, never for an unknown team. */
  switcher: { teams: TeamSummary[]; activeId: string } | null;
}

/**
 * The shell's ladder, in order: the team-less `/` waits for the user and the teams; the user's
 * failure; on team pages the teams' failure, then no team at all, then a team id in the address
 * that is not one of the user's; else the page. A team page with its id in the address renders
 * while the user and teams load: it needs neither to start its own requests.
 */
export function decideShell({
  teamScoped,
  routeTeamId,
  activeTeamId,
  user,
  teams,
}: {
  teamScoped: boolean;
  routeTeamId: string | undefined;
  activeTeamId: string | null;
  user: Answer<User>;
  teams: Answer<TeamSummary[]>;
}): ShellDecision {
  const teamList = teams.data ?? [];
  const routeTeam = routeTeamId ? (teamList.find((t) => t.id === routeTeamId) ?? null) : null;
  const unknownRouteTeam =
    !!routeTeamId && teamScoped && teams.isSuccess && teamList.length > 0 && !routeTeam;
  const active = routeTeam ?? pickActiveTeam(teamList, activeTeamId);

  let gate: ShellDecision['gate'];
  if (teamScoped && !routeTeamId && (user.isPending || teams.isPending)) gate = { kind: 'loading' };
  else if (user.isError && user.error) gate = { kind: 'error', error: user.error, source: 'user' };
  else if (teamScoped && teams.isError && teams.error)
    gate = { kind: 'error', error: teams.error, source: 'teams' };
  else if (teamScoped && teams.isSuccess && teamList.length === 0 && user.data)
    gate = { kind: 'noTeam', user: user.data };
  else if (unknownRouteTeam) gate = { kind: 'teamNotFound', fallback: active };
  else gate = { kind: 'page' };

  // While the teams load, the address's team (or the remembered one) stands in for the links, so
  // they do not appear late and push the rest of the bar (layout shift).
  const provisionalId = teams.isPending ? (routeTeamId ?? activeTeamId) : null;
  return {
    gate,
    active,
    routeTeam,
    navTeam: active ?? (provisionalId ? { id: provisionalId } : null),
    switcher:
      teamScoped && active && teamList.length > 1 && !unknownRouteTeam
        ? { teams: teamList, activeId: active.id }
        : null,
  };
}

/**
 * The shell's gate for the route in view (see decideShell), with what the app bar needs. Visiting
 * a team's page makes it the active team (kept in the session).
 */
export function useShellGate(route: { teamScoped?: boolean }, params: RouteParams) {
  const session = useSession();
  const user = useCurrentUser();
  const teams = useTeams();
  const decision = decideShell({
    teamScoped: !!route.teamScoped,
    routeTeamId: params.teamId,
    activeTeamId: session.activeTeamId,
    user,
    teams,
  });
  const { routeTeam } = decision;

  useEffect(() => {
    if (routeTeam && routeTeam.id !== session.activeTeamId)
      updateSession({ activeTeamId: routeTeam.id });
  }, [routeTeam, session.activeTeamId]);

  const failed = decision.gate;
  const gate: ShellGate =
    failed.kind === 'error'
      ? {
          kind: 'error',
          error: failed.error,
          retry: () => void (failed.source === 'user' ? user.refetch() : teams.refetch()),
        }
      : failed;

  return {
    ...decision,
    gate,
    user: user.data,
    impersonating: session.adminToken !== null,
  };
}
