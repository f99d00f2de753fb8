import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TeamSummary } from '../../api/current-user';
import { isApiError, messageOf } from '../../api/error-catalogue';
import { CSV_EXPORT_PAGE_SIZE } from '../../lib/constants';
import type { DeviceSummary } from '../../lib/csv';
import type { BulkAction } from './bulk-action-dialog';
import { devicePageFetcher } from './export-devices-csv';
import type { ExportRequest } from './export-devices-csv';
import { fetchAllDevices } from './fetch-all-pages';
import type { ExportProgress } from './fetch-all-pages';
import type { DeviceSelection } from './use-device-selection';

const BulkActionDialog = lazy(() =>
  import('./bulk-action-dialog').then((module) => ({ default: module.BulkActionDialog })),
);

function devicesText(n: number): string {
  return `${n} ${n === 1 ? 'device' : 'devices'}`;
}

type Gathering =
  | { kind: 'idle' }
  | { kind: 'running'; progress: ExportProgress | null }
  | { kind: 'error'; message: string };

/**
 * The bulk actions bar, shown while devices are selected: how many, "Select all N matching" (every
 * page of the list call), Move to team (when there is another team), Remove, and Clear selection.
 */
export function BulkBar({
  selection,
  total,
  pageFull,
  request,
  otherTeams,
  onBusyChange,
}: {
  selection: DeviceSelection;
  /** How many devices match the search (all pages). */
  total: number;
  /** The whole page on screen is selected. */
  pageFull: boolean;
  request: ExportRequest;
  otherTeams: readonly TeamSummary[];
  /** A dialog is open or the pages are being gathered: the list should not refresh meanwhile. */
  onBusyChange(busy: boolean): void;
}) {
  const [action, setAction] = useState<BulkAction | null>(null);
  const [gathering, setGathering] = useState<Gathering>({ kind: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const busy = action !== null || gathering.kind === 'running';
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);
  useEffect(() => () => controller.current?.abort(), []);
  useEffect(() => () => onBusyChange(false), [onBusyChange]);

  const selectAllMatching = async () => {
    if (controller.current) return;
    const current = new AbortController();
    controller.current = current;
    setGathering({ kind: 'running', progress: null });
    try {
      const devices = await fetchAllDevices(devicePageFetcher(request), {
        signal: current.signal,
        pageSize: CSV_EXPORT_PAGE_SIZE,
        onProgress: (progress) => setGathering({ kind: 'running', progress }),
      });
      selection.replace(devices);
      setGathering({ kind: 'idle' });
    } catch (error) {
      if (current.signal.aborted || (isApiError(error) && error.kind === 'cancelled'))
        setGathering({ kind: 'idle' });
      else setGathering({ kind: 'error', message: messageOf(error) });
    } finally {
      controller.current = null;
    }
  };
  const cancelGathering = () => {
    controller.current?.abort();
    controller.current = null;
    setGathering({ kind: 'idle' });
  };

  const count = selection.count;
  const allSelected = count >= total;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label="Bulk actions"
      sx={{ p: 1.5, mt: 2, bgcolor: 'action.hover' }}
    >
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={1.5}
        useFlexGap
        sx={{ alignItems: { xs: 'flex-start', md: 'center' }, flexWrap: 'wrap' }}
      >
        <Typography role="status" aria-live="polite" sx={{ fontWeight: 600 }}>
          {allSelected && total > 1
            ? `All ${devicesText(total)} matching are selected.`
            : `${devicesText(count)} selected.`}
        </Typography>
        {pageFull && !allSelected && gathering.kind !== 'running' ? (
          <Button size="small" onClick={() => void selectAllMatching()}>
            Select all {total} matching
          </Button>
        ) : null}
        {gathering.kind === 'running' ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Box sx={{ width: 120 }}>
              <LinearProgress
                variant={gathering.progress ? 'determinate' : 'indeterminate'}
                value={
                  gathering.progress
                    ? (gathering.progress.loaded / gathering.progress.total) * 100
                    : undefined
                }
                aria-label="Selecting every matching device"
              />
            </Box>
            <Typography variant="body2" color="text.secondary">
              {gathering.progress
                ? `Selecting: ${gathering.progress.loaded} of ${gathering.progress.total} pages`
                : 'Selecting: loading the first page'}
            </Typography>
            <Button size="small" color="inherit" onClick={cancelGathering}>
              Cancel
            </Button>
          </Stack>
        ) : null}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', ml: { md: 'auto' } }}>
          {otherTeams.length > 0 ? (
            <Button
              variant="outlined"
              disabled={gathering.kind === 'running'}
              onClick={() => setAction('move')}
            >
              Move to team
            </Button>
          ) : null}
          <Button
            variant="outlined"
            color="error"
            disabled={gathering.kind === 'running'}
            onClick={() => setAction('remove')}
          >
            Remove
          </Button>
          <Button
            color="inherit"
            onClick={() => {
              // A "Select all matching" still loading would bring the selection back when it ends.
              cancelGathering();
              selection.clear();
            }}
          >
            Clear selection
          </Button>
        </Stack>
      </Stack>
      {gathering.kind === 'error' ? (
        <Alert
          severity="error"
          role="alert"
          sx={{ mt: 1 }}
          onClose={() => setGathering({ kind: 'idle' })}
        >
          The matching devices could not be selected: {gathering.message}
        </Alert>
      ) : null}
      {action ? (
        <Suspense fallback={null}>
          <BulkActionDialog
            action={action}
            devices={selection.devices}
            otherTeams={otherTeams}
            onClose={() => setAction(null)}
            onFinished={(remaining: DeviceSummary[]) => selection.replace(remaining)}
          />
        </Suspense>
      ) : null}
    </Paper>
  );
}
