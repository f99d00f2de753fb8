import Box from '@mui/material/Box';
import { devicePath } from '../../lib/paths';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import Link from '@mui/material/Link';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'wouter';
import type { DeviceSortColumn, SortDirection } from '../../lib/constants';
import type { DeviceSummary } from '../../lib/csv';
import { StatusBadge } from '../../ui/status-badge';
import { COLUMN_LABELS, COLUMN_ORDER } from './device-columns';
import { LastCheckCell, OwnerCell } from './device-table';
import type { RowSelection } from './use-device-selection';

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
      <Box
        component="ul"
        aria-label="Devices"
        aria-busy={busy || undefined}
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          mt: 2,
          opacity: busy ? 0.6 : 1,
          transition: 'opacity 150ms',
        }}
      >
        {devices.map((device) => (
          <Box
            component="li"
            key={device.id}
            data-testid="device-row"
            sx={{ py: 1.5, borderTop: 1, borderColor: 'divider', minWidth: 0 }}
          >
            <Stack
              direction="row"
              spacing={1}
              sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}
            >
              {selection ? (
                <Checkbox
                  checked={selection.isSelected(device.id)}
                  onChange={() => selection.toggle(device)}
                  slotProps={{ input: { 'aria-label': `Select ${device.deviceName}` } }}
                  sx={{ p: 0.5, mt: -0.5, ml: -0.5 }}
                />
              ) : null}
              <Link
                component={RouterLink}
                href={devicePath(device.id)}
                sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 0, flexGrow: 1 }}
              >
                {device.deviceName}
              </Link>
              <Box sx={{ flexShrink: 0 }}>
                <StatusBadge status={device.status} />
              </Box>
            </Stack>
            <Box
              component="dl"
              sx={{
                m: 0,
                mt: 0.75,
                display: 'grid',
                gridTemplateColumns: 'auto 1fr',
                columnGap: 1.5,
                rowGap: 0.25,
                fontSize: '0.875rem',
                '& dt': { color: 'text.secondary' },
                '& dd': { m: 0, minWidth: 0 },
              }}
            >
              <dt>Last check</dt>
              <dd data-field="lastCheck">
                <LastCheckCell device={device} quietAfterDays={quietAfterDays} />
              </dd>
              <dt>Failed required</dt>
              <dd data-field="failedRequiredCount">
                <Typography
                  component="span"
                  variant="body2"
                  color={device.failedRequiredCount > 0 ? 'error' : 'text.primary'}
                  sx={{ fontWeight: device.failedRequiredCount > 0 ? 600 : 400 }}
                >
                  {device.failedRequiredCount}
                </Typography>
              </dd>
              <dt>Owner</dt>
              <dd data-field="ownerEmail">
                <OwnerCell email={device.ownerEmail} />
              </dd>
            </Box>
          </Box>
        ))}
      </Box>
    </>
  );
}
