import { describe, expect, it } from 'vitest';
import { loginTokenFromSearch, matchPath, matchRoute } from '../../src/app/route-match';

const ID = '8d3e4f10-2b1a-4c5d-8e7f-9a0b1c2d3e4f';
const routes = [
  { path: '/device/:deviceId', uuidParams: ['deviceId'] },
  { path: '/device/:deviceId/rename', uuidParams: ['deviceId'] },
  { path: '/password/change/:userId/:resetToken', uuidParams: ['userId'] },
  { path: '/password/change' },
];

describe('route matching', () => {
  it('a UUID segment matches only a UUID', () => {
    expect(matchPath(routes[0]!, `/device/${ID}`)).toEqual({ deviceId: ID });
    expect(matchPath(routes[0]!, '/device/123')).toBeNull();
    expect(matchPath(routes[0]!, `/device/${ID}x`)).toBeNull();
    expect(matchPath(routes[0]!, '/device/')).toBeNull();
  });

  it('non-UUID params accept any non-empty segment', () => {
    expect(matchRoute(routes, `/password/change/${ID}/abc.def`)?.params).toEqual({
      userId: ID,
      resetToken: 'abc.def',
    });
  });

  it('exact segments, trailing slash tolerated, sub-routes distinct', () => {
    expect(matchRoute(routes, `/device/${ID}/rename/`)?.route.path).toBe(
      '/device/:deviceId/rename',
    );
    expect(matchRoute(routes, '/password/change')?.route.path).toBe('/password/change');
    expect(matchRoute(routes, '/nowhere')).toBeNull();
  });

  it('a malformed escape does not crash', () => {
    expect(matchPath({ path: '/x/:y' }, '/x/%E0%A4%A')).toBeNull();
  });
});

describe('login token', () => {
  it('only a query that starts with loginToken carries one', () => {
    expect(loginTokenFromSearch('?loginToken=abc')).toBe('abc');
    expect(loginTokenFromSearch('loginToken=abc&x=1')).toBe('abc');
    expect(loginTokenFromSearch('?x=1&loginToken=abc')).toBeNull();
    expect(loginTokenFromSearch('?loginToken=')).toBeNull();
    expect(loginTokenFromSearch('')).toBeNull();
  });
});

describe('route table and page modules', () => {
  it('every page module is named by a row (or is the 404 page), and every row names one', async () => {
    const { PAGE_MODULES } = await import('../../src/app/routes');
    const { LOGIN_PAGE, NOT_FOUND_PAGE, ROUTE_TABLE } = await import('../../src/app/route-table');
    const named = new Set([...ROUTE_TABLE.map((r) => r.page.module), NOT_FOUND_PAGE.module]);
    const files = Object.keys(PAGE_MODULES).map((key) =>
      key.replace(/^\.\.\//, '').replace(/\.tsx$/, ''),
    );
    expect(files.filter((file) => !named.has(file))).toEqual([]);
    expect([...named].filter((m) => m !== LOGIN_PAGE.module && !files.includes(m))).toEqual([]);
  });
});
