import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { DeviceSortColumn } from '../../lib/constants';
import { CheckBoxBlankIcon, CheckBoxIcon } from '../../ui/icons';
import { ALWAYS_SHOWN, COLUMN_LABELS, COLUMN_ORDER, useDeviceColumns } from './device-columns';

/**
 * The "Columns" menu (device-columns.tsx holds its button): a checkbox item per column, plus a way
 * back to the default set. Its own chunk, loaded when the button is approached or pressed.
 */
export function ColumnMenu({
  anchor,
  onClose,
}: {
  anchor: HTMLElement | null;
  onClose: () => void;
}) {
  const { columns, isDefault, setColumns } = useDeviceColumns();
  const toggle = (id: DeviceSortColumn) =>
    setColumns(columns.includes(id) ? columns.filter((c) => c !== id) : [...columns, id]);
  return (
    <Menu
      id="device-columns-menu"
      anchorEl={anchor}
      open={!!anchor}
      onClose={onClose}
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
  );
}
