// The browser side of route preloading: a small classic script the build emits
// (assets/route-preload-[hash].js, loaded async before the entry module). It reads the address,
// picks the route as the app will (src/app/route-match.ts matchRoute: the same matching, checked by
// tests/unit/route-preload.test.ts for any path), guesses signed in or out from the stored session,
// and adds <link rel="modulepreload"> for the chunks of that route's first paint, so they download
// next to the entry chunk instead of after it has run. A wrong guess costs a wasted preload, never a
// wrong page: the app decides what to show.
//
// `routePreloadRuntime` is serialised with Function.prototype.toString (preloadScript), so it must
// stay self-contained: no imports, no outer variables, nothing a bundler would have to rename. The
// device list's address rules are the app's own function (src/lib/device-list-query.ts
// readDeviceListAddress), serialised the same way and passed in as `readAddress`.
//
// Signed in, it also starts the route's first API request (PreloadRoute.firstRequest: the device
// list page the address asks for, the team overview, the device) with the stored token, and leaves
// the pending answer on `window` under PreloadApi.handoff for the app to adopt
// (src/api/route-prefetch.ts). The request only ever goes to the API base the client uses, a path
// of this origin: an absolute or protocol-relative base makes no request at all.
import {
  type DeviceListAddressRules,
  readDeviceListAddress,
} from '../../../src/lib/device-list-query';

/** A set of modules to preload: indexes into PreloadData.modules. */
export type ModuleList = number[];

export interface PreloadRoute {
  /** The route's path split at '/': ['', 'device', ':deviceId'] */
  segments: string[];
  /** Parameters that must be UUIDs */
  uuidParams: string[];
  /** Modules of the first paint, signed out and signed in */
  signedOut: ModuleList;
  signedIn: ModuleList;
  /** The page's first request, started signed in (see src/app/route-table.ts FirstRequest) */
  firstRequest?: { path: string; query?: 'deviceList' };
}

/** The device list's address rules (src/lib/device-list-query.ts) and defaults, for its first request. */
export interface PreloadDeviceListRules extends DeviceListAddressRules {
  defaultPage: number;
  defaultPageSize: number;
  /** The sort when neither the address nor the stored session names one */
  defaultOrderBy: string;
  defaultDirection: string;
}

export interface PreloadApi {
  /** The client's base URL: a path of this origin ('/api/v1') */
  base: string;
  /** The `window` property the pending answer is left under */
  handoff: string;
  /**
   * The client's request time limit (VITE_REQUEST_TIMEOUT_MS, else src/lib/constants.ts
   * REQUEST_TIMEOUT_MS): the early request is given up this long after it started, as any request
   * of the app's client is, so a page waiting for it takes over with its own request.
   */
  timeoutMs: number;
  deviceList: PreloadDeviceListRules;
}

/** What the script leaves on `window` for the app: the request it started and its answer. */
export interface RoutePrefetchHandoff {
  /** The request's address, as sent (a path of this origin) */
  url: string;
  /** The token it carried */
  token: string;
  /** The answer; null when the request failed or got no answer within PreloadApi.timeoutMs */
  response: Promise<unknown>;
}

export interface PreloadData {
  /** The build's base ('/') */
  base: string;
  /** The session's localStorage key */
  sessionKey: string;
  /** Every file, once */
  files: string[];
  /** For each module, the files it needs beyond the entry's: indexes into `files` */
  modules: number[][];
  /** In the route table's order: the first match wins */
  routes: PreloadRoute[];
  /** An address no route matches */
  unknown: { signedOut: ModuleList; signedIn: ModuleList };
  /** First requests: absent, none are started */
  api?: PreloadApi;
}

/** What the script needs of `window`. */
export interface PreloadWindow {
  location: { pathname: string; search: string };
  /** Absent (an old browser, a test), no first request is started */
  fetch?: (
    url: string,
    init: {
      headers: Record<string, string>;
      credentials: 'same-origin';
      referrerPolicy: 'no-referrer';
      signal?: unknown;
    },
  ) => Promise<unknown>;
  /** Absent (a test), the early request has no time limit */
  AbortController?: new () => { signal: unknown; abort(): void };
  setTimeout?: (run: () => void, ms: number) => unknown;
  clearTimeout?: (timer: never) => void;
  localStorage: { getItem(key: string): string | null };
  document: {
    createElement(tag: 'link'): { rel: string; crossOrigin: string | null; href: string };
    head: { appendChild(node: never): unknown };
  };
}

export interface PreloadResult {
  /** Index of the route picked, -1 for none */
  route: number;
  /** Its parameters, decoded */
  params: Record<string, string>;
  signedIn: boolean;
  /** The files asked for, in order */
  files: string[];
  /** The first request started, if any: its address */
  request: string | null;
}

