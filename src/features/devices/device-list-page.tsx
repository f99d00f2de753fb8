import { PageHeader } from '../../ui/page-header';
import { lazy, Suspense, useCallback, useState } from 'react';
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import LinearProgress from '@mui/material/LinearProgress';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { keepPreviousData } from '@tanstack/react-query';
import { $api } from '../../api/query';
import type { PageProps } from '../../ui/page-props';
import { DEVICE_LIST_PAGE_SIZES } from '../../lib/constants';
import type { DeviceSortColumn } from '../../lib/constants';
import { deviceListRequest, nextSort, showingText } from '../../lib/device-list-query';
import { useTeams } from '../../api/current-user';
import { updateSession } from '../../session/session';
import { BidiText } from '../../ui/bidi-text';
import { InviteLinkDialogOnDemand } from '../../ui/invite-link-dialog-on-demand';
import { EmptyState, PageError, PageLoading } from '../../ui/page-states';
import { usePageTitle } from '../../ui/page-title';
import { UpdatedAgo, liveQueryOptions } from '../../ui/live-status';
import { DemoDeviceList } from './demo-device-list';
import { DeviceCards } from './device-cards';
import { ColumnPicker } from './column-picker';
import { COLUMN_ORDER, useDeviceColumns } from './device-columns';
import { DeviceSearchField } from './device-search-field';
import { DeviceTable } from './device-table';
import { ExportCsvButton } from './export-csv-button';
import { SavedViews } from './saved-views';
import { capDevicePage } from './page-bounds';
import type { components } from '../../../generated/api';

type DeviceList = components['schemas']['DeviceList'];
import { useDeviceListUrl } from './use-device-list-url';
import { useDeviceSelection } from './use-device-selection';
import type { DeviceSummary } from '../../lib/csv';

/** The bulk actions bar loads once something is selected. */
const BulkBar = lazy(() => import('./bulk-bar').then((module) => ({ default: module.BulkBar })));
const NO_DEVICES: DeviceSummary[] = [];

export const NO_SEARCH_RESULTS = 'No devices match your search.';

/**
 * Sorted by last check, oldest first (where the overview's "See all" leads): the team's
 * not-reporting threshold and count come from the overview (already cached when coming from it),
 * so the list can say what it shows and mark the devices that are not reporting.
 */
function useNotReporting(teamId: string, enabled: boolean) {
  const overview = $api.useQuery(
    'get',
    '/team/{teamId}/overview',
    { params: { path: { teamId } } },
    { enabled },
  );
  return enabled ? overview.data?.outdatedDevices : undefined;
}

function NotReportingNotice({
  total,
  days,
}: {
  total: number | undefined;
  days: number | undefined;
}) {
  const period =
    days === undefined ? 'recently' : `in the last ${days} ${days === 1 ? 'day' : 'days'}`;
  return (
    <Alert severity="info" sx={{ mt: 2 }} data-testid="not-reporting-notice">
      Sorted by last check, oldest first, so the devices that are not reporting come first.
      {total === undefined
        ? null
        : ` ${total} ${total === 1 ? 'device has' : 'devices have'} not sent a report ${period}.`}
    </Alert>
  );
}

/** Keep the previous page on screen while the next one loads, but never another team's devices. */
function keepSameTeam(teamId: string) {
  return <T,>(
    previous: T | undefined,
    previousQuery: { queryKey: readonly unknown[] } | undefined,
  ) => {
    const init = previousQuery?.queryKey[2] as
      { params?: { path?: { teamId?: string } } } | undefined;
    return init?.params?.path?.teamId === teamId ? keepPreviousData(previous) : undefined;
  };
}

/**
 * SPEC §2 Devices list at /devices/{teamId}: search, sort, paging, Invite Link modal, CSV export.
 * Every piece of list state is in the URL (back/forward work, links reproduce the view).
 */
