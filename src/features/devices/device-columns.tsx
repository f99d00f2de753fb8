import { DEVICE_SORT_COLUMNS } from '../../lib/constants';
import type { DeviceSortColumn } from '../../lib/constants';
import { updateSession, useSession } from '../../session/session';

/** Every SPEC sort column with its header, in reading order (the table's column order). */
export const COLUMN_LABELS: Record<DeviceSortColumn, string> = {
  deviceName: 'Name',
  status: 'Status',
  failedRequiredCount: 'Failed required',
  lastCheck: 'Last check',
  ownerEmail: 'Owner',
  platform: 'Platform',
  osVersion: 'OS version',
  failedCount: 'Failed',
  passedCount: 'Passed',
  disabledCount: 'Disabled',
  modelName: 'Model',
  version: 'App version',
  created: 'Created',
};
export const COLUMN_ORDER = Object.keys(COLUMN_LABELS) as DeviceSortColumn[];

/** What fits a 1280 px laptop without sideways scrolling; the picker adds the rest. */
const DEFAULT_DEVICE_COLUMNS: readonly DeviceSortColumn[] = [
  'deviceName',
  'status',
  'failedRequiredCount',
  'lastCheck',
  'ownerEmail',
  'osVersion',
];

/** The name identifies the row: it is always shown. */
export const ALWAYS_SHOWN: DeviceSortColumn = 'deviceName';

/**
 * The chosen columns, in the table's order. Stored in the session (`deviceColumns`): the choice
 * survives reloads, and a list opened from a link shows the reader's own columns.
 */
export function useDeviceColumns(): {
  columns: DeviceSortColumn[];
  isDefault: boolean;
  setColumns(next: readonly DeviceSortColumn[] | null): void;
} {
  const stored = useSession().deviceColumns;
  const chosen = new Set<DeviceSortColumn>(stored ?? DEFAULT_DEVICE_COLUMNS);
  chosen.add(ALWAYS_SHOWN);
  return {
    columns: COLUMN_ORDER.filter((id) => chosen.has(id)),
    isDefault: stored === null,
    setColumns: (next) =>
      updateSession({
        deviceColumns: next === null ? null : DEVICE_SORT_COLUMNS.filter((c) => next.includes(c)),
      }),
  };
}
