import { isSendableToken } from '../lib/token';
import { isUuid } from '../lib/uuid';
import type { RouteParams } from '../ui/page-props';

export interface RoutePattern {
  /** e.g. /device/:deviceId/rename */
  path: string;
  /** Params that must be UUIDs; any other value means the route does not match. */
  uuidParams?: readonly string[];
}

export type { RouteParams };

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null; // malformed escape: no match rather than a crash
  }
}

export function matchPath(pattern: RoutePattern, pathname: string): RouteParams | null {
  const trim = (p: string) => (p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p);
  const want = trim(pattern.path).split('/');
  const got = trim(pathname).split('/');
  if (want.length !== got.length) return null;
  const params: RouteParams = {};
  for (let i = 0; i < want.length; i += 1) {
    const w = want[i] ?? '';
    const g = got[i] ?? '';
    if (w.startsWith(':')) {
      const value = decode(g);
      if (value === null || value === '') return null;
      const name = w.slice(1);
      if (pattern.uuidParams?.includes(name) && !isUuid(value)) return null;
      params[name] = value;
    } else if (w !== g) {
      return null;
    }
  }
  return params;
}

export function matchRoute<R extends RoutePattern>(
  routes: readonly R[],
  pathname: string,
): { route: R; params: RouteParams } | null {
  for (const route of routes) {
    const params = matchPath(route, pathname);
    if (params) return { route, params };
  }
  return null;
}

/**
 * SPEC §2: any page whose query starts with loginToken carries a session token.
 * `present`: the query is a login-token query (it must leave the address bar either way);
 * `token`: the token, or null when it cannot be used (empty, too long, not sendable in a header).
 */
export function readLoginToken(search: string): { present: boolean; token: string | null } {
  const query = search.startsWith('?') ? search.slice(1) : search;
  if (!query.startsWith('loginToken')) return { present: false, token: null };
  let token: string | null = null;
  try {
    token = new URLSearchParams(query).get('loginToken');
  } catch {
    token = null;
  }
  return { present: true, token: isSendableToken(token) ? token : null };
}

export function loginTokenFromSearch(search: string): string | null {
  return readLoginToken(search).token;
}