export function DeviceListPage({ params }: PageProps) {
  const teamId = params.teamId ?? '';
  const { query, update } = useDeviceListUrl(teamId);
  usePageTitle(`Devices - Page ${query.page}`);
  const teams = useTeams();
  const teamName = teams.data?.find((team) => team.id === teamId)?.name ?? 'this team';
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const { columns: chosenColumns } = useDeviceColumns();
  // The sorted column is always shown, so the table says how it is sorted.
  const columns = chosenColumns.includes(query.orderBy)
    ? chosenColumns
    : COLUMN_ORDER.filter((id) => id === query.orderBy || chosenColumns.includes(id));
  const oldestFirst = query.orderBy === 'lastCheck' && query.direction === 'asc';
  const notReporting = useNotReporting(teamId, oldestFirst);
  // Never more rows than were asked for, whatever the server sent (the cap where data enters).
  const pageSize = query.pageSize;
  const capToAskedSize = useCallback(
    (page: DeviceList) => capDevicePage(page, pageSize),
    [pageSize],
  );

  // Live status pauses while a dialog is open on the list (invite, bulk action).
  const [bulkBusy, setBulkBusy] = useState(false);
  const list = $api.useQuery('get', '/team/{teamId}/devices', deviceListRequest(teamId, query), {
    placeholderData: keepSameTeam(teamId),
    select: capToAskedSize,
    ...liveQueryOptions(query.openInviteModal || bulkBusy),
  });
  const selection = useDeviceSelection(
    `${teamId}\n${query.search}`,
    list.data?.devices ?? NO_DEVICES,
  );
  const otherTeams = teams.data?.filter((team) => team.id !== teamId) ?? [];

  const sortBy = (column: DeviceSortColumn) => {
    const sort = nextSort(query, column);
    updateSession({ deviceOrderBy: sort.orderBy, deviceOrderDirection: sort.direction });
    update({ ...sort, page: 1 }, { explicitSort: true });
  };

  const data = list.data;
  const pageSizes = [...new Set<number>([...DEVICE_LIST_PAGE_SIZES, query.pageSize])].sort(
    (a, b) => a - b,
  );
  const emptyTeam = !!data && data.total === 0 && !query.search;
  // SPEC §2: the demo list only when the whole account has no devices, not just this team.
  const accountDevices = teams.data?.reduce((sum, team) => sum + team.deviceCount, 0);
  const noDevicesAtAll = emptyTeam && accountDevices === 0;
  const openInvite = () => update({ openInviteModal: true });

  // Fixed order: pending, error, empty, data.
  let body: ReactNode;
  if (list.isPending) {
    body = <PageLoading label="Loading devices" />;
  } else if (list.isError && !list.data) {
    body = <PageError error={list.error} onRetry={() => void list.refetch()} />;
  } else if (emptyTeam && teams.isPending) {
    body = <PageLoading label="Loading devices" />;
  } else if (noDevicesAtAll) {
    body = <DemoDeviceList onInvite={openInvite} />;
  } else if (emptyTeam) {
    body = (
      <Stack spacing={1.5} sx={{ alignItems: 'center', py: 4, textAlign: 'center' }}>
        <Typography variant="h6" component="h2">
          No devices in {teamName} yet
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
          Link a device to this team, or send the invite link to your team members so they can link
          theirs.
        </Typography>
        <Button variant="contained" onClick={openInvite}>
          Invite team members
        </Button>
      </Stack>
    );
  } else if (data && data.total === 0) {
    body = <EmptyState>{NO_SEARCH_RESULTS}</EmptyState>;
  } else if (data) {
    body = (
      <>
        <Box sx={{ height: 4 }}>
          {list.isPlaceholderData ? <LinearProgress aria-label="Loading devices" /> : null}
        </Box>
        {selection.count > 0 ? (
          <Suspense fallback={null}>
            <BulkBar
              selection={selection}
              total={data.total}
              pageFull={selection.row.page === 'all'}
              request={{
                teamId,
                orderBy: query.orderBy,
                direction: query.direction,
                search: query.search,
              }}
              otherTeams={otherTeams}
              onBusyChange={setBulkBusy}
            />
          </Suspense>
        ) : null}
        {oldestFirst ? (
          <NotReportingNotice total={notReporting?.total} days={notReporting?.outdatedAfterDays} />
        ) : null}
        {data.devices.length > 0 && wide ? (
          <DeviceTable
            devices={data.devices}
            columns={columns}
            orderBy={query.orderBy}
            direction={query.direction}
            onSort={sortBy}
            busy={list.isPlaceholderData}
            quietAfterDays={notReporting?.outdatedAfterDays}
            selection={selection.row}
          />
        ) : data.devices.length > 0 ? (
          <DeviceCards
            devices={data.devices}
            orderBy={query.orderBy}
            direction={query.direction}
            onSort={sortBy}
            busy={list.isPlaceholderData}
            quietAfterDays={notReporting?.outdatedAfterDays}
            selection={selection.row}
          />
        ) : (
          <Stack spacing={1} sx={{ alignItems: 'center', py: 3 }}>
            <Typography color="text.secondary">There are no devices on this page.</Typography>
            <Button onClick={() => update({ page: 1 })}>Go to the first page</Button>
          </Stack>
        )}
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{
            justifyContent: 'space-between',
            alignItems: { xs: 'flex-start', md: 'center' },
            mt: 2,
          }}
        >
          <Typography variant="body2" data-testid="showing-text">
            {showingText(data.page, data.pageSize, data.total)}
          </Typography>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            {/* A native select: the same label and sizes without MUI's menu, popover and modal
                in the list's first paint. */}
            <FormControl size="small">
              <InputLabel htmlFor="page-size-select" shrink>
                Per page
              </InputLabel>
              <NativeSelect
                id="page-size-select"
                value={query.pageSize}
                onChange={(event) => update({ pageSize: Number(event.target.value), page: 1 })}
                input={<OutlinedInput label="Per page" notched />}
                sx={{ minWidth: 96 }}
              >
                {pageSizes.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </NativeSelect>
            </FormControl>
            <Pagination
              count={Math.max(1, data.pageCount)}
              page={query.page}
              onChange={(_, page) => {
                update({ page });
                // The new page is read from its first rows: back to the top, not left at the pager.
                window.scrollTo({ top: 0 });
              }}
              color="primary"
              shape="rounded"
              siblingCount={wide ? 1 : 0}
            />
          </Stack>
        </Stack>
      </>
    );
  }

  return (
    <Box sx={{ pb: 4 }}>
      <PageHeader
        title="Devices"
        status={data ? <UpdatedAgo updatedAt={list.dataUpdatedAt} /> : undefined}
        // The team's name arrives with the teams list: its line is reserved meanwhile, so the list
        // below does not move down when it shows (layout shift).
        subtitle={
          teams.data ? <BidiText text={teamName} /> : teams.isPending ? '\u00a0' : undefined
        }
        actions={
          <>
            <ExportCsvButton
              request={{
                teamId,
                orderBy: query.orderBy,
                direction: query.direction,
                search: query.search,
              }}
              teamName={teamName}
              disabled={!data || data.total === 0}
            />
            <Button variant="contained" onClick={openInvite}>
              Invite Link
            </Button>
          </>
        }
      />
      <Paper variant="outlined" sx={{ p: 2 }}>
        {emptyTeam ? null : (
          <Stack
            direction="row"
            spacing={2}
            sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}
          >
            <DeviceSearchField
              value={query.search}
              onCommit={(search) =>
                update({ search, page: 1 }, { replace: query.search !== '' && search !== '' })
              }
            />
            {wide && data && data.devices.length > 0 ? <ColumnPicker /> : null}
          </Stack>
        )}
        {emptyTeam ? null : <SavedViews teamId={teamId} query={query} />}
        {body}
      </Paper>
      <InviteLinkDialogOnDemand
        open={query.openInviteModal}
        onClose={() => update({ openInviteModal: false }, { replace: true })}
        teamId={teamId}
      />
    </Box>
  );
}
