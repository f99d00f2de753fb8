// The bench's web server: the same static gzip server for the app and for the floor, so neither is
// measured through a dev tool's serving path. Plain HTTP/1.1 with keep-alive (so the browser's six
// connections per host apply, as with a typical static host), gzip -9 for text, immutable caching
// for /assets, the SPA fallback, and /api/v1 proxied to the Prism mock or answered by a handler of
// the bench (synthetic device lists of any size), after an adjustable added latency.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { sleep } from '../../scripts/lib/processes';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt']);

/** An API answer the bench makes itself. */
export interface ApiAnswer {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}
/** Answers an API request itself, or null to leave it to the API target. */
export type ApiHandler = (req: http.IncomingMessage, url: URL) => ApiAnswer | null;

export interface ServerState {
  /** Added before every /api/v1 answer, in ms. */
  latencyMs: number;
  api: ApiHandler | null;
  /** API requests seen (for the bench's request counts). */
  apiRequests: number;
}

export interface StaticServer {
  url: string;
  state: ServerState;
  close(): Promise<void>;
}

interface CachedFile {
  body: Buffer;
  gzip: Buffer | null;
  type: string;
}

export async function startStaticServer({
  root,
  port,
  fallback = () => 'index.html',
  apiTarget,
}: {
  /** The directory to serve */
  root: string;
  port: number;
  /** The HTML file (relative to root) for a path without a file; default index.html */
  fallback?: (pathname: string) => string;
  /** Origin of the API (/api/v1/x is proxied to {apiTarget}/x) */
  apiTarget?: string;
}): Promise<StaticServer> {
  const cache = new Map<string, CachedFile>();
  const state: ServerState = { latencyMs: 0, api: null, apiRequests: 0 };

  const readFile = (file: string): CachedFile => {
    let entry = cache.get(file);
    if (!entry) {
      const body = fs.readFileSync(file);
      const ext = path.extname(file);
      entry = {
        body,
        gzip: COMPRESSIBLE.has(ext) ? gzipSync(body, { level: 9 }) : null,
        type: TYPES[ext] ?? 'application/octet-stream',
      };
      cache.set(file, entry);
    }
    return entry;
  };

  const send = (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    status: number,
    entry: CachedFile,
    extra: Record<string, string> = {},
  ) => {
    const gzip = entry.gzip !== null && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    const body = gzip && entry.gzip ? entry.gzip : entry.body;
    res.writeHead(status, {
      'Content-Type': entry.type,
      'Content-Length': body.length,
      Vary: 'Accept-Encoding',
      ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
      ...extra,
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  };

  const proxy = (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => {
    const target = new URL(url.pathname.replace(/^\/api\/v1/, '') + url.search, apiTarget);
    const upstream = http.request(
      target,
      { method: req.method, headers: { ...req.headers, host: target.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  };

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname.startsWith('/api/v1/')) {
      state.apiRequests += 1;
      if (state.latencyMs > 0) await sleep(state.latencyMs);
      const answer = state.api?.(req, url);
      if (answer) {
        const body = Buffer.from(
          typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body),
        );
        send(
          req,
          res,
          answer.status ?? 200,
          { body, gzip: gzipSync(body, { level: 6 }), type: 'application/json' },
          { 'Cache-Control': 'no-store', ...(answer.headers ?? {}) },
        );
        return;
      }
      if (apiTarget) {
        proxy(req, res, url);
        return;
      }
      res.writeHead(404);
      res.end();
      return;
    }
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      pathname = '/';
    }
    const file = path.join(root, path.normalize(pathname));
    const inside = file.startsWith(root + path.sep);
    if (inside && fs.existsSync(file) && fs.statSync(file).isFile()) {
      const immutable = pathname.startsWith('/assets/');
      send(req, res, 200, readFile(file), {
        'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      });
      return;
    }
    if (pathname.startsWith('/assets/')) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('Not found');
      return;
    }
    send(req, res, 200, readFile(path.join(root, fallback(pathname))), {
      'Cache-Control': 'no-cache',
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
