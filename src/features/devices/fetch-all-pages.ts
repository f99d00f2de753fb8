import type { DeviceSummary } from '../../lib/csv';

/** How many pages are fetched at the same time once the page count is known. */
export const EXPORT_CONCURRENCY = 4;

export interface ExportProgress {
  /** Pages loaded so far. */
  loaded: number;
  /** Pages to load (known after the first page). */
  total: number;
}

export interface DevicePage {
  devices: DeviceSummary[];
  pageCount: number;
}

export type FetchDevicePage = (page: number, signal: AbortSignal) => Promise<DevicePage>;

/**
 * Page 1 first (it tells the page count), then pages 2..N concurrently, at most `concurrency`
 * at a time, kept in page order. The first failure stops the rest; aborting `signal` cancels all.
 */
export async function fetchAllDevices(
  fetchPage: FetchDevicePage,
  options: {
    signal: AbortSignal;
    onProgress?: (progress: ExportProgress) => void;
    concurrency?: number;
  },
): Promise<DeviceSummary[]> {
  const { signal, onProgress, concurrency = EXPORT_CONCURRENCY } = options;
  signal.throwIfAborted();
  const first = await fetchPage(1, signal);
  const total = Math.max(1, first.pageCount);
  let loaded = 1;
  onProgress?.({ loaded, total });
  if (total === 1) return first.devices;

  // One failure stops the other workers and their requests; the caller's abort does too.
  const stop = new AbortController();
  const inner = AbortSignal.any([signal, stop.signal]);
  const pages: DeviceSummary[][] = new Array<DeviceSummary[]>(total);
  pages[0] = first.devices;
  let next = 2;
  const worker = async () => {
    while (next <= total) {
      inner.throwIfAborted();
      const page = next;
      next += 1;
      const result = await fetchPage(page, inner);
      pages[page - 1] = result.devices;
      loaded += 1;
      onProgress?.({ loaded, total });
    }
  };
  let failure: { error: unknown } | null = null;
  const workers = Array.from({ length: Math.min(concurrency, total - 1) }, () =>
    worker().catch((error: unknown) => {
      // The first failure is the one to report; the others are its cancelled siblings.
      if (!failure) failure = { error };
      stop.abort(error);
    }),
  );
  await Promise.all(workers);
  // The caller's cancellation wins over whatever the aborted requests threw.
  signal.throwIfAborted();
  if (failure) throw (failure as { error: unknown }).error;
  return pages.flat();
}

/** `devices-{team name}-{yyyy-mm-dd}.csv` with the local date; the name is made safe for file systems. */
export function csvFileName(teamName: string, date: Date = new Date()): string {
  const safe =
    teamName
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, '-')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 100) || 'team';
  const yyyy = String(date.getFullYear()).padStart(4, '0');
  const mm = String(date.getMonth() + 1).padStart(2, '0');
  const dd = String(date.getDate()).padStart(2, '0');
  return `devices-${safe}-${yyyy}-${mm}-${dd}.csv`;
}
