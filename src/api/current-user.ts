import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { client } from './client';
import { ApiError, errorFromFailure } from './error-catalogue';
import { $api, shouldRetry } from './query';
import type { components } from '../../generated/api';
import { TEAMS_RETRY_DELAY_MS } from '../lib/constants';
import { useSession } from '../session/session';

export type User = components['schemas']['User'];
export type TeamSummary = components['schemas']['TeamSummary'];

/**
 * The signed-in user's request. One key for the early prefetch and every reader: a key that
 * differs (openapi-react-query keys `init` when given, even `{}`) is a second request on each load.
 */
export const currentUserQuery = () => $api.queryOptions('get', '/user');

export function useCurrentUser() {
  const session = useSession();
  return useQuery({ ...currentUserQuery(), enabled: session.token !== null });
}

/**
 * The answer had no teams list: SPEC §4 says retry after 100 ms. An ApiError like every other
 * failure (the catalogue's transport problem once the retries are spent).
 */
class TeamsMissingError extends ApiError {
  constructor(cause?: ApiError) {
    super({ kind: 'transport', operation: '/teams', cause });
    this.name = 'TeamsMissingError';
  }
}

export const teamsQuery = () =>
  queryOptions<TeamSummary[], ApiError>({
    queryKey: $api.queryOptions('get', '/teams').queryKey,
    queryFn: async ({ signal }) => {
      let data: TeamSummary[] | undefined;
      try {
        ({ data } = await client.GET('/teams', { signal }));
      } catch (failure) {
        const error = errorFromFailure(failure, '/teams');
        // The answer is not a list at all (checked against the contract): the list is missing.
        if (error.kind === 'invalidResponse' && error.violation?.path === '$')
          throw new TeamsMissingError(error);
        throw error;
      }
      // A success always has the list (checked against the contract); no body is none either.
      if (!data) throw new TeamsMissingError();
      return data;
    },
    // SPEC §4: a missing list is asked for again after 100 ms; after 20 tries it is an error state.
    retry: (count, error) =>
      error instanceof TeamsMissingError ? count < 20 : shouldRetry(count, error),
    retryDelay: (count, error) =>
      error instanceof TeamsMissingError ? TEAMS_RETRY_DELAY_MS : Math.min(1000 * 2 ** count, 8000),
  });

export function useTeams() {
  const session = useSession();
  return useQuery({ ...teamsQuery(), enabled: session.token !== null });
}

/**
 * Starts the signed-in user's and teams requests at once, side by side, before any screen (or its
 * chunk) is there: the hooks above then find them in flight instead of starting them on mount.
 */
export function prefetchSessionData(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(currentUserQuery());
  void queryClient.prefetchQuery(teamsQuery());
}

/** The active team: the stored one when it is still ours, else the first. */
export function pickActiveTeam(
  teams: readonly TeamSummary[],
  activeTeamId: string | null,
): TeamSummary | null {
  return teams.find((team) => team.id === activeTeamId) ?? teams[0] ?? null;
}
