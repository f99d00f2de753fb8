import type { QueryClient } from '@tanstack/react-query';

/** Every answer an exemption changes: the device, the team's list, overview, history, exemptions. */
export async function refreshExemptionViews(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    [
      '/device/{deviceId}',
      '/team/{teamId}/devices',
      '/team/{teamId}/overview',
      '/team/{teamId}/history',
      '/team/{teamId}/exemptions',
    ].map((path) => queryClient.invalidateQueries({ queryKey: ['get', path] })),
  );
}
