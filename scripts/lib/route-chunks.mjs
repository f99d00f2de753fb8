// Which chunks each route of src/app/routes.tsx needs for its first paint, read from the build's own
// chunk graph, and what the build does with that:
//
// 1. `assets/route-preload-[hash].js`, a small classic script referenced from index.html (async,
//    before the entry module). It matches the address against the route table, guesses signed in
//    or out from the stored session's token, and adds `<link rel="modulepreload">` for the page's
//    chunks (and the signed-in shell's), so they download side by side with the entry chunk instead
//    of after it has run: no entry route waits for a chunk the entry discovers. It is an external
//    file, not an inline script, so the Content-Security-Policy needs no hash or 'unsafe-inline'
//    (`script-src 'self'` allows it). A wrong guess costs a wasted preload, never a wrong page: the
//    app decides what to show (src/app/app.tsx) and main.tsx awaits the chunks it needs.
// 2. `dist/.vite/route-chunks.json`: per route, signed in and out, the files of its first paint and
//    the packages and source files inside each file. The budget check (scripts/check-budgets.mjs)
//    and `npm run bench` read it.
import fs from 'node:fs';
import path from 'node:path';
import { parseSync } from 'vite';

export const REPORT_FILE = '.vite/route-chunks.json';
const EXTENSIONS = ['.tsx', '.ts', '/index.tsx', '/index.ts'];

// ---------------------------------------------------------------------------------------------
// The route table, read from its source (the build must not run the app to know its routes).

function unwrap(node) {
  let current = node;
  while (
    current &&
    ['TSAsExpression', 'TSSatisfiesExpression', 'ParenthesizedExpression'].includes(current.type)
  )
    current = current.expression;
  return current;
}

function stringOf(node) {
  const value = unwrap(node);
  if (value?.type === 'Literal' && typeof value.value === 'string') return value.value;
  if (value?.type === 'TemplateLiteral' && value.expressions.length === 0)
    return value.quasis[0].value.cooked;
  return null;
}

