// dist/.vite/route-chunks.json: per route, signed in and out, the files of its first paint beyond
// the entry's, and the packages and source files inside each file. Written by the build
// (plugin.ts); read by the budgets (scripts/check-budgets.ts) and the bench.
import fs from 'node:fs';
import path from 'node:path';

export const REPORT_FILE = '.vite/route-chunks.json';

export interface RouteFiles {
  signedOut: string[];
  signedIn: string[];
}

export interface RouteReport {
  /** The entry chunk and its static imports (CSS too) */
  entry: string[];
  /** The route-preload script */
  preloadScript: string;
  routes: ({ path: string; access: string; layout: string } & RouteFiles)[];
  /** An address no route matches */
  unknown: RouteFiles;
  chunks: Record<
    string,
    { packages: string[]; sources: string[]; virtual: string[]; dynamicImports: string[] }
  >;
}

/** The report of the build in `dist`. */
export function readRouteReport(dist: string): RouteReport {
  return JSON.parse(fs.readFileSync(path.join(dist, REPORT_FILE), 'utf8')) as RouteReport;
}
