import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { parseDeviceListQuery, serializeDeviceListQuery } from '../../lib/device-list-query';
import type { DeviceListQuery } from '../../lib/device-list-query';
import { devicesPath } from '../../lib/paths';
import { useSession } from '../../session/session';

export interface UpdateOptions {
  /** Replace the history entry instead of adding one (refining a search, closing the modal). */
  replace?: boolean;
  /** Write orderBy and direction into the URL even when they equal the stored defaults. */
  explicitSort?: boolean;
}

/** The address of a device-list view. Once a sort is in the URL it stays there, so a link reproduces the view. */
export function deviceListHref(
  teamId: string,
  query: DeviceListQuery,
  defaults: Pick<DeviceListQuery, 'orderBy' | 'direction'>,
  explicitSort: boolean,
): string {
  const params = new URLSearchParams(serializeDeviceListQuery(query, defaults));
  if (explicitSort && !params.has('orderBy')) {
    // Keep the documented parameter order: page, pageSize, orderBy, direction, search, openInviteModal.
    const ordered = new URLSearchParams();
    for (const key of ['page', 'pageSize'])
      if (params.has(key)) ordered.set(key, params.get(key) ?? '');
    ordered.set('orderBy', query.orderBy);
    ordered.set('direction', query.direction);
    for (const key of ['search', 'openInviteModal'])
      if (params.has(key)) ordered.set(key, params.get(key) ?? '');
    const text = ordered.toString();
    return `${devicesPath(teamId)}?${text}`;
  }
  const text = params.toString();
  return `${devicesPath(teamId)}${text ? `?${text}` : ''}`;
}

/**
 * All device-list state lives in the URL; missing or invalid values fall back to the defaults,
 * and the sort defaults come from the stored session.
 */
export function useDeviceListUrl(teamId: string) {
  const search = useSearch();
  const [, navigate] = useLocation();
  const session = useSession();
  const orderBy = session.deviceOrderBy;
  const direction = session.deviceOrderDirection;
  const query = useMemo(
    () => parseDeviceListQuery(search, { orderBy, direction }),
    [search, orderBy, direction],
  );
  const sortInUrl = useMemo(() => {
    const params = new URLSearchParams(search);
    return params.has('orderBy') || params.has('direction');
  }, [search]);

  const update = useCallback(
    (patch: Partial<DeviceListQuery>, options: UpdateOptions = {}) => {
      const next = { ...query, ...patch };
      const href = deviceListHref(
        teamId,
        next,
        { orderBy, direction },
        sortInUrl || !!options.explicitSort,
      );
      navigate(href, { replace: options.replace });
    },
    [query, teamId, orderBy, direction, sortInUrl, navigate],
  );

  return { query, update };
}
