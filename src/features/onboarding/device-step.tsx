import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { useQueryClient } from '@tanstack/react-query';
import { $api } from '../../api/query';
import { ONBOARDING_MESSAGES } from '../../lib/onboarding';
import { FormError } from '../../ui/form-error';
import { LinkingWizard } from '../../ui/linking/linking-wizard';

type Check = 'idle' | 'checking' | 'noDevice' | 'failed';

/**
 * Step 2 "Link device to the cloud service": the linking wizard inline. Moving on asks the
 * server whether the team has a device now (GET /team/{teamId}, never a cached answer).
 */
export function DeviceStep({ teamId, onDone }: { teamId: string; onDone(): void }) {
  const queryClient = useQueryClient();
  const [check, setCheck] = useState<Check>('idle');
  // The wizard's own buttons lead until it has seen a device; then Continue does.
  const [linked, setLinked] = useState(false);
  const proceed = async () => {
    if (check === 'checking') return;
    setCheck('checking');
    try {
      const team = await queryClient.fetchQuery({
        ...$api.queryOptions('get', '/team/{teamId}', { params: { path: { teamId } } }),
        staleTime: 0,
      });
      if (team.deviceCount > 0) onDone();
      else setCheck('noDevice');
    } catch {
      setCheck('failed');
    }
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
            setLinked(true);
            setCheck('idle');
          }}
        />
      </Paper>
      <FormError message={message} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 3 }}>
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
