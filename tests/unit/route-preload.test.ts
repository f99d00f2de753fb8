// The build's route preloading (scripts/lib/route-preload/) against the app's own decision: for any
// address, signed in or out, the preload script picks the route matchRoute picks, with the same
// parameters, and asks for the chunks of exactly the pages the app then renders (chooseScreen, plus
// the shell when it frames the page).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { screenModules } from '../../scripts/lib/route-preload/plugin';
import {
  type PreloadData,
  type PreloadWindow,
  preloadScript,
  routePreloadRuntime,
} from '../../scripts/lib/route-preload/runtime';
import { matchRoute } from '../../src/app/route-match';
import { type PageRef, ROUTE_TABLE, SHELL, chooseScreen } from '../../src/app/route-table';
import { readDeviceListAddress } from '../../src/lib/device-list-query';
import { SESSION_STORAGE_KEY } from '../../src/session/session';

// Each page module stands for one file named after it: the files asked for name the pages.
const fileOf = (ref: PageRef) => `${ref.module}.js`;

function preloadData(): PreloadData {
  const screens = screenModules({ routes: ROUTE_TABLE, chooseScreen, shell: SHELL });
  const modules: number[][] = [];
  const files: string[] = [];
  const indexOf = (ref: PageRef) => {
    const file = fileOf(ref);
    let at = files.indexOf(file);
    if (at === -1) {
      at = files.push(file) - 1;
      modules.push([at]);
    }
    return at;
  };
  const lists = (screen: { signedOut: PageRef[]; signedIn: PageRef[] }) => ({
    signedOut: screen.signedOut.map(indexOf),
    signedIn: screen.signedIn.map(indexOf),
  });
  return {
    base: '/',
    sessionKey: SESSION_STORAGE_KEY,
    files,
    modules,
    routes: screens.routes.map((screen) => ({
      segments: screen.route.path.split('/'),
      uuidParams: [...(screen.route.uuidParams ?? [])],
      ...lists(screen),
    })),
    unknown: lists(screens.unknown),
  };
}

function fakeWindow(pathname: string, session: string | null): PreloadWindow {
  return {
    location: { pathname, search: '' },
    localStorage: { getItem: (key) => (key === SESSION_STORAGE_KEY ? session : null) },
    document: {
      createElement: () => ({ rel: '', crossOrigin: null, href: '' }),
      head: { appendChild: () => undefined },
    },
  };
}

/** The pages the app renders at `pathname` (following a redirect as the app does). */
function appPages(pathname: string, signedIn: boolean): PageRef[] {
  const seen: string[] = [];
  let at = pathname;
  for (;;) {
    const choice = chooseScreen(matchRoute(ROUTE_TABLE, at)?.route ?? null, signedIn);
    if (choice.kind === 'page') return choice.shell ? [SHELL, choice.page] : [choice.page];
    expect(seen).not.toContain(choice.to);
    seen.push(choice.to);
    at = choice.to;
  }
}

const UUID = fc.uuid();
const literals = [...new Set(ROUTE_TABLE.flatMap((r) => r.path.split('/')))].filter(
  (s) => s !== '' && !s.startsWith(':'),
);
/** A path segment: one of the table's words, a UUID (any case), or anything else. */
const segment = fc.oneof(
  fc.constantFrom(...literals),
  UUID,
  UUID.map((id) => id.toUpperCase()),
  UUID.map((id) => `${id}x`),
  fc.constantFrom('', '%E0%A4%A', '%20', 'a%2Fb', '..', 'x'),
  fc.string({ maxLength: 12 }).map((s) => s.replaceAll('/', '')),
);
/** Mostly the table's own shapes with their parameters filled in, and arbitrary paths. */
const address = fc.oneof(
  fc
    .tuple(
      fc.constantFrom(...ROUTE_TABLE.map((r) => r.path.split('/'))),
      fc.array(segment, { minLength: 8, maxLength: 8 }),
      fc.boolean(),
    )
    .map(([parts, fills, slash]) => {
      const path = parts.map((p, i) => (p.startsWith(':') ? fills[i]! : p)).join('/');
      return slash && path !== '/' ? `${path}/` : path;
    }),
  fc.array(segment, { maxLength: 5 }).map((parts) => `/${parts.join('/')}`),
);

describe('route preloading', () => {
  const data = preloadData();
  const run = (win: PreloadWindow) => routePreloadRuntime(data, win, readDeviceListAddress);

  it('picks the route, parameters and pages the app picks, for any path, signed in or out', () => {
    fc.assert(
      fc.property(address, fc.boolean(), (pathname, signedIn) => {
        const session = signedIn ? JSON.stringify({ token: 'session-token' }) : null;
        const result = routePreloadRuntime(
          data,
          fakeWindow(pathname, session),
          readDeviceListAddress,
        );
        const match = matchRoute(ROUTE_TABLE, pathname);
        expect(result.signedIn).toBe(signedIn);
        expect(result.route).toBe(match ? ROUTE_TABLE.indexOf(match.route) : -1);
        expect(result.params).toEqual(match?.params ?? {});
        expect(result.files).toEqual([...new Set(appPages(pathname, signedIn).map(fileOf))]);
      }),
      { numRuns: 2_000 },
    );
  });

  it('reaches every row of the table: no route is shadowed by an earlier one', () => {
    for (const [index, route] of ROUTE_TABLE.entries()) {
      const pathname = route.path.replaceAll(/:[A-Za-z]+/g, '0b7e8f70-1c2d-4e3f-9a4b-5c6d7e8f9a0b');
      expect(run(fakeWindow(pathname, null)).route, pathname).toBe(index);
    }
  });

  it('a sign-in link counts as signed in and lands on home', () => {
    const win = {
      ...fakeWindow('/devices/x', null),
      location: { pathname: '/devices/x', search: '?loginToken=t' },
    };
    const result = run(win);
    expect(result.signedIn).toBe(true);
    expect(ROUTE_TABLE[result.route]?.path).toBe('/');
    expect(result.files).toEqual(appPages('/', true).map(fileOf));
  });

  it('a stored session that is not JSON or has no token counts as signed out', () => {
    for (const stored of ['{', 'null', '{"token":""}', '{"token":1}']) {
      expect(run(fakeWindow('/account', stored)).signedIn).toBe(false);
    }
  });

  it('the emitted script is the runtime and the address rules themselves, self-contained', () => {
    const script = preloadScript(data, 'label');
    expect(script).toContain(routePreloadRuntime.toString());
    expect(script).toContain(readDeviceListAddress.toString());
    expect(script).not.toMatch(/\b__name\(|\brequire\(/);
  });
});
