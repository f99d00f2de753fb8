import * as v from 'valibot';
import {
  DEVICE_LIST_DEFAULT_PAGE,
  DEVICE_LIST_DEFAULT_PAGE_SIZE,
  DEVICE_SORT_COLUMNS,
  MAX_DEVICE_NAME_LENGTH,
  SORT_DIRECTIONS,
} from './constants';
import type { DeviceSortColumn, SortDirection } from './constants';

/** All device-list state lives in the URL: /devices/{teamId}?page&pageSize&orderBy&direction&search&openInviteModal */
export interface DeviceListQuery {
  page: number;
  pageSize: number;
  orderBy: DeviceSortColumn;
  direction: SortDirection;
  search: string;
  openInviteModal: boolean;
}

export const DEVICE_LIST_MAX_PAGE = 1_000_000;
export const DEVICE_LIST_MAX_PAGE_SIZE = 100;

const intInRange = (min: number, max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d{1,7}$/),
    v.transform(Number),
    v.integer(),
    v.minValue(min),
    v.maxValue(max),
  );

const fields = {
  page: intInRange(1, DEVICE_LIST_MAX_PAGE),
  pageSize: intInRange(1, DEVICE_LIST_MAX_PAGE_SIZE),
  orderBy: v.picklist(DEVICE_SORT_COLUMNS),
  direction: v.picklist(SORT_DIRECTIONS),
  search: v.pipe(v.string(), v.maxLength(MAX_DEVICE_NAME_LENGTH)),
  openInviteModal: v.pipe(
    v.picklist(['true', 'false']),
    v.transform((s) => s === 'true'),
  ),
};

/** Parse the query; every invalid or missing value falls back to its default. */
export function parseDeviceListQuery(
  search: string,
  defaults: { orderBy: DeviceSortColumn; direction: SortDirection },
): DeviceListQuery {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const pick = <K extends keyof typeof fields>(
    key: K,
    fallback: DeviceListQuery[K],
  ): DeviceListQuery[K] => {
    const raw = params.get(key);
    if (raw === null) return fallback;
    const result = v.safeParse(fields[key], raw);
    return result.success ? (result.output as DeviceListQuery[K]) : fallback;
  };
  return {
    page: pick('page', DEVICE_LIST_DEFAULT_PAGE),
    pageSize: pick('pageSize', DEVICE_LIST_DEFAULT_PAGE_SIZE),
    orderBy: pick('orderBy', defaults.orderBy),
    direction: pick('direction', defaults.direction),
    search: pick('search', '').trim(),
    openInviteModal: pick('openInviteModal', false),
  };
}

/** The query string for a view; defaults are left out so links stay short. */
export function serializeDeviceListQuery(
  query: DeviceListQuery,
  defaults: { orderBy: DeviceSortColumn; direction: SortDirection },
): string {
  const params = new URLSearchParams();
  if (query.page !== DEVICE_LIST_DEFAULT_PAGE) params.set('page', String(query.page));
  if (query.pageSize !== DEVICE_LIST_DEFAULT_PAGE_SIZE)
    params.set('pageSize', String(query.pageSize));
  if (query.orderBy !== defaults.orderBy || query.direction !== defaults.direction) {
    params.set('orderBy', query.orderBy);
    params.set('direction', query.direction);
  }
  if (query.search) params.set('search', query.search);
  if (query.openInviteModal) params.set('openInviteModal', 'true');
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Same column toggles asc/desc; a new column starts at asc. */
export function nextSort(
  current: { orderBy: DeviceSortColumn; direction: SortDirection },
  column: DeviceSortColumn,
): { orderBy: DeviceSortColumn; direction: SortDirection } {
  if (current.orderBy === column) {
    return { orderBy: column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  }
  return { orderBy: column, direction: 'asc' };
}

/** "Showing X to Y of Z entries". */
export function showingRange(
  page: number,
  pageSize: number,
  total: number,
): { from: number; to: number; total: number } {
  const start = (page - 1) * pageSize;
  if (total <= 0 || pageSize <= 0 || start >= total)
    return { from: 0, to: 0, total: Math.max(0, total) };
  return { from: start + 1, to: Math.min(start + pageSize, total), total };
}

export function showingText(page: number, pageSize: number, total: number): string {
  const r = showingRange(page, pageSize, total);
  return `Showing ${r.from} to ${r.to} of ${r.total} entries`;
}

/**
 * The device list request's parameters for a view, in the order the address documents them: the
 * list page's query and the route-preload script's early request (src/app/first-request.ts) name the
 * same request, so the app can adopt the early answer.
 */
export function deviceListRequest(teamId: string, query: DeviceListQuery) {
  return {
    params: {
      path: { teamId },
      query: {
        page: query.page,
        pageSize: query.pageSize,
        orderBy: query.orderBy,
        direction: query.direction,
        ...(query.search ? { search: query.search } : {}),
      },
    },
  };
}
