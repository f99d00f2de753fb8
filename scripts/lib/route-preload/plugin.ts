// Which chunks each route needs for its first paint, read from the build's own chunk graph, and
// what the build does with that (the Vite plugin, build only):
// 1. `assets/route-preload-[hash].js` (runtime.ts), referenced from index.html before the entry
//    module: each route's chunks (and the signed-in shell's) preloaded next to the entry chunk. An
//    external file, not an inline script, so the Content-Security-Policy needs no hash or
//    'unsafe-inline' (`script-src 'self'` allows it).
// 2. dist/.vite/route-chunks.json (report.ts) for the budgets and the bench.
// The routes and what each shows signed in and out come from src/app/route-table.ts (the table and
// chooseScreen, the app's own decision): nothing here parses the app's source.
import fs from 'node:fs';
import path from 'node:path';
import { type Plugin, type Rolldown, minifySync } from 'vite';
import type { PageRef, RouteEntry, ScreenChoice } from '../../../src/app/route-table';
import { REQUEST_TIMEOUT_MS } from '../../../src/lib/constants';
import { REPORT_FILE, type RouteFiles, type RouteReport } from './report';
import { type PreloadApi, type PreloadData, preloadScript } from './runtime';

export interface RoutePreloadOptions {
  /** The route table, in matching order */
  routes: readonly RouteEntry[];
  /** What a route (null: none matched) shows, signed in or out */
  chooseScreen: (route: RouteEntry | null, signedIn: boolean) => ScreenChoice;
  /** The signed-in frame */
  shell: PageRef;
  /** The folder page modules are named relative to (src/) */
  srcDir: string;
  /** The session's localStorage key (src/session/session.ts) */
  sessionKey: string;
  /**
   * Signed in, the routes' first requests (RouteEntry.firstRequest) start in the preload script:
   * the API's base and rules, and the generated validator table (generated/response-validators.ts)
   * whose module for each first request is preloaded with the route's chunks.
   */
  api?: Omit<PreloadApi, 'timeoutMs'> & {
    validatorsFile: string;
    /** The GET paths the signed-in shell asks for on every screen: their validators are preloaded too. */
    shellRequests?: readonly string[];
  };
}

/**
 * The generated validator module of `GET path` (absolute, without extension), read from the
 * generated table: `"GET /device/{deviceId}": () => import('./validator-get-device')`.
 */
export function validatorModuleOf(validatorsFile: string, requestPath: string): string {
  const table = fs.readFileSync(validatorsFile, 'utf8');
  const key = JSON.stringify(`GET ${requestPath}`);
  const line = table.split('\n').find((text) => text.trimStart().startsWith(`${key}:`));
  const found = line ? /import\('(\.\/[\w.-]+)'\)/.exec(line) : null;
  if (!found) throw new Error(`route preload: no generated validator for GET ${requestPath}`);
  return path.join(path.dirname(validatorsFile), found[1]!);
}

/** Per route and for an unknown address, the pages of the first paint, signed out and in. */
export function screenModules({
  routes,
  chooseScreen,
  shell,
}: Pick<RoutePreloadOptions, 'routes' | 'chooseScreen' | 'shell'>): {
  routes: { route: RouteEntry; signedOut: PageRef[]; signedIn: PageRef[] }[];
  unknown: { signedOut: PageRef[]; signedIn: PageRef[] };
} {
  const pagesOf = (route: RouteEntry | null, signedIn: boolean, seen: string[] = []): PageRef[] => {
    const choice = chooseScreen(route, signedIn);
    if (choice.kind === 'page') return choice.shell ? [shell, choice.page] : [choice.page];
    // A redirect: what the address it leads to shows.
    if (seen.includes(choice.to)) throw new Error(`route preload: redirect loop at ${choice.to}`);
    const target = routes.find((other) => other.path === choice.to) ?? null;
    return pagesOf(target, signedIn, [...seen, choice.to]);
  };
  return {
    routes: routes.map((route) => ({
      route,
      signedOut: pagesOf(route, false),
      signedIn: pagesOf(route, true),
    })),
    unknown: { signedOut: pagesOf(null, false), signedIn: pagesOf(null, true) },
  };
}