export function routePreloadRuntime(
  data: PreloadData,
  win: PreloadWindow,
  readAddress: typeof readDeviceListAddress,
): PreloadResult {
  // 1. Signed in? A stored session with a token, or a sign-in link (?loginToken=…), which
  //    becomes the session and lands on "/" (src/main.tsx).
  //    Read defensively: anything unexpected in the stored session means signed out here.
  let pathname = win.location.pathname;
  let signedIn = false;
  let stored: { token?: unknown; deviceOrderBy?: unknown; deviceOrderDirection?: unknown } = {};
  try {
    const parsed: unknown = JSON.parse(win.localStorage.getItem(data.sessionKey) || 'null');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) stored = parsed;
  } catch {
    stored = {};
  }
  const token = typeof stored.token === 'string' && stored.token !== '' ? stored.token : null;
  signedIn = token !== null;
  let fromLink = false;
  if (/^\??loginToken/.test(win.location.search)) {
    signedIn = true;
    fromLink = true;
    pathname = '/';
  }

  // 2. The route: the first whose segments match (a UUID parameter only a UUID; a malformed
  //    escape or an empty parameter matches nothing; one trailing slash is ignored).
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const trimmed =
    pathname.length > 1 && pathname.charAt(pathname.length - 1) === '/'
      ? pathname.slice(0, -1)
      : pathname;
  const got = trimmed.split('/');
  let picked = -1;
  let params: Record<string, string> = {};
  for (let r = 0; r < data.routes.length && picked === -1; r += 1) {
    const { segments, uuidParams } = data.routes[r]!;
    if (segments.length !== got.length) continue;
    const found: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < segments.length && ok; i += 1) {
      const want = segments[i]!;
      const part = got[i]!;
      if (want.charAt(0) !== ':') {
        ok = want === part;
        continue;
      }
      let value: string;
      try {
        value = decodeURIComponent(part);
      } catch {
        value = '';
      }
      const name = want.slice(1);
      ok = value !== '' && (uuidParams.indexOf(name) === -1 || uuid.test(value));
      found[name] = value;
    }
    if (ok) {
      picked = r;
      params = found;
    }
  }

  // 3. The route's first paint: its modules' files next to the entry chunk, each once.
  const screen = picked === -1 ? data.unknown : data.routes[picked]!;
  const modules = signedIn ? screen.signedIn : screen.signedOut;
  const asked: string[] = [];
  for (const module of modules) {
    for (const index of data.modules[module] ?? []) {
      const file = data.files[index]!;
      if (asked.indexOf(file) !== -1) continue;
      const link = win.document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = data.base + file;
      win.document.head.appendChild(link as never);
      asked.push(file);
    }
  }

  // 4. Signed in with a stored token, the page's first request, to the API base only.
  let request: string | null = null;
  const first = picked === -1 ? undefined : data.routes[picked]!.firstRequest;
  const api = data.api;
  if (
    first &&
    api &&
    token !== null &&
    !fromLink &&
    typeof win.fetch === 'function' &&
    /^\/(?![/\\])/.test(api.base)
  ) {
    let url =
      api.base +
      first.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
    if (first.query === 'deviceList') {
      // The app's parseDeviceListQuery: what the address says, else the stored sort, else the default.
      const rules = api.deviceList;
      const found = readAddress(win.location.search, rules);
      const oneOf = (raw: unknown, list: readonly string[], fallback: string) =>
        typeof raw === 'string' && list.indexOf(raw) !== -1 ? raw : fallback;
      const parts = [
        ['page', String(found.page ?? rules.defaultPage)],
        ['pageSize', String(found.pageSize ?? rules.defaultPageSize)],
        [
          'orderBy',
          found.orderBy ?? oneOf(stored.deviceOrderBy, rules.columns, rules.defaultOrderBy),
        ],
        [
          'direction',
          found.direction ??
            oneOf(stored.deviceOrderDirection, rules.directions, rules.defaultDirection),
        ],
      ];
      if (found.search) parts.push(['search', found.search]);
      url += `?${parts.map(([k, v]) => `${encodeURIComponent(k!)}=${encodeURIComponent(v!)}`).join('&')}`;
    }
    try {
      // The client's time limit, counted from this request's start (not from when the app takes
      // it over: a slow app start must not cut a request short that is still within its limit).
      // Until the answer's headers, as the client's timeout middleware does.
      const Controller = win.AbortController;
      const controller =
        Controller && win.setTimeout && api.timeoutMs > 0 ? new Controller() : null;
      const timer =
        controller && win.setTimeout
          ? win.setTimeout(() => controller.abort(), api.timeoutMs)
          : null;
      const settle = () => {
        if (timer !== null && win.clearTimeout) win.clearTimeout(timer as never);
      };
      const response = win
        .fetch(url, {
          headers: { Authorization: `Bearer ${token}` },
          credentials: 'same-origin',
          referrerPolicy: 'no-referrer',
          ...(controller ? { signal: controller.signal } : {}),
        })
        .then(
          (answer) => {
            settle();
            return answer;
          },
          () => {
            settle();
            return null;
          },
        );
      const handoff: RoutePrefetchHandoff = { url, token, response };
      (win as unknown as Record<string, unknown>)[api.handoff] = handoff;
      request = url;
    } catch {
      request = null;
    }
  }
  return { route: picked, params, signedIn, files: asked, request };
}

/**
 * The script's text: the runtime called with `data` and `window`. Throws when the runtime's source
 * is not self-contained (a loader that renames or wraps functions, such as esbuild's keepNames,
 * would make it call helpers the browser does not have).
 */
export function preloadScript(data: PreloadData, label: string): string {
  const sources = [routePreloadRuntime.toString(), readDeviceListAddress.toString()];
  for (const source of sources) {
    if (/\b__name\(|\b__publicField\(|\brequire\(/.test(source)) {
      throw new Error(`route preload: the runtime's source calls a loader helper:\n${source}`);
    }
  }
  return `// ${label}\n(${sources[0]})(${JSON.stringify(data)}, window, ${sources[1]});\n`;
}
