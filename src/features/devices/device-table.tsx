import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'wouter';
import type { Theme } from '@mui/material/styles';
import type { DeviceSortColumn, SortDirection } from '../../lib/constants';
import type { DeviceSummary } from '../../lib/csv';
import { devicePath } from '../../lib/paths';
import { isNotReporting } from '../../lib/not-reporting';
import { formatDate, formatRelative } from '../../lib/relative-time';
import { TruncatedText } from '../../ui/bidi-text';
import { PlatformLabel } from '../../ui/platform-label';
import { StatusBadge } from '../../ui/status-badge';
import { UserAvatar } from '../../ui/user-avatar';
import { COLUMN_LABELS } from './device-columns';
import type { RowSelection } from './use-device-selection';

function TimeCell({ iso, text }: { iso: string | null; text: string }) {
  return iso ? (
    <time dateTime={iso} title={iso}>
      {text}
    </time>
  ) : (
    <>{text}</>
  );
}

/** Last check, with a "Not reporting" mark when the team's threshold is known and passed. */
export function LastCheckCell({
  device,
  quietAfterDays,
}: {
  device: Pick<DeviceSummary, 'lastCheck' | 'created'>;
  quietAfterDays?: number | undefined;
}) {
  const iso = device.lastCheck;
  const quiet = quietAfterDays !== undefined && isNotReporting(device, { days: quietAfterDays });
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <TimeCell iso={iso} text={formatRelative(iso)} />
      {quiet ? (
        <Chip size="small" variant="outlined" color="warning" label="Not reporting" />
      ) : null}
    </Stack>
  );
}

export function OwnerCell({ email }: { email: string }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
      <UserAvatar email={email} size={24} />
      <TruncatedText text={email} maxWidth={240} />
    </Stack>
  );
}

interface Column {
  numeric?: boolean;
  /** Cell styles: widths that keep the default set inside a laptop screen. */
  sx?: object;
  render(device: DeviceSummary, context: { quietAfterDays?: number | undefined }): ReactNode;
}

const COLUMNS: Record<DeviceSortColumn, Column> = {
  deviceName: {
    sx: { minWidth: 150, maxWidth: 260, overflowWrap: 'anywhere' },
    render: (d) => (
      <Link component={RouterLink} href={devicePath(d.id)} sx={{ fontWeight: 500 }}>
        <TruncatedText text={d.deviceName} maxWidth={280} />
      </Link>
    ),
  },
  status: { render: (d) => <StatusBadge status={d.status} /> },
  failedRequiredCount: { numeric: true, render: (d) => d.failedRequiredCount },
  lastCheck: {
    render: (d, context) => <LastCheckCell device={d} quietAfterDays={context.quietAfterDays} />,
  },
  ownerEmail: { sx: { maxWidth: 260 }, render: (d) => <OwnerCell email={d.ownerEmail} /> },
  platform: { render: (d) => <PlatformLabel platform={d.platform} /> },
  osVersion: { render: (d) => <TruncatedText text={d.osVersion} maxWidth={200} /> },
  failedCount: { numeric: true, render: (d) => d.failedCount },
  passedCount: { numeric: true, render: (d) => d.passedCount },
  disabledCount: { numeric: true, render: (d) => d.disabledCount },
  modelName: { render: (d) => <TruncatedText text={d.modelName} maxWidth={200} /> },
  version: { render: (d) => <TruncatedText text={d.version} maxWidth={160} /> },
  created: { render: (d) => <TimeCell iso={d.created} text={formatDate(d.created)} /> },
};

/** Width of the selection column (pinned left of the name). */
const SELECT_WIDTH = 48;

/** Solid colours for the pinned column (it covers the cells scrolling underneath), per theme. */
const PINNED_BG = 'background.paper';
const PINNED_HOVER_BG = (theme: Theme) => (theme.palette.mode === 'dark' ? '#1b2740' : '#f5f5f5');

/**
 * Where the table can scroll: the name column casts a shadow once rows have scrolled under it,
 * and a fade on the right edge says there is more.
 */
function useScrollEdges() {
  const [edges, setEdges] = useState({ left: false, right: false });
  const observer = useRef<ResizeObserver | null>(null);
  const node = useRef<HTMLDivElement | null>(null);
  const measure = useCallback(() => {
    const el = node.current;
    if (!el) return;
    const left = el.scrollLeft > 0;
    const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setEdges((old) => (old.left === left && old.right === right ? old : { left, right }));
  }, []);
  const ref = useCallback(
    (el: HTMLDivElement | null) => {
      observer.current?.disconnect();
      node.current = el;
      if (!el) return;
      measure();
      if (typeof ResizeObserver !== 'undefined') {
        observer.current = new ResizeObserver(measure);
        observer.current.observe(el);
        const table = el.firstElementChild;
        if (table) observer.current.observe(table);
      }
    },
    [measure],
  );
  useEffect(() => () => observer.current?.disconnect(), []);
  return { ref, edges, onScroll: measure };
}

