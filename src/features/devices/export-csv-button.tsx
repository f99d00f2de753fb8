import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isApiError, messageOf } from '../../api/error-catalogue';
import type { ExportRequest } from './export-devices-csv';
import type { ExportProgress } from './fetch-all-pages';

type ExportState =
  | { kind: 'idle' }
  | { kind: 'running'; progress: ExportProgress | null }
  | { kind: 'success'; count: number }
  | { kind: 'error'; message: string };

function progressText(progress: ExportProgress | null): string {
  if (!progress) return 'Exporting: loading the first page';
  return `Exporting: ${progress.loaded} of ${progress.total} ${progress.total === 1 ? 'page' : 'pages'}`;
}

/** SPEC §4 request flow: idle, in progress (cancellable), success or error. */
export function ExportCsvButton({
  request,
  teamName,
  disabled,
}: {
  request: ExportRequest;
  teamName: string;
  disabled?: boolean;
}) {
  const [state, setState] = useState<ExportState>({ kind: 'idle' });
  const controller = useRef<AbortController | null>(null);

  // Leaving the page cancels a running export.
  useEffect(() => () => controller.current?.abort(), []);

  const start = async () => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState({ kind: 'running', progress: null });
    try {
      // The export's code (paging through the list, the CSV writer) is fetched on the first press.
      const { exportDevicesCsv } = await import('./export-devices-csv');
      const count = await exportDevicesCsv(
        { ...request, teamName },
        {
          signal: current.signal,
          onProgress: (progress) => setState({ kind: 'running', progress }),
        },
      );
      if (controller.current === current) setState({ kind: 'success', count });
    } catch (error) {
      if (controller.current !== current) return;
      // Cancelled by the person: back to idle, no error shown.
      if (current.signal.aborted || (isApiError(error) && error.kind === 'cancelled'))
        setState({ kind: 'idle' });
      else setState({ kind: 'error', message: messageOf(error) });
    } finally {
      if (controller.current === current) controller.current = null;
    }
  };

  const cancel = () => {
    controller.current?.abort();
    controller.current = null;
    setState({ kind: 'idle' });
  };

  const running = state.kind === 'running';
  const progress = running ? state.progress : null;
  return (
    // The status line below the button takes no room of its own: its arrival does not push the
    // page header down (layout shift).
    <Box sx={{ position: 'relative' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {running ? (
          <Button variant="outlined" color="inherit" onClick={cancel}>
            Cancel export
          </Button>
        ) : (
          <Button variant="outlined" onClick={() => void start()} disabled={disabled}>
            Export CSV
          </Button>
        )}
      </Stack>
      <Box
        role="status"
        aria-live="polite"
        sx={{ position: 'absolute', top: '100%', right: 0, width: 'max-content', maxWidth: 260 }}
      >
        {running ? (
          <Box sx={{ mt: 1 }}>
            <LinearProgress
              variant={progress ? 'determinate' : 'indeterminate'}
              value={progress ? (progress.loaded / progress.total) * 100 : undefined}
              aria-label="Export progress"
            />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {progressText(progress)}
            </Typography>
          </Box>
        ) : null}
        {state.kind === 'success' ? (
          <Typography variant="body2" color="success.main" sx={{ mt: 0.5 }}>
            Exported {state.count} {state.count === 1 ? 'device' : 'devices'}.
          </Typography>
        ) : null}
      </Box>
      {state.kind === 'error' ? (
        <Alert
          severity="error"
          role="alert"
          sx={{ mt: 1 }}
          onClose={() => setState({ kind: 'idle' })}
        >
          Export failed: {state.message}
        </Alert>
      ) : null}
    </Box>
  );
}