function resolveModule(fromFile, specifier) {
  const base = path.resolve(path.dirname(fromFile), specifier);
  for (const extension of ['', ...EXTENSIONS]) {
    const candidate = base + extension;
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  throw new Error(`route-chunks: cannot resolve ${specifier} from ${fromFile}`);
}

/** `() => import('x')` → 'x' */
function importedSpecifier(node) {
  const fn = unwrap(node);
  if (fn?.type !== 'ArrowFunctionExpression') return null;
  const body = unwrap(fn.body);
  if (body?.type === 'ImportExpression') return stringOf(body.source);
  return null;
}

/**
 * Every row of `ROUTES` in src/app/routes.tsx: path, uuidParams, access, layout and the absolute
 * file of its page, plus the login screen and the 404 page. Pages are declared as
 * `const X = page(() => import('…'), 'Name')`; anything else fails the build with the row's path,
 * so the preload data can never silently disagree with the table.
 */
export function readRouteTable(file) {
  const source = fs.readFileSync(file, 'utf8');
  const { program, errors } = parseSync(file, source);
  if (errors?.length) throw new Error(`route-chunks: cannot parse ${file}: ${errors[0].message}`);
  const declarators = [];
  for (const statement of program.body) {
    const declaration =
      statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type === 'VariableDeclaration') declarators.push(...declaration.declarations);
  }
  const pages = new Map();
  const aliases = new Map();
  const imports = new Map();
  for (const statement of program.body) {
    if (statement.type !== 'ImportDeclaration' || statement.importKind === 'type') continue;
    for (const specifier of statement.specifiers)
      if (specifier.importKind !== 'type')
        imports.set(specifier.local.name, () => resolveModule(file, statement.source.value));
  }
  let table = null;
  for (const declarator of declarators) {
    if (declarator.id.type !== 'Identifier') continue;
    const name = declarator.id.name;
    const init = unwrap(declarator.init);
    if (!init) continue;
    if (init.type === 'CallExpression' && init.callee.type === 'Identifier') {
      const specifier = importedSpecifier(init.arguments[0]);
      if (init.callee.name === 'page' && specifier) pages.set(name, resolveModule(file, specifier));
      // loadedPage(Imported): a page inside the importing chunk (the entry).
      const argument = unwrap(init.arguments[0]);
      if (init.callee.name === 'loadedPage' && argument?.type === 'Identifier') {
        const imported = imports.get(argument.name);
        if (!imported) throw new Error(`route-chunks: ${name}: ${argument.name} is not imported`);
        pages.set(name, imported());
      }
    } else if (init.type === 'Identifier') {
      aliases.set(name, init.name);
    } else if (name === 'ROUTES' && init.type === 'ArrayExpression') {
      table = init;
    }
  }
  const pageFile = (name, where) => {
    const target = pages.get(name) ?? pages.get(aliases.get(name));
    if (!target)
      throw new Error(
        `route-chunks: ${where}: ${name} is not a page(() => import(…)) or loadedPage(…)`,
      );
    return target;
  };
  if (!table) throw new Error(`route-chunks: no ROUTES array in ${file}`);
  const routes = table.elements.map((element, index) => {
    const row = unwrap(element);
    if (row?.type !== 'ObjectExpression')
      throw new Error(`route-chunks: ROUTES[${index}] is not an object literal`);
    const field = (key) =>
      row.properties.find(
        (p) => p.type === 'Property' && (p.key.name ?? p.key.value) === key && !p.computed,
      )?.value;
    const routePath = stringOf(field('path'));
    if (routePath === null) throw new Error(`route-chunks: ROUTES[${index}] has no literal path`);
    const uuidNode = unwrap(field('uuidParams'));
    const uuidArgs =
      uuidNode?.type === 'CallExpression'
        ? uuidNode.arguments
        : uuidNode?.type === 'ArrayExpression'
          ? uuidNode.elements
          : [];
    const uuidParams = uuidArgs.map((arg) => stringOf(arg));
    if (uuidParams.includes(null))
      throw new Error(`route-chunks: ${routePath}: uuidParams must be string literals`);
    const access = stringOf(field('access'));
    const layout = stringOf(field('layout'));
    if (!['public', 'private'].includes(access) || !['shell', 'bare'].includes(layout))
      throw new Error(`route-chunks: ${routePath}: access and layout must be string literals`);
    const pageNode = unwrap(field('page'));
    if (pageNode?.type !== 'Identifier')
      throw new Error(`route-chunks: ${routePath}: page must name a page(() => import(…))`);
    return {
      path: routePath,
      uuidParams,
      access,
      layout,
      module: pageFile(pageNode.name, routePath),
    };
  });
  return {
    routes,
    login: pageFile('LoginScreen', 'LoginScreen'),
    notFound: pageFile('NotFoundPage', 'NotFoundPage'),
  };
}

// ---------------------------------------------------------------------------------------------
// What each route shows, signed in and out: the same decisions as src/app/app.tsx (resolveScreen).

/**
 * For each route and for the unknown path, the modules of the first paint signed out and signed in
 * (the shell only where it frames the page). `app.tsx` makes the same decisions at run time.
 */
export function screensOf(table, shellModule) {
  const home = table.routes.find((route) => route.path === '/');
  if (!home) throw new Error('route-chunks: the route table has no "/" route');
  const signedIn = (route) => {
    if (route.path === '/login') return [shellModule, home.module]; // redirected to /
    const shell = route.layout === 'shell' && route.access === 'private';
    return shell ? [shellModule, route.module] : [route.module];
  };
  return {
    routes: table.routes.map((route) => ({
      path: route.path,
      uuidParams: route.uuidParams,
      access: route.access,
      layout: route.layout,
      signedOut: route.access === 'private' ? [table.login] : [route.module],
      signedIn: signedIn(route),
    })),
    unknown: { signedOut: [table.login], signedIn: [shellModule, table.notFound] },
  };
}

