import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv } from 'vite';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { PREFER_RULES_ENV, applyPreferRules } from './scripts/lib/prefer-rules';
import { qaScenariosPlugin } from './scripts/lib/qa-catalogue';
import { routePreloadPlugin } from './scripts/lib/route-preload/plugin';
import {
  ASSET_CACHE_CONTROL,
  ASSET_PREFIX,
  DOCUMENT_CACHE_CONTROL,
  securityHeaders,
} from './scripts/lib/security-headers';
import { ROUTE_TABLE, SHELL, SHELL_REQUESTS, chooseScreen } from './src/app/route-table';
import {
  API_BASE_URL,
  DEVICE_LIST_DEFAULT_PAGE,
  DEVICE_LIST_DEFAULT_PAGE_SIZE,
  ROUTE_PREFETCH_HANDOFF,
} from './src/lib/constants';
import { DEVICE_LIST_ADDRESS_RULES } from './src/lib/device-list-query';
import { DEFAULT_SESSION, SESSION_STORAGE_KEY } from './src/session/session';

const source = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/**
 * /api/v1 is proxied to the Prism mock on MOCK_PORT (default 4010), or any backend via MOCK_URL
 * (npm start: the contract proxy in front of the sandbox): same origin, so the openapi-hash header
 * is readable (a cross-origin Prism answer hides it from credentialed requests). With SANDBOX_URL
 * (npm start sets it), /__sandbox goes straight to the sandbox: the QA panel's controls, outside
 * the contract. The dev server listens on DEV_PORT (default 5173).
 */
const target = process.env.MOCK_URL ?? `http://127.0.0.1:${process.env.MOCK_PORT || 4010}`;
const devPort = Number(process.env.DEV_PORT || 5173);
const sandbox = process.env.SANDBOX_URL;
const proxy = {
  '/api/v1': {
    target,
    changeOrigin: true,
    rewrite: (path: string) => path.replace(/^\/api\/v1/, ''),
    // The browser tests' per-operation Prism answers (playwright.config.ts sets the variable).
    ...(process.env[PREFER_RULES_ENV] ? { configure: applyPreferRules } : {}),
  },
  ...(sandbox ? { '/__sandbox': { target: sandbox, changeOrigin: true } } : {}),
};

/** Keeps `value` for `name` whatever a later middleware passes to writeHead. */
function pinHeader(res: ServerResponse, name: string, value: string) {
  res.setHeader(name, value);
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  (res as unknown as { writeHead: (...args: unknown[]) => ServerResponse }).writeHead = (
    ...args: unknown[]
  ) => {
    const headers = args.find(
      (arg, index) => index > 0 && typeof arg === 'object' && arg !== null,
    ) as Record<string, unknown> | undefined;
    if (headers) {
      for (const key of Object.keys(headers)) {
        if (key.toLowerCase() === name.toLowerCase()) delete headers[key];
      }
    }
    res.setHeader(name, value);
    return writeHead(...args);
  };
}

/**
 * The production response headers (scripts/lib/security-headers.ts, written once) on every answer
 * of `vite preview`, so every e2e test runs under them; immutable caching for hashed assets, a real
 * 404 for a missing one (never index.html: after a deploy, a stale chunk must fail to load, and the
 * app reloads once), and the app for a path with a malformed escape instead of an empty page.
 */
function productionHeaders(env: Record<string, string>): Plugin {
  const headers = securityHeaders(env);
  return {
    name: 'console-production-headers',
    configurePreviewServer(server) {
      const dist = path.resolve(server.config.root, server.config.build.outDir);
      server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
        const pathname = (req.url ?? '/').split(/[?#]/)[0] ?? '/';
        for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
        if (pathname.startsWith('/api/')) return next();
        let decoded: string | null;
        try {
          decoded = decodeURIComponent(pathname);
        } catch {
          decoded = null;
        }
        if (pathname.startsWith(ASSET_PREFIX)) {
          const file = decoded === null ? null : path.join(dist, path.normalize(decoded));
          if (!file || !file.startsWith(dist) || !fs.existsSync(file)) {
            res.statusCode = 404;
            res.setHeader('Content-Type', 'text/plain; charset=utf-8');
            res.setHeader('Cache-Control', 'no-store');
            res.end('Not found');
            return;
          }
          pinHeader(res, 'Cache-Control', ASSET_CACHE_CONTROL);
          return next();
        }
        pinHeader(res, 'Cache-Control', DOCUMENT_CACHE_CONTROL);
        if (decoded === null && (req.method === 'GET' || req.method === 'HEAD')) {
          res.statusCode = 200;
          res.setHeader('Content-Type', 'text/html; charset=utf-8');
          res.end(fs.readFileSync(path.join(dist, 'index.html')));
          return;
        }
        next();
      });
    },
  };
}

export default defineConfig(({ mode }) => ({
  plugins: [
    react(),
    // virtual:qa-scenarios, the QA panel's catalogue (only the dev server and QA builds import it).
    qaScenariosPlugin(),
    productionHeaders(loadEnv(mode, process.cwd(), 'VITE_')),
    // Each route's chunks preloaded next to the entry chunk, signed in its first request started
    // (adopted by src/api/route-prefetch.ts), and dist/.vite/route-chunks.json for the budgets
    // (npm test) and the bench: from the route table itself (src/app/route-table.ts).
    routePreloadPlugin({
      routes: ROUTE_TABLE,
      chooseScreen,
      shell: SHELL,
      srcDir: source('./src'),
      sessionKey: SESSION_STORAGE_KEY,
      api: {
        base: API_BASE_URL,
        handoff: ROUTE_PREFETCH_HANDOFF,
        validatorsFile: source('./generated/response-validators.ts'),
        shellRequests: SHELL_REQUESTS,
        deviceList: {
          ...DEVICE_LIST_ADDRESS_RULES,
          defaultPage: DEVICE_LIST_DEFAULT_PAGE,
          defaultPageSize: DEVICE_LIST_DEFAULT_PAGE_SIZE,
          defaultOrderBy: DEFAULT_SESSION.deviceOrderBy,
          defaultDirection: DEFAULT_SESSION.deviceOrderDirection,
        },
      },
    }),
  ],
  // The sandbox's worlds (.sandbox/) change with every request against it: nothing to watch.
  server: { port: devPort, strictPort: true, proxy, watch: { ignored: ['**/.sandbox/**'] } },
  preview: { port: 4173, strictPort: true, proxy },
  build: {
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    // The console's own styles (CSS modules: the shell, the page header, the device rows) are one
    // small stylesheet that index.html links: it downloads beside the entry chunk and is there
    // before the first render, with no stylesheet to wait for when a page's chunk loads.
    cssCodeSplit: false,
    // Every browser the build targets preloads modules itself (an old one merely skips the hint).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Everything the entry needs statically in the entry chunk (rolldown keeps its small
        // runtime in a chunk of its own, which index.html preloads). Left alone, rolldown puts every
        // set of modules shared by a different set of pages in its own small chunk: the sign-in
        // page came in 12 files, and on HTTP/1.1 (six connections per host) the last ones waited
        // for a free connection.
        codeSplitting: {
          groups: [{ name: 'initial', tags: ['$initial'] }],
        },
      },
    },
  },
}));
