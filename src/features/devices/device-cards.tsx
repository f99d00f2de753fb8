import { devicePath } from '../../lib/paths';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'wouter';
import type { DeviceSortColumn, SortDirection } from '../../lib/constants';
import type { DeviceSummary } from '../../lib/csv';
import { COLUMN_LABELS, COLUMN_ORDER } from './device-columns';
import { LastCheckCell, OwnerCell, StatusCell } from './device-table';
import type { RowSelection } from './use-device-selection';
import styles from './device-table.module.css';

/** Phones: the sort the table headers give on a laptop, as a select and a direction toggle. */
function SortControls({
  orderBy,
  direction,
  onSort,
}: {
  orderBy: DeviceSortColumn;
  direction: SortDirection;
  onSort(column: DeviceSortColumn): void;
}) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 2 }}>
      {/* A native select (the phone's own picker): no MUI menu, popover or modal in the list's
          first paint. */}
      <FormControl size="small" sx={{ flexGrow: 1 }}>
        <InputLabel htmlFor="device-sort-select" shrink>
          Sort by
        </InputLabel>
        <NativeSelect
          id="device-sort-select"
          value={orderBy}
          input={<OutlinedInput label="Sort by" notched />}
          onChange={(event) => {
            const column = event.target.value as DeviceSortColumn;
            if (column !== orderBy) onSort(column);
          }}
        >
          {COLUMN_ORDER.map((id) => (
            <option key={id} value={id}>
              {COLUMN_LABELS[id]}
            </option>
          ))}
        </NativeSelect>
      </FormControl>
      <Button
        variant="outlined"
        onClick={() => onSort(orderBy)}
        aria-label={`Sort direction: ${direction === 'asc' ? 'ascending' : 'descending'}. Reverse it`}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {direction === 'asc' ? 'Ascending ↑' : 'Descending ↓'}
      </Button>
    </Stack>
  );
}

/**
 * Below the `md` breakpoint: one card per device with what matters at a glance (name, status,
 * failed required, last check, owner); sorting, search and paging stay the same.
 */
export function DeviceCards(props: {
  devices: readonly DeviceSummary[];
  orderBy: DeviceSortColumn;
  direction: SortDirection;
  onSort(column: DeviceSortColumn): void;
  busy?: boolean;
  quietAfterDays?: number | undefined;
  /** A checkbox on each card and one for the page (bulk actions); none without. */
  selection?: RowSelection;
}) {
  const { devices, orderBy, direction, onSort, busy, quietAfterDays, selection } = props;
  return (
    <>
      <SortControls orderBy={orderBy} direction={direction} onSort={onSort} />
      {selection ? (
        <FormControlLabel
          sx={{ mt: 1 }}
          control={
            <Checkbox
              checked={selection.page === 'all'}
              indeterminate={selection.page === 'some'}
              onChange={selection.togglePage}
            />
          }
          label="Select this page"
        />
      ) : null}
      {/* The cards: plain elements with static classes (device-table.module.css). */}
      <ul className={styles.cards} aria-label="Devices" aria-busy={busy || undefined}>
        {devices.map((device) => (
          <li key={device.id} className={styles.card} data-testid="device-row">
            <div className={styles.cardHead}>
              {selection ? (
                <Checkbox
                  checked={selection.isSelected(device.id)}
                  onChange={() => selection.toggle(device)}
                  slotProps={{ input: { 'aria-label': `Select ${device.deviceName}` } }}
                  sx={CARD_CHECKBOX_SX}
                />
              ) : null}
              <RouterLink
                href={devicePath(device.id)}
                className={`${styles.link} ${styles.cardLink}`}
              >
                {device.deviceName}
              </RouterLink>
              <span className={styles.cardStatus}>
                <StatusCell device={device} />
              </span>
            </div>
            <dl className={styles.fields}>
              <dt>Last check</dt>
              <dd data-field="lastCheck">
                <LastCheckCell device={device} quietAfterDays={quietAfterDays} />
              </dd>
              <dt>Failed required</dt>
              <dd data-field="failedRequiredCount">
                <span
                  className={
                    device.failedRequiredCount > 0
                      ? `${styles.count} ${styles.failed}`
                      : styles.count
                  }
                >
                  {device.failedRequiredCount}
                </span>
              </dd>
              <dt>Owner</dt>
              <dd data-field="ownerEmail">
                <OwnerCell email={device.ownerEmail} />
              </dd>
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The card's checkbox beside the name (one object for all cards). */
const CARD_CHECKBOX_SX = { p: 0.5 } as const;
