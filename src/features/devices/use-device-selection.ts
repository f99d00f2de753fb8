import { useCallback, useMemo, useState } from 'react';
import type { DeviceSummary } from '../../lib/csv';

/** What the table and the cards need to show and change the selection. */
export interface RowSelection {
  isSelected(id: string): boolean;
  toggle(device: DeviceSummary): void;
  /** How much of the page on screen is selected. */
  page: 'none' | 'some' | 'all';
  /** Selects the whole page, or clears it when it is all selected. */
  togglePage(): void;
}

export interface DeviceSelection {
  /** The selected devices, in the order they were selected. */
  devices: DeviceSummary[];
  count: number;
  row: RowSelection;
  /** Replaces the selection (every device matching, or the ones a bulk action could not do). */
  replace(devices: readonly DeviceSummary[]): void;
  clear(): void;
}

/**
 * The device list's selection: kept across pages and sort, forgotten when `scope` (the team and
 * the search) changes. The devices themselves are kept (not only their ids), so a bulk action
 * can name them and send their requests whatever page is on screen.
 */
export function useDeviceSelection(
  scope: string,
  pageDevices: readonly DeviceSummary[],
): DeviceSelection {
  const [state, setState] = useState(() => ({ scope, map: new Map<string, DeviceSummary>() }));
  // A new team or search starts with nothing selected (reset during render, no extra pass).
  let current = state;
  if (state.scope !== scope) {
    current = { scope, map: new Map() };
    setState(current);
  }
  const { map } = current;
  const update = useCallback(
    (change: (map: Map<string, DeviceSummary>) => void) =>
      setState((old) => {
        const next = new Map(old.scope === scope ? old.map : []);
        change(next);
        return { scope, map: next };
      }),
    [scope],
  );
  const selectedOnPage = pageDevices.filter((device) => map.has(device.id)).length;
  const page =
    selectedOnPage === 0 ? 'none' : selectedOnPage === pageDevices.length ? 'all' : 'some';
  const row = useMemo<RowSelection>(
    () => ({
      isSelected: (id) => map.has(id),
      toggle: (device) =>
        update((next) => {
          if (next.has(device.id)) next.delete(device.id);
          else next.set(device.id, device);
        }),
      page,
      togglePage: () =>
        update((next) => {
          if (page === 'all') for (const device of pageDevices) next.delete(device.id);
          else for (const device of pageDevices) next.set(device.id, device);
        }),
    }),
    [map, page, pageDevices, update],
  );
  return {
    devices: [...map.values()],
    count: map.size,
    row,
    replace: (devices) =>
      update((next) => {
        next.clear();
        for (const device of devices) next.set(device.id, device);
      }),
    clear: () => update((next) => next.clear()),
  };
}
