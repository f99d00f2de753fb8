// The browser side of route preloading: a small classic script the build emits
// (assets/route-preload-[hash].js, loaded async before the entry module). It reads the address,
// picks the route as the app will (src/app/route-match.ts matchRoute: the same matching, checked by
// tests/unit/route-preload.test.ts for any path), guesses signed in or out from the stored session,
// and adds <link rel="modulepreload"> for the chunks of that route's first paint, so they download
// next to the entry chunk instead of after it has run. A wrong guess costs a wasted preload, never a
// wrong page: the app decides what to show.
//
// `routePreloadRuntime` is serialised with Function.prototype.toString (preloadScript), so it must
// stay self-contained: no imports, no outer variables, nothing a bundler would have to rename. To
// start more work for the route (its first API request, say), add it to the route's data
// (PreloadRoute) and act on it in step 3.

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
}

/** What the script needs of `window`. */
export interface PreloadWindow {
  location: { pathname: string; search: string };
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
}

export function routePreloadRuntime(data: PreloadData, win: PreloadWindow): PreloadResult {
  // 1. Signed in? A stored session with a token, or a sign-in link (?loginToken=…), which
  //    becomes the session and lands on "/" (src/main.tsx).
  let pathname = win.location.pathname;
  let signedIn = false;
  try {
    const stored = JSON.parse(win.localStorage.getItem(data.sessionKey) || 'null');
    signedIn = !!stored && typeof stored.token === 'string' && stored.token !== '';
  } catch {
    signedIn = false;
  }
  if (/^\??loginToken/.test(win.location.search)) {
    signedIn = true;
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
  return { route: picked, params, signedIn, files: asked };
}

/**
 * The script's text: the runtime called with `data` and `window`. Throws when the runtime's source
 * is not self-contained (a loader that renames or wraps functions, such as esbuild's keepNames,
 * would make it call helpers the browser does not have).
 */
export function preloadScript(data: PreloadData, label: string): string {
  const source = routePreloadRuntime.toString();
  if (/\b__name\(|\b__publicField\(|\brequire\(/.test(source)) {
    throw new Error(`route preload: the runtime's source calls a loader helper:\n${source}`);
  }
  return `// ${label}\n(${source})(${JSON.stringify(data)}, window);\n`;
}
