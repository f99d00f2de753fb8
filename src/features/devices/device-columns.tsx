import { DEVICE_SORT_COLUMNS } from '../../lib/constants';
import type { DeviceSortColumn } from '../../lib/constants';
import { useSyncExternalStore } from 'react';
import { useCurrentUser } from '../../api/current-user';
import { chooseColumns, preferencesOf, useSession } from '../../session/session';

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
 * Columns for this visit only: a shared link's (saved-views.tsx), shown until the person keeps them,
 * changes the columns, or leaves the list. Never stored.
 */
let visitColumns: DeviceSortColumn[] | null = null;
const visitListeners = new Set<() => void>();
export function setVisitColumns(next: DeviceSortColumn[] | null): void {
  visitColumns = next;
  for (const listener of visitListeners) listener();
}
function subscribeVisitColumns(listener: () => void): () => void {
  visitListeners.add(listener);
  return () => visitListeners.delete(listener);
}
export function useVisitColumns(): DeviceSortColumn[] | null {
  return useSyncExternalStore(subscribeVisitColumns, () => visitColumns);
}

/**
 * The columns shown, in the table's order: this visit's (a shared link's) or else the signed-in
 * person's own choice, kept per person in the stored session: the choice survives reloads, and a
 * list opened from a link keeps the reader's own layout once they leave it.
 */
export function useDeviceColumns(): {
  columns: DeviceSortColumn[];
  isDefault: boolean;
  setColumns(next: readonly DeviceSortColumn[] | null): void;
} {
  const userId = useCurrentUser().data?.id;
  const own = preferencesOf(useSession(), userId).columns;
  const visit = useVisitColumns();
  const stored = visit ?? own;
  const chosen = new Set<DeviceSortColumn>(stored ?? DEFAULT_DEVICE_COLUMNS);
  chosen.add(ALWAYS_SHOWN);
  return {
    columns: COLUMN_ORDER.filter((id) => chosen.has(id)),
    isDefault: stored === null,
    setColumns: (next) => {
      setVisitColumns(null);
      if (userId)
        chooseColumns(
          userId,
          next === null ? null : DEVICE_SORT_COLUMNS.filter((c) => next.includes(c)),
        );
    },
  };
}