// ---------------------------------------------------------------------------------------------
// The browser side. Serialised with Function.prototype.toString into the route-preload asset, so
// it must stay self-contained (no imports, no outer variables) and plain ES2017.

/**
 * data: { base, sessionKey, files: string[], modules: number[][] (indexes into files),
 * routes: [segments, uuidParams, signedOut, signedIn][], unknown: [signedOut, signedIn] } where
 * signedOut and signedIn list indexes into modules. Returns the files it asked for (for the tests).
 */
export function routePreloadRuntime(data, win) {
  var pathname = win.location.pathname;
  var signedIn = false;
  try {
    var stored = JSON.parse(win.localStorage.getItem(data.sessionKey) || 'null');
    signedIn = !!stored && typeof stored.token === 'string' && stored.token !== '';
  } catch (_error) {
    signedIn = false;
  }
  // A sign-in link (?loginToken=…) becomes the session and lands on "/" (src/main.tsx).
  if (/^\??loginToken/.test(win.location.search)) {
    signedIn = true;
    pathname = '/';
  }
  var uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  var trim = function (p) {
    return p.length > 1 && p.charAt(p.length - 1) === '/' ? p.slice(0, -1) : p;
  };
  var got = trim(pathname).split('/');
  var matches = function (segments, uuidParams) {
    if (segments.length !== got.length) return false;
    for (var i = 0; i < segments.length; i += 1) {
      var want = segments[i];
      if (want.charAt(0) === ':') {
        var value;
        try {
          value = decodeURIComponent(got[i]);
        } catch (_error) {
          return false;
        }
        if (value === '') return false;
        if (uuidParams.indexOf(want.slice(1)) !== -1 && !uuid.test(value)) return false;
      } else if (want !== got[i]) {
        return false;
      }
    }
    return true;
  };
  var screen = data.unknown;
  for (var r = 0; r < data.routes.length; r += 1) {
    var route = data.routes[r];
    if (matches(route[0], route[1])) {
      screen = [route[2], route[3]];
      break;
    }
  }
  var modules = signedIn ? screen[1] : screen[0];
  var asked = [];
  for (var m = 0; m < modules.length; m += 1) {
    var files = data.modules[modules[m]];
    for (var f = 0; f < files.length; f += 1) {
      var file = data.files[files[f]];
      if (asked.indexOf(file) !== -1) continue;
      var link = win.document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = data.base + file;
      win.document.head.appendChild(link);
      asked.push(file);
    }
  }
  return asked;
}

// ---------------------------------------------------------------------------------------------
// Chunk groups (rolldown's output.codeSplitting.groups).

/**
 * Fewer, larger chunks on the entry routes. Left alone, rolldown puts every set of modules shared
 * by a different set of pages in its own small chunk: the sign-in page came in 12 files, and on
 * HTTP/1.1 (six connections per host) the last ones waited for a free connection. So:
 * - `initial`: everything the entry needs statically, in the entry chunk (rolldown keeps its small
 *   runtime in a chunk of its own, which index.html preloads);
 * The sign-in page itself is in the entry (src/app/routes.tsx).
 */
export function chunkGroups() {
  return [{ name: 'initial', tags: ['$initial'] }];
}

// ---------------------------------------------------------------------------------------------
// The build side.

function packageOf(moduleId) {
  const index = moduleId.lastIndexOf('/node_modules/');
  if (index === -1) return null;
  const parts = moduleId.slice(index + '/node_modules/'.length).split('/');
  return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
}

/**
 * The Vite plugin. `routesFile` and `shellModule` are absolute paths; `sessionKey` is the session's
 * localStorage key (src/session/session.ts).
 */
