import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { $api } from '../../api/query';
import { createPoller, LINKING_POLL_VARIANT } from '../../lib/linking-poll';
import type { Poller } from '../../lib/linking-poll';
import { ONBOARDING_MESSAGES } from '../../lib/onboarding';
import { FormError } from '../../ui/form-error';
import { LinkingWizard } from '../../ui/linking/linking-wizard';

type Check = 'idle' | 'checking' | 'noDevice' | 'failed';

/**
 * Step 2 "Link device to the cloud service": the linking wizard inline. Moving on asks the
 * server whether the team has a device now (GET /team/{teamId}, never a cached answer): once when
 * the wizard has seen a device; otherwise with the linking poll's 2-try variant (SPEC §4; at 2 s
 * and 7 s, src/lib/linking-poll.ts), since a device the desktop app has just linked may take the
 * server a moment to show.
 */
export function DeviceStep({ teamId, onDone }: { teamId: string; onDone(): void }) {
  const queryClient = useQueryClient();
  const [check, setCheck] = useState<Check>('idle');
  // The wizard's own buttons lead until it has seen a device; then Continue does.
  const [linked, setLinked] = useState(false);
  const poller = useRef<Poller | null>(null);
  useEffect(() => () => poller.current?.stop(), []);

  const hasDevice = async () => {
    const team = await queryClient.fetchQuery({
      ...$api.queryOptions('get', '/team/{teamId}', { params: { path: { teamId } } }),
      staleTime: 0,
    });
    return team.deviceCount > 0;
  };
  const proceed = async () => {
    if (check === 'checking') return;
    setCheck('checking');
    if (linked) {
      try {
        if (await hasDevice()) onDone();
        else setCheck('noDevice');
      } catch {
        setCheck('failed');
      }
      return;
    }
    poller.current?.stop();
    poller.current = createPoller(
      async () => ((await hasDevice()) ? true : null),
      {
        onDone: () => onDone(),
        onTimeout: () => setCheck('noDevice'),
        onError: () => setCheck('failed'),
      },
      LINKING_POLL_VARIANT,
    );
    poller.current.start();
  };
  const message =
    check === 'noDevice'
      ? ONBOARDING_MESSAGES.deviceRequired
      : check === 'failed'
        ? ONBOARDING_MESSAGES.deviceCheckFailed
        : null;
  return (
    <Box>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <LinkingWizard
          teamId={teamId}
          mode="inline"
          onLinked={() => {
            poller.current?.stop();
            setLinked(true);
            setCheck('idle');
          }}
        />
      </Paper>
      <FormError message={message} />
      <Box
        sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 2, mt: 3 }}
      >
        {check === 'checking' && !linked ? (
          <Typography variant="body2" color="text.secondary" role="status">
            Checking whether a device is linked…
          </Typography>
        ) : null}
        <Button
          variant={linked ? 'contained' : 'outlined'}
          disabled={check === 'checking'}
          onClick={() => void proceed()}
        >
          {check === 'checking' ? 'Checking' : 'Continue'}
        </Button>
      </Box>
    </Box>
  );
}
