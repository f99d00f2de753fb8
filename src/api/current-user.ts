import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { client } from './client';
import { isApiError } from './error-catalogue';
import { $api, shouldRetry } from './query';
import type { components } from '../../generated/api';
import { TEAMS_RETRY_DELAY_MS } from '../lib/constants';
import { useSession } from '../session/session';

export type User = components['schemas']['User'];
export type TeamSummary = components['schemas']['TeamSummary'];

export function useCurrentUser() {
  const session = useSession();
  return $api.useQuery('get', '/user', {}, { enabled: session.token !== null });
}

/** The answer had no teams list: SPEC §4 says retry after 100 ms. */
export class TeamsMissingError extends Error {
  constructor() {
    super('The teams list is missing from the answer.');
    this.name = 'TeamsMissingError';
  }
}

const teamsQuery = () =>
  queryOptions({
    queryKey: $api.queryOptions('get', '/teams').queryKey,
    queryFn: async ({ signal }) => {
      try {
        const { data } = await client.GET('/teams', { signal });
        if (!Array.isArray(data)) throw new TeamsMissingError();
        return data;
      } catch (error) {
        // The answer is not a list at all (checked against the contract): the list is missing.
        if (isApiError(error) && error.kind === 'invalidResponse' && error.violation?.path === '$')
          throw new TeamsMissingError();
        throw error;
      }
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
  void queryClient.prefetchQuery($api.queryOptions('get', '/user'));
  void queryClient.prefetchQuery(teamsQuery());
}

/** The active team: the stored one when it is still ours, else the first. */
export function pickActiveTeam(
  teams: readonly TeamSummary[],
  activeTeamId: string | null,
): TeamSummary | null {
  return teams.find((team) => team.id === activeTeamId) ?? teams[0] ?? null;
}