export function routeChunksPlugin({ routesFile, shellModule, sessionKey }) {
  let root = process.cwd();
  let base = '/';
  return {
    name: 'console-route-chunks',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (!html || html.type !== 'asset') return; // not the app's build (a library, a test)
      const screens = screensOf(readRouteTable(routesFile), shellModule);
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) throw new Error('route-chunks: the build has no entry chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (start) => {
        const seen = new Set();
        const stack = [start.fileName];
        while (stack.length > 0) {
          const file = stack.pop();
          if (seen.has(file)) continue;
          seen.add(file);
          const chunk = byFile.get(file);
          for (const css of chunk?.viteMetadata?.importedCss ?? []) seen.add(css);
          for (const imported of chunk?.imports ?? []) stack.push(imported);
        }
        return seen;
      };
      const entryFiles = closure(entry);
      const chunkOf = (moduleId) => {
        const chunk =
          chunks.find((c) => c.facadeModuleId === moduleId) ??
          chunks.find((c) => c.moduleIds.includes(moduleId));
        if (!chunk) throw new Error(`route-chunks: no chunk holds ${moduleId}`);
        return chunk;
      };
      const filesOf = (modules) => {
        const files = new Set();
        for (const moduleId of modules)
          for (const file of closure(chunkOf(moduleId))) if (!entryFiles.has(file)) files.add(file);
        return [...files].sort();
      };

      // The preload script's data: each file name once, each module's files once, routes as
      // lists of modules (the shell's files are not repeated for every signed-in route).
      const files = [];
      const modules = [];
      const moduleIndex = new Map();
      const fileIndex = (file) => {
        const at = files.indexOf(file);
        return at === -1 ? files.push(file) - 1 : at;
      };
      const indexOf = (moduleId) => {
        if (!moduleIndex.has(moduleId))
          moduleIndex.set(moduleId, modules.push(filesOf([moduleId]).map(fileIndex)) - 1);
        return moduleIndex.get(moduleId);
      };
      const lists = (screen) => [screen.signedOut.map(indexOf), screen.signedIn.map(indexOf)];
      const data = {
        base,
        sessionKey,
        files,
        modules,
        routes: screens.routes.map((screen) => [
          screen.path.split('/'),
          screen.uuidParams,
          ...lists(screen),
        ]),
        unknown: lists(screens.unknown),
      };
      const code =
        `// Route preloading (scripts/lib/route-chunks.mjs): the page's chunks next to the entry's.\n` +
        `(${routePreloadRuntime.toString()})(${JSON.stringify(data)}, window);\n`;
      const reference = this.emitFile({ type: 'asset', name: 'route-preload.js', source: code });
      const scriptFile = this.getFileName(reference);
      const tag = `<script async src="${base}${scriptFile}"></script>\n    `;
      const source = String(html.source);
      const at = source.indexOf('<script type="module"');
      if (at === -1) throw new Error('route-chunks: index.html has no module script');
      html.source = source.slice(0, at) + tag + source.slice(at);

      // The report for the budgets and the bench.
      const relative = (id) => (id.startsWith(root) ? path.relative(root, id) : id);
      const report = {
        entry: [...entryFiles].sort(),
        preloadScript: scriptFile,
        routes: screens.routes.map((screen) => ({
          path: screen.path,
          access: screen.access,
          layout: screen.layout,
          signedOut: filesOf(screen.signedOut),
          signedIn: filesOf(screen.signedIn),
        })),
        unknown: {
          signedOut: filesOf(screens.unknown.signedOut),
          signedIn: filesOf(screens.unknown.signedIn),
        },
        chunks: Object.fromEntries(
          chunks.map((chunk) => {
            const ids = chunk.moduleIds.filter((id) => !id.startsWith('\0'));
            const packages = [...new Set(ids.map(packageOf).filter(Boolean))].sort();
            const sources = ids
              .filter((id) => packageOf(id) === null)
              .map(relative)
              .sort();
            const virtual = chunk.moduleIds
              .filter((id) => id.startsWith('\0'))
              .map((id) => id.slice(1));
            return [
              chunk.fileName,
              { packages, sources, virtual, dynamicImports: chunk.dynamicImports },
            ];
          }),
        ),
      };
      this.emitFile({
        type: 'asset',
        fileName: REPORT_FILE,
        source: `${JSON.stringify(report, null, 2)}\n`,
      });
    },
  };
}
