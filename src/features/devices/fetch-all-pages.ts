import { datedCsvFileName } from '../../lib/csv';
import type { DeviceSummary } from '../../lib/csv';
import { exportPageCount } from './page-bounds';

/** How many pages are fetched at the same time once the page count is known. */
const EXPORT_CONCURRENCY = 4;

export interface ExportProgress {
  /** Pages loaded so far. */
  loaded: number;
  /** Pages to load (known after the first page). */
  total: number;
}

interface DevicePage {
  devices: DeviceSummary[];
  /** The server's page count: shown to nobody, trusted for nothing (see exportPageCount). */
  pageCount: number;
  /** The reported number of devices: the export stops there. */
  total: number;
}

export type FetchDevicePage = (page: number, signal: AbortSignal) => Promise<DevicePage>;

/**
 * Page 1 first (it tells the total), then pages 2..N concurrently, at most `concurrency` requests
 * in flight at any time, kept in page order. N = ceil(total / pageSize), never the server's
 * `pageCount` when it disagrees; a short page ends the export early; no page contributes more than
 * `pageSize` devices and the export never holds more than `total`. A device the server repeats
 * across pages (same id) is kept once, where it first appears in page order. The first failure
 * stops the rest; aborting `signal` cancels all.
 *
 * Each page is turned into `map(device)` as soon as it arrives and its raw devices are dropped, so
 * the caller's form (for the export, the CSV records) is the only copy of the data held.
 */
export async function fetchAllPages<T>(
  fetchPage: FetchDevicePage,
  options: {
    signal: AbortSignal;
    pageSize: number;
    map: (device: DeviceSummary) => T;
    onProgress?: (progress: ExportProgress) => void;
    concurrency?: number;
  },
): Promise<T[]> {
  const { signal, pageSize, map, onProgress } = options;
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? EXPORT_CONCURRENCY));
  signal.throwIfAborted();
  /** Per page: the ids and mapped items of its (at most pageSize) devices. */
  const pages: { ids: string[]; items: T[] }[] = [];
  const keep = (page: number, devices: readonly DeviceSummary[]) => {
    const kept = devices.slice(0, pageSize);
    pages[page - 1] = { ids: kept.map((d) => d.id), items: kept.map(map) };
  };

  const first = await fetchPage(1, signal);
  const total = Math.max(0, Math.floor(Number.isFinite(first.total) ? first.total : 0));
  let lastPage = exportPageCount(total, pageSize);
  keep(1, first.devices);
  let loaded = 1;
  onProgress?.({ loaded, total: lastPage });
  if (first.devices.length < pageSize) lastPage = 1;

  if (lastPage > 1) {
    // One failure stops the other workers and their requests; the caller's abort does too.
    const stop = new AbortController();
    const inner = AbortSignal.any([signal, stop.signal]);
    let next = 2;
    const worker = async () => {
      while (next <= lastPage) {
        inner.throwIfAborted();
        const page = next;
        next += 1;
        const result = await fetchPage(page, inner);
        if (page > lastPage) continue; // an earlier page turned out to be the last
        keep(page, result.devices);
        // A short page is the last one, whatever the total said.
        if (result.devices.length < pageSize) lastPage = Math.min(lastPage, page);
        loaded += 1;
        onProgress?.({ loaded: Math.min(loaded, lastPage), total: lastPage });
      }
    };
    let failure: { error: unknown } | null = null;
    const workers = Array.from({ length: Math.min(concurrency, lastPage - 1) }, () =>
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
  }

  // Page order, first occurrence of each id, at most `total` devices.
  const seen = new Set<string>();
  const out: T[] = [];
  for (let p = 0; p < lastPage && out.length < total; p += 1) {
    const page = pages[p];
    if (!page) continue;
    for (let i = 0; i < page.ids.length && out.length < total; i += 1) {
      const id = page.ids[i]!;
      if (seen.has(id)) continue;
      seen.add(id);
      out.push(page.items[i]!);
    }
    pages[p] = { ids: [], items: [] }; // release the page as soon as it is copied out
  }
  return out;
}

/** Every device of the list (see fetchAllPages), as the server sent them. */
export function fetchAllDevices(
  fetchPage: FetchDevicePage,
  options: {
    signal: AbortSignal;
    pageSize: number;
    onProgress?: (progress: ExportProgress) => void;
    concurrency?: number;
  },
): Promise<DeviceSummary[]> {
  return fetchAllPages(fetchPage, { ...options, map: (device) => device });
}

/** `devices-{team name}-{yyyy-mm-dd}.csv` with the local date (see datedCsvFileName). */
export function csvFileName(teamName: string, date: Date = new Date()): string {
  return datedCsvFileName('devices', teamName, date);
}
