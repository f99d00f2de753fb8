import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { components } from '../../../generated/api';
import { client } from '../../api/client';
import { isApiError, messageOf } from '../../api/error-catalogue';

type RequiredCheck = components['schemas']['RequiredCheck'];

type ExportState =
  | { kind: 'idle' }
  | { kind: 'running' }
  | { kind: 'success'; count: number }
  | { kind: 'error'; message: string };

/**
 * "Export compliance report": a CSV of the team's failing required checks, one row per check and
 * device, from the overview already on screen; the claim names come from the team's check settings
 * (asked for on the click). The report's code loads on the first click.
 */
export function ExportComplianceButton({
  teamId,
  teamName,
  checks,
}: {
  teamId: string;
  teamName: string;
  checks: readonly RequiredCheck[];
}) {
  const [state, setState] = useState<ExportState>({ kind: 'idle' });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const start = async () => {
    if (controller.current) return;
    const current = new AbortController();
    controller.current = current;
    setState({ kind: 'running' });
    try {
      const [{ complianceCsvLines, complianceFileName, complianceRows }, { downloadText }] =
        await Promise.all([
          import('../../lib/compliance-report'),
          import('../../ui/download-text'),
        ]);
      const { data } = await client.GET('/team/{teamId}/settings/checks', {
        params: { path: { teamId } },
        signal: current.signal,
      });
      current.signal.throwIfAborted();
      const rows = complianceRows(checks, data?.claims ?? []);
      downloadText(complianceCsvLines(rows), complianceFileName(teamName));
      setState({ kind: 'success', count: rows.length });
    } catch (error) {
      if (current.signal.aborted || (isApiError(error) && error.kind === 'cancelled')) return;
      setState({ kind: 'error', message: messageOf(error) });
    } finally {
      controller.current = null;
    }
  };

  return (
    // The status line below the button takes no room of its own: its arrival does not push the
    // page header down (layout shift).
    <Box sx={{ position: 'relative' }}>
      <Button variant="outlined" onClick={() => void start()} disabled={state.kind === 'running'}>
        {state.kind === 'running' ? 'Exporting' : 'Export compliance report'}
      </Button>
      <Box
        role="status"
        aria-live="polite"
        sx={{ position: 'absolute', top: '100%', right: 0, width: 'max-content', maxWidth: 260 }}
      >
        {state.kind === 'success' ? (
          <Typography variant="body2" color="success.main" sx={{ mt: 0.5 }}>
            Exported {state.count} failing {state.count === 1 ? 'check result' : 'check results'}.
          </Typography>
        ) : null}
      </Box>
      {state.kind === 'error' ? (
        <Alert
          severity="error"
          role="alert"
          sx={{ mt: 1, maxWidth: 320 }}
          onClose={() => setState({ kind: 'idle' })}
        >
          Export failed: {state.message}
        </Alert>
      ) : null}
    </Box>
  );
}
