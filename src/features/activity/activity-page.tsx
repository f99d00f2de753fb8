import { useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData } from '@tanstack/react-query';
import { useLocation, useSearch } from 'wouter';
import { useCurrentUser } from '../../api/current-user';
import type { ApiError } from '../../api/error-catalogue';
import { useMissingOnFailure, useOperationMissing } from '../../api/operation-support';
import { $api, send } from '../../api/query';
import {
  ACTIVITY_CSV_HEADER,
  ACTIVITY_KINDS,
  activityCsvRow,
  activityKindLabel,
  activityRequestQuery,
  invalidActivityParamsMessage,
  parseActivityQuery,
  serializeActivityQuery,
} from '../../lib/activity-query';
import type { ActivityEntry, ActivityQuery } from '../../lib/activity-query';
import { toCsv } from '../../lib/csv';
import { formatDayAndTime, parseIsoDate } from '../../lib/dates';
import { canReadActivity } from '../../lib/roles';
import { BidiText } from '../../ui/bidi-text';
import { downloadText } from '../../ui/download-text';
import { FormError } from '../../ui/form-error';
import { PageHeader } from '../../ui/page-header';
import { EmptyState, PageError, PageLoading } from '../../ui/page-states';
import { usePageTitle } from '../../ui/page-title';

/** The export reads the log 100 entries at a time, at most this many pages. */
const EXPORT_PAGE_SIZE = 100;
const EXPORT_MAX_PAGES = 100;

function activityPath(query: ActivityQuery): string {
  const search = serializeActivityQuery(query);
  return search ? `/activity?${search}` : '/activity';
}

/** Person, kind, first and last day: applied to the address (page 1) on Filter. */
function ActivityFilters({ query }: { query: ActivityQuery }) {
  const [, navigate] = useLocation();
  const [actor, setActor] = useState(query.actor);
  const [kind, setKind] = useState<string>(query.kind);
  const [from, setFrom] = useState(query.from);
  const [to, setTo] = useState(query.to);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { query: next } = parseActivityQuery(
      serializeActivityQuery({ actor, kind: kind as ActivityQuery['kind'], from, to, page: 1 }),
    );
    navigate(activityPath(next));
  };
  const cleared = !query.actor && !query.kind && !query.from && !query.to;
  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      role="search"
      aria-label="Filter the activity"
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '2fr 2fr 1fr 1fr auto' },
        alignItems: 'center',
        mb: 3,
      }}
    >
      <TextField
        size="small"
        label="Person"
        placeholder="Email or id"
        value={actor}
        onChange={(event) => setActor(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 255 } }}
      />
      <FormControl size="small">
        <InputLabel htmlFor="activity-kind" shrink>
          Kind
        </InputLabel>
        <NativeSelect
          id="activity-kind"
          value={kind}
          onChange={(event) => setKind(event.target.value)}
          input={<OutlinedInput label="Kind" notched />}
        >
          <option value="">All kinds</option>
          {ACTIVITY_KINDS.map((value) => (
            <option key={value} value={value}>
              {activityKindLabel(value)}
            </option>
          ))}
        </NativeSelect>
      </FormControl>
      <TextField
        size="small"
        type="date"
        label="From"
        value={from}
        onChange={(event) => setFrom(event.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        size="small"
        type="date"
        label="To"
        value={to}
        onChange={(event) => setTo(event.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained">
          Filter
        </Button>
        {cleared ? null : <Button onClick={() => navigate('/activity')}>Clear</Button>}
      </Stack>
    </Box>
  );
}

/** One entry: when, who (and the support person impersonating them), what and which object. */
function ActivityRow({ entry }: { entry: ActivityEntry }) {
  const at = parseIsoDate(entry.at);
  return (
    <Box
      component="li"
      data-testid="activity-entry"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '180px minmax(0, 2fr) minmax(0, 3fr)' },
        columnGap: 2,
        rowGap: 0.25,
        py: 1.25,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Typography variant="body2" color="text.secondary">
        {at ? formatDayAndTime(at) : entry.at}
      </Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        <BidiText text={entry.actor.email} />
        {entry.actor.impersonatedBy ? (
          <>
            {' '}
            (by <BidiText text={entry.actor.impersonatedBy.email} />)
          </>
        ) : null}
      </Typography>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {activityKindLabel(entry.kind)}: <BidiText text={entry.object.name} />
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          <BidiText text={entry.detail} />
        </Typography>
      </Box>
    </Box>
  );
}

/** Every entry matching the filters, 100 at a time, as a CSV (formula-safe, src/lib/csv.ts). */
function ExportActivityButton({ query }: { query: ActivityQuery }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      const rows: string[][] = [];
      for (let page = 1; page <= EXPORT_MAX_PAGES; page += 1) {
        const answer = await send('get', '/user/activity', {
          params: { query: activityRequestQuery({ ...query, page }, EXPORT_PAGE_SIZE) },
        });
        rows.push(...answer.entries.slice(0, EXPORT_PAGE_SIZE).map(activityCsvRow));
        if (page >= answer.pageCount || answer.entries.length < EXPORT_PAGE_SIZE) break;
      }
      const day = new Date().toISOString().slice(0, 10);
      downloadText(toCsv(ACTIVITY_CSV_HEADER, rows), `activity-${day}.csv`);
    } catch (failure) {
      setError(failure as ApiError);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box>
      <Button variant="outlined" disabled={busy} onClick={() => void run()}>
        {busy ? 'Exporting' : 'Export CSV'}
      </Button>
      <FormError error={error} />
    </Box>
  );
}

