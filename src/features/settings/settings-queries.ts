import type { QueryClient } from '@tanstack/react-query';
import { $api } from '../../api/query';
import type { components } from '../../../generated/api';

export type CheckSettings = components['schemas']['CheckSettings'];
export type ReportEmail = components['schemas']['ReportEmail'];

/** The path params every team-settings request takes. */
export function teamPath(teamId: string) {
  return { params: { path: { teamId } } };
}

export function useCheckSettings(teamId: string) {
  return $api.useQuery('get', '/team/{teamId}/settings/checks', teamPath(teamId));
}

function checkSettingsKey(teamId: string) {
  return $api.queryOptions('get', '/team/{teamId}/settings/checks', teamPath(teamId)).queryKey;
}

/**
 * After a level change: the settings show the server's answer at once, then every view that
 * depends on check levels is asked again (required checks on the overview, failed-required
 * counts in the list, levels on a device page).
 */
export async function refreshAfterCheckChange(
  queryClient: QueryClient,
  teamId: string,
  answer: CheckSettings | undefined,
): Promise<void> {
  if (answer) queryClient.setQueryData(checkSettingsKey(teamId), answer);
  for (const path of [
    '/team/{teamId}/overview',
    '/team/{teamId}/devices',
    '/device/{deviceId}',
  ] as const)
    void queryClient.invalidateQueries({ queryKey: ['get', path] });
  await queryClient.invalidateQueries({ queryKey: checkSettingsKey(teamId) });
}
