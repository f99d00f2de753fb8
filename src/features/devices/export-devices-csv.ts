import { client } from '../../api/client';
import { ApiError } from '../../api/error-catalogue';
import { CSV_EXPORT_PAGE_SIZE } from '../../lib/constants';
import type { DeviceSortColumn, SortDirection } from '../../lib/constants';
import { DEVICE_CSV_HEADER, deviceCsvLine } from '../../lib/csv';
import { downloadText } from '../../ui/download-text';
import { csvFileName, fetchAllPages } from './fetch-all-pages';
import type { ExportProgress, FetchDevicePage } from './fetch-all-pages';

export interface ExportRequest {
  teamId: string;
  orderBy: DeviceSortColumn;
  direction: SortDirection;
  search: string;
}

/** One page of 100 through the app's client (auth, timeout, hash check, error catalogue). */
export function devicePageFetcher(request: ExportRequest): FetchDevicePage {
  return async (page, signal) => {
    const { data } = await client.GET('/team/{teamId}/devices', {
      params: {
        path: { teamId: request.teamId },
        query: {
          page,
          pageSize: CSV_EXPORT_PAGE_SIZE,
          orderBy: request.orderBy,
          direction: request.direction,
          ...(request.search ? { search: request.search } : {}),
        },
      },
      signal,
    });
    // Checked against the contract on arrival: a success always has the page's devices list.
    if (!data) {
      throw new ApiError({
        kind: 'transport',
        operation: '/team/{teamId}/devices',
        cause: new Error('no device list'),
      });
    }
    return { devices: data.devices, pageCount: data.pageCount, total: data.total };
  };
}

/**
 * The whole export: every page, the CSV, the download. Returns the number of devices written.
 * Each page becomes CSV records as it arrives (fetchAllPages), so the records are the one copy of
 * the data held; they go to the Blob as parts, never joined into one more string.
 */
export async function exportDevicesCsv(
  request: ExportRequest & { teamName: string },
  options: { signal: AbortSignal; onProgress?: (progress: ExportProgress) => void },
): Promise<number> {
  const lines = await fetchAllPages(devicePageFetcher(request), {
    ...options,
    pageSize: CSV_EXPORT_PAGE_SIZE,
    map: deviceCsvLine,
  });
  options.signal.throwIfAborted();
  downloadText([DEVICE_CSV_HEADER, ...lines], csvFileName(request.teamName));
  return lines.length;
}