/**
 * `/activity`: the account's activity log (listActivity, a proposal), for account admins:
 * newest first, filtered by person, kind and days (in the address), paged, exported as CSV.
 * A server without the call (404 or 501, once per session) gets one plain sentence instead.
 */
export function ActivityPage() {
  usePageTitle('Activity');
  const user = useCurrentUser();
  const search = useSearch();
  const [, navigate] = useLocation();
  const { query, invalid } = useMemo(() => parseActivityQuery(search), [search]);
  const invalidMessage = invalidActivityParamsMessage(invalid);
  const mayRead = canReadActivity(user.data);
  const knownMissing = useOperationMissing('listActivity');
  const list = $api.useQuery(
    'get',
    '/user/activity',
    { params: { query: activityRequestQuery(query) } },
    { enabled: mayRead && !knownMissing, placeholderData: keepPreviousData },
  );
  const missing = useMissingOnFailure('listActivity', list.error);

  let body;
  if (user.isPending) body = <PageLoading label="Loading the activity" />;
  else if (!mayRead)
    body = <Alert severity="info">Only account admins can see the activity log.</Alert>;
  else if (missing)
    body = <Alert severity="info">This server does not offer an activity log.</Alert>;
  else if (list.isError && !list.data)
    body = <PageError error={list.error} onRetry={() => void list.refetch()} />;
  else if (!list.data) body = <PageLoading label="Loading the activity" />;
  else {
    const data = list.data;
    body = (
      <>
        <ActivityFilters key={search} query={query} />
        {data.entries.length === 0 ? (
          <EmptyState>No activity matches these filters.</EmptyState>
        ) : (
          <Box
            component="ul"
            aria-label="Activity, newest first"
            sx={{ listStyle: 'none', p: 0, m: 0 }}
          >
            {data.entries.map((entry) => (
              <ActivityRow key={entry.id} entry={entry} />
            ))}
          </Box>
        )}
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mt: 2 }}
        >
          <Typography variant="body2">
            {data.total === 1 ? '1 change' : `${data.total} changes`}
          </Typography>
          {data.pageCount > 1 ? (
            <Pagination
              count={data.pageCount}
              page={Math.min(query.page, data.pageCount)}
              onChange={(_, page) => {
                navigate(activityPath({ ...query, page }));
                window.scrollTo({ top: 0 });
              }}
              color="primary"
              shape="rounded"
              siblingCount={0}
            />
          ) : null}
        </Stack>
      </>
    );
  }

  return (
    <Box sx={{ pb: 4 }}>
      <PageHeader
        title="Activity"
        actions={
          mayRead && !missing && list.data ? <ExportActivityButton query={query} /> : undefined
        }
      />
      {invalidMessage ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {invalidMessage}
        </Alert>
      ) : null}
      {body}
    </Box>
  );
}
