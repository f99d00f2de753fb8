import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { $api } from '../../api/query';
import { LINKING_POLL_VARIANT } from '../../lib/linking-poll';
import { ONBOARDING_MESSAGES } from '../../lib/onboarding';
import { FormError } from '../../ui/form-error';
import { LinkingWizard } from '../../ui/linking/linking-wizard';
import { useScheduledPoll } from '../../ui/use-scheduled-poll';

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
  // The 2-try check behind Continue while the wizard has seen no device: one poll per click.
  const [attempt, setAttempt] = useState<number | null>(null);

  const hasDevice = async () => {
    const team = await queryClient.fetchQuery({
      ...$api.queryOptions('get', '/team/{teamId}', { params: { path: { teamId } } }),
      staleTime: 0,
    });
    return team.deviceCount > 0;
  };
  const poll = useScheduledPoll({
    key: ['onboarding-device', teamId, attempt],
    check: async () => ((await hasDevice()) ? true : null),
    running: attempt !== null && !linked,
    schedule: LINKING_POLL_VARIANT,
  });
  const polled = attempt !== null && !linked ? poll.progress : undefined;
  const doneAttempt = polled?.kind === 'done' ? attempt : null;
  useEffect(() => {
    if (doneAttempt !== null) onDone();
    // Once per successful check, whatever the parent's callback identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [doneAttempt]);
  const checking =
    check === 'checking' ||
    polled === null ||
    polled?.kind === 'waiting' ||
    polled?.kind === 'done';

  const proceed = async () => {
    if (checking) return;
    if (!linked) {
      setCheck('idle');
      setAttempt((value) => (value ?? 0) + 1);
      return;
    }
    setCheck('checking');
    try {
      if (await hasDevice()) onDone();
      else setCheck('noDevice');
    } catch {
      setCheck('failed');
    }
  };
  const message =
    check === 'noDevice' || polled?.kind === 'timedOut'
      ? ONBOARDING_MESSAGES.deviceRequired
      : check === 'failed' || polled?.kind === 'failed'
        ? ONBOARDING_MESSAGES.deviceCheckFailed
        : null;
  return (
    <Box>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <LinkingWizard
          teamId={teamId}
          mode="inline"
          onLinked={() => {
            setAttempt(null);
            setLinked(true);
            setCheck('idle');
          }}
        />
      </Paper>
      <FormError message={message} />
      <Box
        sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 2, mt: 3 }}
      >
        {checking && !linked ? (
          <Typography variant="body2" color="text.secondary" role="status">
            Checking whether a device is linked…
          </Typography>
        ) : null}
        <Button
          variant={linked ? 'contained' : 'outlined'}
          disabled={checking}
          onClick={() => void proceed()}
        >
          {checking ? 'Checking' : 'Continue'}
        </Button>
      </Box>
    </Box>
  );
}
