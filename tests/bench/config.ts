// The bench's settings (environment variables) and what it measures against.
import { DIST_DIR } from '../../scripts/lib/paths';

export const DIST = DIST_DIR;
export const PRISM_PORT = Number(process.env.BENCH_PRISM_PORT ?? 4011);
export const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 4175);
export const FLOOR_PORT = Number(process.env.BENCH_FLOOR_PORT ?? 4176);
/** Runs per figure of the first-row comparison */
export const RUNS = Number(process.env.BENCH_RUNS ?? 5);
export const LH_RUNS = Number(process.env.BENCH_LH_RUNS ?? 3);
export const RENDER_RUNS = Number(process.env.BENCH_RENDER_RUNS ?? 3);
/** Device counts of the export and render measurements */
export const SIZES = (process.env.BENCH_SIZES ?? '100,1000,10000,50000').split(',').map(Number);
export const EXPORT_PAGE_SIZE = 100;
export const EXPORT_CONCURRENCY = 4;
/** The session's localStorage key (src/session/session.ts) */
export const SESSION_KEY = 'console.session';

/** The measurements, by the names BENCH_ONLY takes (comma separated; default all). */
export const PARTS = [
  'sizes',
  'lighthouse',
  'cls',
  'firstrow',
  'profile',
  'export',
  'render',
] as const;
export type Part = (typeof PARTS)[number];
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',')) : null;
export const runs = (part: Part): boolean => !ONLY || ONLY.has(part);
/** Whether any of `parts` runs (the browser and servers start only then). */
export const runsAny = (parts: readonly Part[]): boolean => parts.some(runs);
