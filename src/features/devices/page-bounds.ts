/**
 * Bounded work: the server's word about sizes is checked against what was asked.
 * - A list page never shows more rows than the page size requested (a page of 10,000 devices
 *   froze the browser for 20 s).
 * - The export asks for at most ceil(total / pageSize) pages, whatever `pageCount` claims.
 */
export function capDevicePage<T extends { devices: readonly unknown[] }>(
  data: T,
  pageSize: number,
): T {
  const limit = Math.max(0, Math.floor(pageSize));
  return data.devices.length > limit ? { ...data, devices: data.devices.slice(0, limit) } : data;
}

/** Pages the export fetches: from the reported total and the page size asked for (at least 1). */
export function exportPageCount(total: number, pageSize: number): number {
  if (!Number.isFinite(total) || total <= 0 || pageSize <= 0) return 1;
  return Math.max(1, Math.ceil(total / pageSize));
}
