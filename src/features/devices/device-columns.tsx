import { useState } from 'react';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { DEVICE_SORT_COLUMNS } from '../../lib/constants';
import type { DeviceSortColumn } from '../../lib/constants';
import { updateSession, useSession } from '../../session/session';
import { CheckBoxBlankIcon, CheckBoxIcon, ViewColumnIcon } from '../../ui/icons';

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
const ALWAYS_SHOWN: DeviceSortColumn = 'deviceName';

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

/** "Columns": a menu of checkboxes, one per column, plus a way back to the default set. */
export function ColumnPicker() {
  const { columns, isDefault, setColumns } = useDeviceColumns();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const toggle = (id: DeviceSortColumn) =>
    setColumns(columns.includes(id) ? columns.filter((c) => c !== id) : [...columns, id]);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<ViewColumnIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'device-columns-menu' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
      >
        Columns
      </Button>
      <Menu
        id="device-columns-menu"
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': 'Columns', dense: true } }}
      >
        {COLUMN_ORDER.map((id) => {
          const checked = columns.includes(id);
          const fixed = id === ALWAYS_SHOWN;
          return (
            <MenuItem
              key={id}
              role="menuitemcheckbox"
              aria-checked={checked}
              disabled={fixed}
              onClick={() => toggle(id)}
            >
              {/* A picture of a checkbox: the menu item itself is the control (menuitemcheckbox). */}
              <ListItemIcon>
                {checked ? (
                  <CheckBoxIcon fontSize="small" color="primary" />
                ) : (
                  <CheckBoxBlankIcon fontSize="small" />
                )}
              </ListItemIcon>
              <ListItemText primary={COLUMN_LABELS[id]} secondary={fixed ? 'Always shown' : null} />
            </MenuItem>
          );
        })}
        <Divider />
        <MenuItem disabled={isDefault} onClick={() => setColumns(null)}>
          Default columns
        </MenuItem>
      </Menu>
    </>
  );
}
