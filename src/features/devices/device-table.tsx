import type { ReactNode } from 'react';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { Link as RouterLink } from 'wouter';
import type { DeviceSortColumn, SortDirection } from '../../lib/constants';
import type { DeviceSummary } from '../../lib/csv';
import { devicePath } from '../../lib/paths';
import { formatDate, formatRelative } from '../../lib/relative-time';
import { TruncatedText } from '../../ui/bidi-text';
import { StatusBadge } from '../../ui/status-badge';
import { UserAvatar } from '../../ui/user-avatar';

interface Column {
  id: DeviceSortColumn;
  label: string;
  numeric?: boolean;
  render(device: DeviceSummary): ReactNode;
}

function TimeCell({ iso, text }: { iso: string | null; text: string }) {
  return iso ? (
    <time dateTime={iso} title={iso}>
      {text}
    </time>
  ) : (
    <>{text}</>
  );
}

/** Every SPEC sort column, in reading order. */
export const DEVICE_COLUMNS: readonly Column[] = [
  {
    id: 'deviceName',
    label: 'Name',
    render: (d) => (
      <Link component={RouterLink} href={devicePath(d.id)} sx={{ fontWeight: 500 }}>
        <TruncatedText text={d.deviceName} maxWidth={280} />
      </Link>
    ),
  },
  { id: 'status', label: 'Status', render: (d) => <StatusBadge status={d.status} /> },
  {
    id: 'failedRequiredCount',
    label: 'Failed required',
    numeric: true,
    render: (d) => d.failedRequiredCount,
  },
  {
    id: 'lastCheck',
    label: 'Last check',
    render: (d) => <TimeCell iso={d.lastCheck} text={formatRelative(d.lastCheck)} />,
  },
  {
    id: 'ownerEmail',
    label: 'Owner',
    render: (d) => (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <UserAvatar email={d.ownerEmail} size={24} />
        <TruncatedText text={d.ownerEmail} maxWidth={240} />
      </Stack>
    ),
  },
  { id: 'platform', label: 'Platform', render: (d) => d.platform },
  {
    id: 'osVersion',
    label: 'OS version',
    render: (d) => <TruncatedText text={d.osVersion} maxWidth={200} />,
  },
  { id: 'failedCount', label: 'Failed', numeric: true, render: (d) => d.failedCount },
  { id: 'passedCount', label: 'Passed', numeric: true, render: (d) => d.passedCount },
  { id: 'disabledCount', label: 'Disabled', numeric: true, render: (d) => d.disabledCount },
  {
    id: 'modelName',
    label: 'Model',
    render: (d) => <TruncatedText text={d.modelName} maxWidth={200} />,
  },
  {
    id: 'version',
    label: 'App version',
    render: (d) => <TruncatedText text={d.version} maxWidth={160} />,
  },
  {
    id: 'created',
    label: 'Created',
    render: (d) => <TimeCell iso={d.created} text={formatDate(d.created)} />,
  },
];

export function DeviceTable(props: {
  devices: readonly DeviceSummary[];
  orderBy: DeviceSortColumn;
  direction: SortDirection;
  onSort(column: DeviceSortColumn): void;
  busy?: boolean;
}) {
  const { devices, orderBy, direction, onSort, busy } = props;
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table
        size="small"
        aria-label="Devices"
        aria-busy={busy || undefined}
        sx={{ minWidth: 1100 }}
      >
        <TableHead>
          <TableRow>
            {DEVICE_COLUMNS.map((column) => {
              const active = column.id === orderBy;
              return (
                <TableCell
                  key={column.id}
                  align={column.numeric ? 'right' : 'left'}
                  sortDirection={active ? direction : false}
                  sx={{ whiteSpace: 'nowrap' }}
                >
                  <TableSortLabel
                    active={active}
                    direction={active ? direction : 'asc'}
                    onClick={() => onSort(column.id)}
                    data-column={column.id}
                  >
                    {column.label}
                  </TableSortLabel>
                </TableCell>
              );
            })}
          </TableRow>
        </TableHead>
        <TableBody sx={{ opacity: busy ? 0.6 : 1, transition: 'opacity 150ms' }}>
          {devices.map((device) => (
            <TableRow key={device.id} hover data-testid="device-row">
              {DEVICE_COLUMNS.map((column) => (
                <TableCell
                  key={column.id}
                  align={column.numeric ? 'right' : 'left'}
                  sx={column.id === 'deviceName' ? { minWidth: 160 } : { whiteSpace: 'nowrap' }}
                >
                  {column.render(device)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