function packageOf(moduleId: string): string | null {
  const index = moduleId.lastIndexOf('/node_modules/');
  if (index === -1) return null;
  const parts = moduleId.slice(index + '/node_modules/'.length).split('/');
  return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

const EXTENSIONS = ['.tsx', '.ts'];

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** The chunk graph of a build, read for one question: which files does a module need. */
class ChunkGraph {
  readonly chunks: OutputChunk[];
  readonly entry: OutputChunk;
  readonly entryFiles: Set<string>;
  private readonly byFile: Map<string, OutputChunk>;

  constructor(bundle: OutputBundle) {
    this.chunks = Object.values(bundle).filter(
      (item): item is OutputChunk => item.type === 'chunk',
    );
    const entry = this.chunks.find((chunk) => chunk.isEntry);
    if (!entry) throw new Error('route preload: the build has no entry chunk');
    this.entry = entry;
    this.byFile = new Map(this.chunks.map((chunk) => [chunk.fileName, chunk]));
    this.entryFiles = this.closure(entry);
  }

  /** A chunk and everything it imports statically (CSS too). */
  closure(start: OutputChunk): Set<string> {
    const seen = new Set<string>();
    const stack = [start.fileName];
    while (stack.length > 0) {
      const file = stack.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      const chunk = this.byFile.get(file);
      for (const css of chunk?.viteMetadata?.importedCss ?? []) seen.add(css);
      for (const imported of chunk?.imports ?? []) stack.push(imported);
    }
    return seen;
  }

  /** The chunk of a page: the one it is the facade of, else the one holding it (the entry). */
  chunkOf(ref: PageRef, srcDir: string): OutputChunk {
    const chunk = this.chunkOfModule(path.join(srcDir, ref.module), `src/${ref.module}`);
    // A page loaded by import(): the route table's export must be one of the chunk's.
    const facade = EXTENSIONS.some(
      (ext) => chunk.facadeModuleId === path.join(srcDir, `${ref.module}${ext}`),
    );
    if (facade && !chunk.isEntry && !chunk.exports.includes(ref.export)) {
      throw new Error(
        `route preload: src/${ref.module} exports no ${ref.export} (it exports ${chunk.exports.join(', ') || 'nothing'})`,
      );
    }
    return chunk;
  }

  /** The chunk a module (absolute path, without extension) is the facade of, or is held in. */
  chunkOfModule(modulePath: string, name = modulePath): OutputChunk {
    const candidates = EXTENSIONS.map((ext) => `${modulePath}${ext}`);
    const chunk =
      this.chunks.find((c) => c.facadeModuleId && candidates.includes(c.facadeModuleId)) ??
      this.chunks.find((c) => c.moduleIds.some((id) => candidates.includes(id)));
    if (!chunk) throw new Error(`route preload: no chunk holds ${name}`);
    return chunk;
  }

  /** The files the pages (and extra modules: absolute paths) need beyond the entry's, sorted. */
  filesOf(
    pages: readonly PageRef[],
    srcDir: string,
    extraModules: readonly string[] = [],
  ): string[] {
    const files = new Set<string>();
    const chunks = [
      ...pages.map((ref) => this.chunkOf(ref, srcDir)),
      ...extraModules.map((module) => this.chunkOfModule(module)),
    ];
    for (const chunk of chunks) {
      for (const file of this.closure(chunk)) {
        if (!this.entryFiles.has(file)) files.add(file);
      }
    }
    return [...files].sort();
  }
}

export function routePreloadPlugin(options: RoutePreloadOptions): Plugin {
  let root = process.cwd();
  let base = '/';
  // The app's client reads the same variable the same way (src/api/client.ts APP_CONTRACT_OPTIONS).
  let timeoutMs = REQUEST_TIMEOUT_MS;
  return {
    name: 'console-route-preload',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      base = config.base;
      timeoutMs = Number(config.env.VITE_REQUEST_TIMEOUT_MS) || REQUEST_TIMEOUT_MS;
    },
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (!html || html.type !== 'asset') return; // not the app's build (a library, a test)
      const { srcDir, sessionKey, api } = options;
      const graph = new ChunkGraph(bundle);
      // The stylesheets index.html links (without CSS code splitting, the build's one CSS file)
      // are part of every page's first paint, as the entry chunk is.
      for (const link of String(html.source).matchAll(/<link[^>]*rel="stylesheet"[^>]*>/g)) {
        const href = /href="([^"]+\.css)"/.exec(link[0])?.[1];
        if (href?.startsWith(base)) graph.entryFiles.add(href.slice(base.length));
      }
      const screens = screenModules(options);
      // Signed in, a route's first request and the shell's requests need their validators as soon
      // as the answers arrive: loaded with the route's chunks, not one after another after the data.
      const shellValidators = (api?.shellRequests ?? []).map((request) =>
        validatorModuleOf(api!.validatorsFile, request),
      );
      const showsShell = (pages: readonly PageRef[]) =>
        pages.some((ref) => ref.module === options.shell.module);
      const validatorsOf = (route: RouteEntry | null, signedIn: readonly PageRef[]): string[] => [
        ...(api && route?.firstRequest
          ? [validatorModuleOf(api.validatorsFile, route.firstRequest.path)]
          : []),
        ...(showsShell(signedIn) ? shellValidators : []),
      ];

      // The script's data: each file once, each page's files once, routes as lists of pages (the
      // shell's files are not repeated for every signed-in route).
      const files: string[] = [];
      const modules: number[][] = [];
      const fileIndex = (file: string) => {
        const at = files.indexOf(file);
        return at === -1 ? files.push(file) - 1 : at;
      };
      // A page (src/-relative) or an extra module (an absolute path), each listed once.
      const moduleIndex = new Map<string, number>();
      const listed = (key: string, filesOfIt: () => string[]) => {
        if (!moduleIndex.has(key))
          moduleIndex.set(key, modules.push(filesOfIt().map(fileIndex)) - 1);
        return moduleIndex.get(key)!;
      };
      const indexOf = (ref: PageRef) => listed(ref.module, () => graph.filesOf([ref], srcDir));
      const indexOfModule = (modulePath: string) =>
        listed(modulePath, () => graph.filesOf([], srcDir, [modulePath]));
      const lists = (
        screen: { signedOut: PageRef[]; signedIn: PageRef[] },
        extra: string[] = [],
      ) => ({
        signedOut: screen.signedOut.map(indexOf),
        signedIn: [...screen.signedIn.map(indexOf), ...extra.map(indexOfModule)],
      });
      const data: PreloadData = {
        base,
        sessionKey,
        files,
        modules,
        routes: screens.routes.map((screen) => ({
          segments: screen.route.path.split('/'),
          uuidParams: [...(screen.route.uuidParams ?? [])],
          ...lists(screen, validatorsOf(screen.route, screen.signedIn)),
          ...(api && screen.route.firstRequest ? { firstRequest: screen.route.firstRequest } : {}),
        })),
        unknown: lists(screens.unknown, validatorsOf(null, screens.unknown.signedIn)),
        ...(api
          ? {
              api: {
                base: api.base,
                handoff: api.handoff,
                timeoutMs,
                deviceList: api.deviceList,
              },
            }
          : {}),
      };
      const reference = this.emitFile({
        type: 'asset',
        name: 'route-preload.js',
        // Minified like every other chunk: the runtime's source comes from Function.toString(),
        // which keeps its comments when vite.config.ts loads through the module runner.
        source: minifySync(
          'route-preload.js',
          preloadScript(
            data,
            "Route preloading (scripts/lib/route-preload/): the page's chunks next to the entry's, and its first request.",
          ),
          { compress: true, mangle: true },
        ).code,
      });
      const scriptFile = this.getFileName(reference);
      const tag = `<script async src="${base}${scriptFile}"></script>\n    `;
      const source = String(html.source);
      const at = source.indexOf('<script type="module"');
      if (at === -1) throw new Error('route preload: index.html has no module script');
      html.source = source.slice(0, at) + tag + source.slice(at);

      // The report for the budgets and the bench.
      const relative = (id: string) => (id.startsWith(root) ? path.relative(root, id) : id);
      const filesOf = (
        screen: { signedOut: PageRef[]; signedIn: PageRef[] },
        extra: string[] = [],
      ): RouteFiles => ({
        signedOut: graph.filesOf(screen.signedOut, srcDir),
        signedIn: graph.filesOf(screen.signedIn, srcDir, extra),
      });
      const report: RouteReport = {
        entry: [...graph.entryFiles].sort(),
        preloadScript: scriptFile,
        routes: screens.routes.map((screen) => ({
          path: screen.route.path,
          access: screen.route.access,
          layout: screen.route.layout,
          ...filesOf(screen, validatorsOf(screen.route, screen.signedIn)),
        })),
        unknown: filesOf(screens.unknown, validatorsOf(null, screens.unknown.signedIn)),
        chunks: Object.fromEntries(
          graph.chunks.map((chunk) => {
            const ids = chunk.moduleIds.filter((id) => !id.startsWith('\0'));
            const packages = [
              ...new Set(ids.map(packageOf).filter((name): name is string => name !== null)),
            ].sort();
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