/**
 * The device table: the chosen columns (every one sortable), the name pinned on the left while
 * the rest scrolls sideways, and a visible cue while more columns are off to the right.
 */
export function DeviceTable(props: {
  devices: readonly DeviceSummary[];
  columns: readonly DeviceSortColumn[];
  orderBy: DeviceSortColumn;
  direction: SortDirection;
  onSort(column: DeviceSortColumn): void;
  busy?: boolean;
  quietAfterDays?: number | undefined;
  /** Checkboxes on the rows and in the header (bulk actions); none without. */
  selection?: RowSelection;
}) {
  const { devices, columns, orderBy, direction, onSort, busy, quietAfterDays, selection } = props;
  const { ref, edges, onScroll } = useScrollEdges();
  const nameLeft = selection ? SELECT_WIDTH : 0;
  const pinned = (header: boolean) => ({
    position: 'sticky',
    left: nameLeft,
    zIndex: header ? 3 : 1,
    bgcolor: PINNED_BG,
    boxShadow: edges.left ? '6px 0 6px -4px rgba(15, 23, 42, 0.25)' : 'none',
    transition: 'box-shadow 150ms',
  });
  const selectCell = (header: boolean) => ({
    position: 'sticky',
    left: 0,
    zIndex: header ? 3 : 1,
    bgcolor: PINNED_BG,
    width: SELECT_WIDTH,
    minWidth: SELECT_WIDTH,
    maxWidth: SELECT_WIDTH,
    boxSizing: 'border-box',
  });
  return (
    <Box sx={{ position: 'relative' }}>
      <TableContainer ref={ref} onScroll={onScroll} data-testid="device-table-scroll">
        <Table size="small" aria-label="Devices" aria-busy={busy || undefined}>
          <TableHead>
            <TableRow>
              {selection ? (
                <TableCell padding="checkbox" sx={selectCell(true)}>
                  <Checkbox
                    checked={selection.page === 'all'}
                    indeterminate={selection.page === 'some'}
                    onChange={selection.togglePage}
                    slotProps={{ input: { 'aria-label': 'Select all devices on this page' } }}
                  />
                </TableCell>
              ) : null}
              {columns.map((id) => {
                const active = id === orderBy;
                return (
                  <TableCell
                    key={id}
                    align={COLUMNS[id].numeric ? 'right' : 'left'}
                    sortDirection={active ? direction : false}
                    sx={{ whiteSpace: 'nowrap', ...(id === 'deviceName' ? pinned(true) : {}) }}
                  >
                    <TableSortLabel
                      active={active}
                      direction={active ? direction : 'asc'}
                      onClick={() => onSort(id)}
                      data-column={id}
                    >
                      {COLUMN_LABELS[id]}
                    </TableSortLabel>
                  </TableCell>
                );
              })}
            </TableRow>
          </TableHead>
          <TableBody sx={{ opacity: busy ? 0.6 : 1, transition: 'opacity 150ms' }}>
            {devices.map((device) => (
              <TableRow
                key={device.id}
                hover
                data-testid="device-row"
                selected={selection?.isSelected(device.id) ?? false}
                sx={{ '&:hover .pinned-cell': { bgcolor: PINNED_HOVER_BG } }}
              >
                {selection ? (
                  <TableCell padding="checkbox" className="pinned-cell" sx={selectCell(false)}>
                    <Checkbox
                      checked={selection.isSelected(device.id)}
                      onChange={() => selection.toggle(device)}
                      slotProps={{ input: { 'aria-label': `Select ${device.deviceName}` } }}
                    />
                  </TableCell>
                ) : null}
                {columns.map((id) => (
                  <TableCell
                    key={id}
                    className={id === 'deviceName' ? 'pinned-cell' : undefined}
                    align={COLUMNS[id].numeric ? 'right' : 'left'}
                    sx={{
                      ...(id === 'deviceName' ? {} : { whiteSpace: 'nowrap' }),
                      ...COLUMNS[id].sx,
                      ...(id === 'deviceName' ? pinned(false) : {}),
                    }}
                  >
                    {COLUMNS[id].render(device, { quietAfterDays })}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Box
        aria-hidden
        data-testid="more-columns-cue"
        data-visible={edges.right}
        sx={{
          position: 'absolute',
          top: 0,
          right: 0,
          bottom: 0,
          width: 40,
          pointerEvents: 'none',
          opacity: edges.right ? 1 : 0,
          transition: 'opacity 150ms',
          background: (theme) =>
            theme.palette.mode === 'dark'
              ? 'linear-gradient(to right, rgba(0,0,0,0), rgba(0,0,0,0.45))'
              : 'linear-gradient(to right, rgba(255,255,255,0), rgba(15,23,42,0.14))',
        }}
      />
      {edges.right ? (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          More columns to the right: scroll sideways to see them.
        </Typography>
      ) : null}
    </Box>
  );
}
