// Transfer sizes as the budgets and the bench count them: gzip level 9 of each file, summed.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { RouteReport } from './route-preload/report';

export const gzipBytes = (bytes: Buffer): number => gzipSync(bytes, { level: 9 }).length;

/** { js, css, files } in gzip bytes for files relative to `dir`. */
export function gzipTotals(
  dir: string,
  files: readonly string[],
): { js: number; css: number; files: number } {
  let js = 0;
  let css = 0;
  for (const file of files) {
    const size = gzipBytes(fs.readFileSync(path.join(dir, file)));
    if (file.endsWith('.css')) css += size;
    else js += size;
  }
  return { js, css, files: files.length };
}

/**
 * What the first paint of `routePath` (a pattern of src/app/route-table.ts, e.g. /devices/:teamId)
 * loads, from the build's dist/.vite/route-chunks.json: the entry chunk and its imports, the
 * route-preload script, and the route's own chunks, signed in or out.
 */
export function routeFiles(report: RouteReport, routePath: string, signedIn: boolean): string[] {
  const route = report.routes.find((r) => r.path === routePath);
  if (!route) throw new Error(`no route ${routePath} in the build's route table`);
  return [...report.entry, report.preloadScript, ...(signedIn ? route.signedIn : route.signedOut)];
}

export const kB = (bytes: number): string => `${(bytes / 1024).toFixed(1)} kB`;
