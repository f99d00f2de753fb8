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

/** The limits the address rules check (readDeviceListAddress): data, so the preload script gets them too. */
export interface DeviceListAddressRules<C extends string = string, D extends string = string> {
  maxPage: number;
  maxPageSize: number;
  columns: readonly C[];
  directions: readonly D[];
  maxSearchLength: number;
}

export const DEVICE_LIST_ADDRESS_RULES: DeviceListAddressRules<DeviceSortColumn, SortDirection> = {
  maxPage: DEVICE_LIST_MAX_PAGE,
  maxPageSize: DEVICE_LIST_MAX_PAGE_SIZE,
  columns: DEVICE_SORT_COLUMNS,
  directions: SORT_DIRECTIONS,
  maxSearchLength: MAX_DEVICE_NAME_LENGTH,
};

/** What an address says: the values present and usable, and the parameters present but not. */
export interface DeviceListAddress<C extends string = string, D extends string = string> {
  page?: number;
  pageSize?: number;
  orderBy?: C;
  direction?: D;
  search?: string;
  openInviteModal?: boolean;
  /** Present but unusable, in the order above (each falls back to its default) */
  invalid: (keyof DeviceListQuery)[];
}

/**
 * The device list's address rules, written once: what the query of an address (`?page=2&…`) says,
 * for the app (parseDeviceListQuery) and for the route-preload script's early request, which runs
 * this function's own source before the app's code has arrived (scripts/lib/route-preload/runtime.ts).
 * So it stays self-contained: no imports, no names from outside it, nothing a bundler renames.
 */
export function readDeviceListAddress<C extends string, D extends string>(
  search: string,
  rules: DeviceListAddressRules<C, D>,
): DeviceListAddress<C, D> {
  const params = new URLSearchParams(search.charAt(0) === '?' ? search.slice(1) : search);
  const found: DeviceListAddress<C, D> = { invalid: [] };
  const read = <K extends keyof DeviceListQuery>(key: K, accept: (raw: string) => boolean) => {
    const raw = params.get(key);
    if (raw === null) return null;
    if (accept(raw)) return raw;
    found.invalid.push(key);
    return null;
  };
  const whole = (max: number) => (raw: string) =>
    /^\d{1,7}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= max;
  const page = read('page', whole(rules.maxPage));
  if (page !== null) found.page = Number(page);
  const pageSize = read('pageSize', whole(rules.maxPageSize));
  if (pageSize !== null) found.pageSize = Number(pageSize);
  const orderBy = read(
    'orderBy',
    (raw) => (rules.columns as readonly string[]).indexOf(raw) !== -1,
  );
  if (orderBy !== null) found.orderBy = orderBy as C;
  const direction = read(
    'direction',
    (raw) => (rules.directions as readonly string[]).indexOf(raw) !== -1,
  );
  if (direction !== null) found.direction = direction as D;
  const text = read('search', (raw) => raw.length <= rules.maxSearchLength);
  if (text !== null) found.search = text.trim();
  const invite = read('openInviteModal', (raw) => raw === 'true' || raw === 'false');
  if (invite !== null) found.openInviteModal = invite === 'true';
  return found;
}

/** Parse the query; every invalid or missing value falls back to its default. */
export function parseDeviceListQuery(
  search: string,
  defaults: { orderBy: DeviceSortColumn; direction: SortDirection },
): DeviceListQuery {
  const found = readDeviceListAddress(search, DEVICE_LIST_ADDRESS_RULES);
  return {
    page: found.page ?? DEVICE_LIST_DEFAULT_PAGE,
    pageSize: found.pageSize ?? DEVICE_LIST_DEFAULT_PAGE_SIZE,
    orderBy: found.orderBy ?? defaults.orderBy,
    direction: found.direction ?? defaults.direction,
    search: found.search ?? '',
    openInviteModal: found.openInviteModal ?? false,
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
 * The `columns` parameter of a shared view: column ids joined by commas (`columns=deviceName,status`).
 * null when absent; 'invalid' when present but unreadable (an unknown id, nothing, too many).
 */
export function parseColumnsParam(search: string): DeviceSortColumn[] | null | 'invalid' {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const raw = params.get('columns');
  if (raw === null) return null;
  const ids = raw.split(',').map((id) => id.trim());
  const known = new Set<string>(DEVICE_SORT_COLUMNS);
  if (ids.length === 0 || ids.length > DEVICE_SORT_COLUMNS.length) return 'invalid';
  if (!ids.every((id) => known.has(id))) return 'invalid';
  return [...new Set(ids as DeviceSortColumn[])];
}

export function serializeColumnsParam(columns: readonly DeviceSortColumn[]): string {
  return columns.join(',');
}

/** What a person calls each parameter, for the message about an address that could not be read. */
export const DEVICE_LIST_PARAM_LABELS = {
  page: 'page',
  pageSize: 'page size',
  orderBy: 'sort column',
  direction: 'sort direction',
  search: 'search',
  openInviteModal: 'invite',
  columns: 'columns',
} as const;

/** The parameters of the address that are present but unusable (each fell back to its default). */
export function invalidDeviceListParams(search: string): (keyof typeof DEVICE_LIST_PARAM_LABELS)[] {
  const invalid: (keyof typeof DEVICE_LIST_PARAM_LABELS)[] = [
    ...readDeviceListAddress(search, DEVICE_LIST_ADDRESS_RULES).invalid,
  ];
  if (parseColumnsParam(search) === 'invalid') invalid.push('columns');
  return invalid;
}

/** "The page size and columns in this address could not be used: the defaults are shown." */
export function invalidParamsMessage(
  keys: readonly (keyof typeof DEVICE_LIST_PARAM_LABELS)[],
): string | null {
  return unusableAddressPartsMessage(keys.map((key) => DEVICE_LIST_PARAM_LABELS[key]));
}

/**
 * The one wording for parts of an address a screen could not use (the device list's view, the
 * activity log's filters): "The kind and start date in this address could not be used, so the
 * defaults are shown."; null when every part could be used.
 */
export function unusableAddressPartsMessage(names: readonly string[]): string | null {
  if (names.length === 0) return null;
  const list =
    names.length === 1
      ? names[0]
      : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return `The ${list} in this address could not be used, so the ${
    names.length === 1 ? 'default is' : 'defaults are'
  } shown.`;
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
