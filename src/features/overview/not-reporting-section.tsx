import { SectionCard } from '../../ui/section-card';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'wouter';
import type { components } from '../../../generated/api';
import { OVERVIEW_OUTDATED_ROWS } from '../../lib/constants';
import { devicePath, devicesPath } from '../../lib/paths';
import { formatRelative } from '../../lib/relative-time';
import { TruncatedText } from '../../ui/bidi-text';
import { EmptyState } from '../../ui/page-states';
import { UserAvatar } from '../../ui/user-avatar';

type OutdatedDevices = components['schemas']['OutdatedDevices'];

const ALL_REPORTING = 'All devices have recently sent a report to the product!';

/**
 * The device list, oldest report first: where "See all" leads. The list says it is showing the
 * devices that are not reporting first, and marks them.
 */
function notReportingListHref(teamId: string): string {
  return `${devicesPath(teamId)}?orderBy=lastCheck&direction=asc`;
}

/** Owner and OS get their own columns from the `sm` breakpoint on. */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;

function days(n: number): string {
  return `${n} ${n === 1 ? 'day' : 'days'}`;
}

/** "Devices not reporting": at most 8 rows, then "See all" when the server knows more. */
export function NotReportingSection({
  teamId,
  outdated,
}: {
  teamId: string;
  outdated: OutdatedDevices;
}) {
  const rows = outdated.devices.slice(0, OVERVIEW_OUTDATED_ROWS);
  const count = Math.max(outdated.total, outdated.devices.length);
  const more = count > rows.length;
  return (
    <SectionCard
      id="not-reporting-title"
      title="Devices not reporting"
      aside={count > 0 ? `${count} ${count === 1 ? 'device' : 'devices'}` : null}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Devices that have not sent a report in the last {days(outdated.outdatedAfterDays)}.
      </Typography>
      {rows.length === 0 ? (
        <EmptyState>{ALL_REPORTING}</EmptyState>
      ) : (
        <>
          <TableContainer>
            <Table size="small" aria-labelledby="not-reporting-title">
              <TableHead>
                <TableRow>
                  <TableCell>Device</TableCell>
                  <TableCell sx={WIDE_ONLY}>Owner</TableCell>
                  <TableCell sx={WIDE_ONLY}>OS</TableCell>
                  <TableCell>Last check</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((device) => (
                  <TableRow key={device.id} data-testid="not-reporting-row">
                    <TableCell sx={{ overflowWrap: 'anywhere', maxWidth: { xs: 200, sm: 'none' } }}>
                      <Link component={RouterLink} href={devicePath(device.id)}>
                        <TruncatedText text={device.deviceName} maxWidth={{ xs: 160, md: 280 }} />
                      </Link>
                      {/* Phones: owner and OS under the name instead of in their own columns. */}
                      <Typography
                        variant="body2"
                        color="text.secondary"
                        sx={{ display: { xs: 'block', sm: 'none' }, overflowWrap: 'normal' }}
                      >
                        <Box
                          component="span"
                          sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis' }}
                          title={device.ownerEmail}
                        >
                          {device.ownerEmail}
                        </Box>
                        {device.osVersion}
                      </Typography>
                    </TableCell>
                    <TableCell sx={WIDE_ONLY}>
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        <UserAvatar email={device.ownerEmail} size={24} />
                        <TruncatedText text={device.ownerEmail} maxWidth={{ xs: 160, md: 260 }} />
                      </Stack>
                    </TableCell>
                    <TableCell sx={WIDE_ONLY}>
                      <TruncatedText text={device.osVersion} maxWidth={160} />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <time
                        dateTime={device.lastCheck ?? undefined}
                        title={device.lastCheck ?? undefined}
                      >
                        {formatRelative(device.lastCheck)}
                      </time>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {more ? (
            <Typography variant="body2" sx={{ mt: 1.5 }}>
              <Link component={RouterLink} href={notReportingListHref(teamId)} underline="always">
                See all
              </Link>{' '}
              <Typography component="span" variant="body2" color="text.secondary">
                ({count} {count === 1 ? 'device' : 'devices'}, oldest report first)
              </Typography>
            </Typography>
          ) : null}
        </>
      )}
    </SectionCard>
  );
}
