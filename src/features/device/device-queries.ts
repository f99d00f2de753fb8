import { useEffect, useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { $api } from '../../api/query';
import { formatDayAndTime } from '../../lib/dates';
import type { components } from '../../../generated/api';

export type Device = components['schemas']['Device'];
export type Claim = components['schemas']['Claim'];

/** The query options of one device, shared by the details page and its sub-pages (one cache entry). */
function deviceQueryInit(deviceId: string) {
  return { params: { path: { deviceId } } };
}

export function useDevice(
  deviceId: string,
  options: {
    enabled?: boolean;
    refetchInterval?: number | false;
    refetchIntervalInBackground?: boolean;
    refetchOnWindowFocus?: boolean;
  } = {},
) {
  return $api.useQuery('get', '/device/{deviceId}', deviceQueryInit(deviceId), {
    ...options,
    enabled: options.enabled ?? true,
  });
}

function deviceQueryKey(deviceId: string) {
  return $api.queryOptions('get', '/device/{deviceId}', deviceQueryInit(deviceId)).queryKey;
}

/**
 * Prefix keys (openapi-react-query keys are [method, path, init]) of every view that shows a device:
 * the details, the team's list, the team's overview and the teams list (device counts).
 */
const DEVICE_VIEW_PREFIXES = [
  ['get', '/team/{teamId}/devices'],
  ['get', '/team/{teamId}/overview'],
  ['get', '/teams'],
] as const;

/**
 * After a successful change: refresh what the list, overview and details show. Resolves once the
 * active device query (the page the user is on) has been fetched again, so the next screen is fresh.
 */
export async function refreshDeviceViews(queryClient: QueryClient): Promise<void> {
  for (const queryKey of DEVICE_VIEW_PREFIXES)
    void queryClient.invalidateQueries({ queryKey: [...queryKey] });
  await queryClient.invalidateQueries({ queryKey: ['get', '/device/{deviceId}'] });
}

/** After removal: the device is gone, its own entry goes too; the lists are refreshed. */
export function forgetDevice(queryClient: QueryClient, deviceId: string): void {
  void queryClient.cancelQueries({ queryKey: deviceQueryKey(deviceId) });
  queryClient.removeQueries({ queryKey: deviceQueryKey(deviceId) });
  for (const queryKey of DEVICE_VIEW_PREFIXES)
    void queryClient.invalidateQueries({ queryKey: [...queryKey] });
}

/** The current time, refreshed every `intervalMs`, so relative times ("5 minutes ago") stay true. */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** The exact time for a tooltip, in the reader's locale and time zone. */
export function formatExactTime(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return null;
  return formatDayAndTime(new Date(time), 'long');
}
