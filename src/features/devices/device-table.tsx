import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'wouter';
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
import styles from './device-table.module.css';

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
    <span className={`${styles.inline} ${styles.wrap}`}>
      <TimeCell iso={iso} text={formatRelative(iso)} />
      {quiet ? (
        <Chip size="small" variant="outlined" color="warning" label="Not reporting" />
      ) : null}
    </span>
  );
}

export function OwnerCell({ email }: { email: string }) {
  return (
    <span className={styles.inline}>
      <UserAvatar email={email} size={24} />
      <TruncatedText text={email} maxWidth={240} />
    </span>
  );
}

/**
 * The status badge, and how many of the device's failing checks are exempt (exemptCount, the
 * exemptions proposal: those checks no longer count in the status; a SPEC-only backend sends no
 * count and the cell is the badge alone).
 */
export function StatusCell({ device }: { device: DeviceSummary }) {
  const exempt = device.exemptCount ?? 0;
  return (
    <span className={styles.inline}>
      <StatusBadge status={device.status} />
      {exempt > 0 && <span className={styles.exempt}>{exempt} exempt</span>}
    </span>
  );
}

interface Column {
  numeric?: boolean;
  /** The body cell's classes (static): widths that keep the default set inside a laptop screen. */
  className?: string;
  render(device: DeviceSummary, context: { quietAfterDays?: number | undefined }): ReactNode;
}

const COLUMNS: Record<DeviceSortColumn, Column> = {
  deviceName: {
    className: `${styles.cell} ${styles.pinned} ${styles.name}`,
    render: (d) => (
      <RouterLink href={devicePath(d.id)} className={styles.link}>
        <TruncatedText text={d.deviceName} maxWidth={280} />
      </RouterLink>
    ),
  },
  status: { render: (d) => <StatusCell device={d} /> },
  failedRequiredCount: { numeric: true, render: (d) => d.failedRequiredCount },
  lastCheck: {
    render: (d, context) => <LastCheckCell device={d} quietAfterDays={context.quietAfterDays} />,
  },
  ownerEmail: {
    className: `${styles.cell} ${styles.owner}`,
    render: (d) => <OwnerCell email={d.ownerEmail} />,
  },
  platform: { render: (d) => <PlatformLabel platform={d.platform} /> },
  osVersion: { render: (d) => <TruncatedText text={d.osVersion} maxWidth={200} /> },
  failedCount: { numeric: true, render: (d) => d.failedCount },
  passedCount: { numeric: true, render: (d) => d.passedCount },
  disabledCount: { numeric: true, render: (d) => d.disabledCount },
  modelName: { render: (d) => <TruncatedText text={d.modelName} maxWidth={200} /> },
  version: { render: (d) => <TruncatedText text={d.version} maxWidth={160} /> },
  created: { render: (d) => <TimeCell iso={d.created} text={formatDate(d.created)} /> },
};

/** A body cell's classes: its column's own, or the plain cell's (right-aligned when numeric). */
function cellClass(column: Column): string {
  return (
    column.className ?? (column.numeric ? `${styles.cell} ${styles.numeric}` : `${styles.cell}`)
  );
}

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
  const frameClass = [
    styles.frame,
    selection ? styles.selectable : '',
    edges.left ? styles.scrolled : '',
  ].join(' ');
  return (
    <div className={frameClass}>
      <div
        ref={ref}
        onScroll={onScroll}
        className={styles.scroller}
        data-testid="device-table-scroll"
      >
        <Table size="small" aria-label="Devices" aria-busy={busy || undefined}>
          <TableHead>
            <TableRow>
              {selection ? (
                <TableCell padding="checkbox" className={`${styles.pinned} ${styles.select}`}>
                  <Checkbox
                    checked={selection.page === 'all'}
                    indeterminate={selection.page === 'some'}
                    onChange={selection.togglePage}
                    slotProps={SELECT_PAGE_SLOTS}
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
                    className={
                      id === 'deviceName'
                        ? `${styles.headCell} ${styles.pinned} ${styles.name}`
                        : styles.headCell
                    }
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
          {/* The rows: plain elements with static classes (device-table.module.css). */}
          <tbody className={styles.body} data-busy={busy || undefined}>
            {devices.map((device) => {
              const selected = selection?.isSelected(device.id) ?? false;
              return (
                <tr
                  key={device.id}
                  className={styles.row}
                  data-testid="device-row"
                  data-selected={selected || undefined}
                >
                  {selection ? (
                    <td className={`${styles.cell} ${styles.pinned} ${styles.select}`}>
                      <Checkbox
                        checked={selected}
                        onChange={() => selection.toggle(device)}
                        slotProps={{ input: { 'aria-label': `Select ${device.deviceName}` } }}
                      />
                    </td>
                  ) : null}
                  {columns.map((id) => (
                    <td key={id} className={cellClass(COLUMNS[id])}>
                      {COLUMNS[id].render(device, { quietAfterDays })}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </Table>
      </div>
      <div
        aria-hidden
        data-testid="more-columns-cue"
        data-visible={edges.right}
        className={styles.cue}
      />
      {edges.right ? (
        <Typography variant="caption" color="text.secondary" component="p" sx={CUE_TEXT_SX}>
          More columns to the right: scroll sideways to see them.
        </Typography>
      ) : null}
    </div>
  );
}

const SELECT_PAGE_SLOTS = { input: { 'aria-label': 'Select all devices on this page' } } as const;
const CUE_TEXT_SX = { mt: 0.5 } as const;
