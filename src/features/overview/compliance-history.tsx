import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMissingOnFailure, useOperationMissing } from '../../api/operation-support';
import { $api } from '../../api/query';
import {
  HISTORY_DAYS,
  HISTORY_WINDOWS,
  formatShare,
  historyRows,
  linePoints,
  niceMax,
} from '../../lib/compliance-history';
import type { HistoryRow, HistoryWindow } from '../../lib/compliance-history';
import { formatCalendarDate } from '../../lib/dates';
import { SectionCard } from '../../ui/section-card';

// The chart is a small hand-drawn SVG in the theme's colours: no chart library (see the commit).
// Colours are the theme's CSS variables (theme.palette holds the light scheme only, theme.ts), so
// each line takes the tone of the scheme on screen.
const WIDTH = 300;
const HEIGHT = 100;

/** One line of the chart: its title and latest value above, the axis' top and bottom beside. */
function LinePanel({
  title,
  latest,
  values,
  max,
  top,
  color,
  first,
  last,
}: {
  title: string;
  latest: string;
  values: (number | null)[];
  max: number;
  top: string;
  color: string;
  first: string;
  last: string;
}) {
  const runs = linePoints(values, max, WIDTH, HEIGHT);
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
        <Typography variant="subtitle2" component="h3">
          {title}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {latest}
        </Typography>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Stack
          sx={{ justifyContent: 'space-between', textAlign: 'right', minWidth: 36, height: 120 }}
          aria-hidden
        >
          <Typography variant="caption" color="text.secondary">
            {top}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            0
          </Typography>
        </Stack>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box
            component="svg"
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            preserveAspectRatio="none"
            aria-hidden
            sx={{
              display: 'block',
              width: '100%',
              height: 120,
              borderLeft: 1,
              borderBottom: 1,
              borderColor: 'divider',
            }}
          >
            <line
              x1={0}
              x2={WIDTH}
              y1={HEIGHT / 2}
              y2={HEIGHT / 2}
              style={{ stroke: 'var(--mui-palette-divider)' }}
              strokeDasharray="4 4"
              vectorEffect="non-scaling-stroke"
            />
            {runs.map((points) => (
              <polyline
                key={points}
                points={points}
                fill="none"
                style={{ stroke: color }}
                strokeWidth={2}
                strokeLinejoin="round"
                vectorEffect="non-scaling-stroke"
              />
            ))}
          </Box>
          <Stack direction="row" sx={{ justifyContent: 'space-between' }} aria-hidden>
            <Typography variant="caption" color="text.secondary">
              {first}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {last}
            </Typography>
          </Stack>
        </Box>
      </Stack>
    </Box>
  );
}

/** The same days as a table: for screen readers, keyboard users and anyone who wants the numbers. */
function HistoryTable({ rows, labelId }: { rows: HistoryRow[]; labelId: string }) {
  return (
    <Box
      role="region"
      aria-labelledby={labelId}
      tabIndex={0}
      data-testid="compliance-history-table"
      sx={{ mt: 2, maxHeight: 320, overflow: 'auto', '&:focus-visible': { outline: 2 } }}
    >
      <Table size="small" stickyHeader aria-labelledby={labelId}>
        <TableHead>
          <TableRow>
            <TableCell>Day</TableCell>
            <TableCell align="right">Compliant devices</TableCell>
            <TableCell align="right">Failing required checks</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {[...rows].reverse().map((row) => (
            <TableRow key={row.date}>
              <TableCell>{formatCalendarDate(row.date) ?? row.date}</TableCell>
              <TableCell align="right">
                {formatShare(row.compliantShare)} ({row.compliant} of {row.devices})
              </TableCell>
              <TableCell align="right">{row.failingChecks}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/**
 * Compliance over the last 30 or 90 days (getTeamHistory, a proposal): the share of compliant
 * devices and the failing required checks per day, as a named figure with the same numbers as a
 * table on demand. Its own chunk, loaded after the overview's first paint. A server without the
 * call (404 or 501, once per session) shows nothing: the overview is as before.
 */
export function ComplianceHistory({ teamId }: { teamId: string }) {
  const captionId = useId();
  const [days, setDays] = useState<HistoryWindow>(30);
  const [showTable, setShowTable] = useState(false);
  const knownMissing = useOperationMissing('getTeamHistory');
  const history = $api.useQuery(
    'get',
    '/team/{teamId}/history',
    { params: { path: { teamId }, query: { days: HISTORY_DAYS } } },
    { enabled: !knownMissing },
  );
  const missing = useMissingOnFailure('getTeamHistory', history.error);
  // Hidden without the call, and while loading or failed: the chart is an addition, never a wait.
  if (missing || !history.data || history.data.points.length === 0) return null;

  const rows = historyRows(history.data, days);
  const latest = rows[rows.length - 1]!;
  const failingMax = niceMax(rows.map((row) => row.failingChecks));
  const first = formatCalendarDate(rows[0]!.date) ?? rows[0]!.date;
  const last = formatCalendarDate(latest.date) ?? latest.date;
  const caption = `Share of compliant devices and failing required checks per day, last ${days} days`;
  return (
    <SectionCard
      title="Compliance over time"
      aside={
        <Stack direction="row" spacing={1} role="group" aria-label="Days shown">
          {HISTORY_WINDOWS.map((shown) => (
            <Button
              key={shown}
              size="small"
              variant={days === shown ? 'contained' : 'outlined'}
              aria-pressed={days === shown}
              onClick={() => setDays(shown)}
            >
              {shown} days
            </Button>
          ))}
        </Stack>
      }
    >
      <Box
        component="figure"
        aria-labelledby={captionId}
        data-testid="compliance-history"
        sx={{ m: 0 }}
      >
        <Typography
          component="figcaption"
          id={captionId}
          variant="body2"
          color="text.secondary"
          sx={{ mb: 2 }}
        >
          {caption}
        </Typography>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 3, md: 4 }}>
          <LinePanel
            title="Compliant devices"
            latest={`${formatShare(latest.compliantShare)} today`}
            values={rows.map((row) => row.compliantShare)}
            max={1}
            top="100%"
            color="var(--mui-palette-success-main)"
            first={first}
            last={last}
          />
          <LinePanel
            title="Failing required checks"
            latest={`${latest.failingChecks} today`}
            values={rows.map((row) => row.failingChecks)}
            max={failingMax}
            top={String(failingMax)}
            color="var(--mui-palette-error-main)"
            first={first}
            last={last}
          />
        </Stack>
        <Button
          size="small"
          sx={{ mt: 2, ml: -1 }}
          aria-expanded={showTable}
          onClick={() => setShowTable((shown) => !shown)}
        >
          {showTable ? 'Hide the table' : 'Show as table'}
        </Button>
        {showTable ? <HistoryTable rows={rows} labelId={captionId} /> : null}
      </Box>
    </SectionCard>
  );
}
