import type { FirstRequestQuery } from '../api/route-prefetch';
import { deviceListRequest, parseDeviceListQuery } from '../lib/device-list-query';
import type { Session } from '../session/session';
import { matchRoute } from './route-match';
import { ROUTE_TABLE } from './route-table';
import type { RouteEntry } from './route-table';

/**
 * The query the page at this address makes first, signed in, as the page names it (the route
 * table's `firstRequest`, with the same parameters the page reads): the key under which the app
 * adopts the route-preload script's early answer. null: the address has no first request.
 */
export function firstRequestOf(
  pathname: string,
  search: string,
  session: Pick<Session, 'deviceOrderBy' | 'deviceOrderDirection'>,
  routes: readonly RouteEntry[] = ROUTE_TABLE,
): FirstRequestQuery | null {
  const match = matchRoute(routes, pathname);
  const first = match?.route.firstRequest;
  if (!match || !first) return null;
  if (first.query === 'deviceList') {
    const teamId = match.params.teamId ?? '';
    const query = parseDeviceListQuery(search, {
      orderBy: session.deviceOrderBy,
      direction: session.deviceOrderDirection,
    });
    return { path: first.path, init: deviceListRequest(teamId, query) };
  }
  // The path's parameters are the route's (the contract's and the route's names agree).
  const names = [...first.path.matchAll(/\{(\w+)\}/g)].map((found) => found[1]!);
  const path: Record<string, string> = {};
  for (const name of names) {
    const value = match.params[name];
    if (value === undefined) return null;
    path[name] = value;
  }
  return { path: first.path, init: { params: { path } } };
}
