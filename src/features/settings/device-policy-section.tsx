import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { useQueryClient } from '@tanstack/react-query';
import { $api } from '../../api/query';
import { ErrorNotice } from '../../ui/page-states';
import { FormError } from '../../ui/form-error';
import { useToast } from '../../ui/toasts';
import { SectionCard } from '../../ui/section-card';
import { teamPath } from './settings-queries';

/**
 * SPEC §4 device-serial policy: the checkbox is disabled while loading or after a failed load,
 * editable when loaded (admins only, SPEC §6). A change is sent at once; while it runs the box
 * shows the wanted value, disabled; a failure shows the server's state again with the red notice.
 */
export function DevicePolicySection({ teamId, canManage }: { teamId: string; canManage: boolean }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const init = teamPath(teamId);
  const policy = $api.useQuery('get', '/team/{teamId}/settings/device', init);
  const key = $api.queryOptions('get', '/team/{teamId}/settings/device', init).queryKey;
  const update = $api.useMutation('patch', '/team/{teamId}/settings/device', {
    onSuccess: async (answer) => {
      toast.info('Device policy updated!');
      queryClient.setQueryData(key, answer);
      await queryClient.invalidateQueries({ queryKey: key });
    },
  });
  const loaded = policy.isSuccess;
  const checked = update.isPending
    ? update.variables.body.requireSerial
    : (policy.data?.requireSerial ?? false);

  return (
    <SectionCard
      id="settings-device-policy"
      title="Device Policy"
      description="What every device must send to be linked to this team."
    >
      <FormControlLabel
        control={
          <Checkbox
            checked={checked}
            disabled={!loaded || !canManage || update.isPending}
            onChange={(event) => {
              const requireSerial = event.target.checked;
              update.mutate({ ...init, body: { requireSerial } });
            }}
            slotProps={{ input: { 'aria-describedby': 'device-policy-help' } }}
          />
        }
        label="Require device serial number"
      />
      <FormHelperText id="device-policy-help" sx={{ mt: 0 }}>
        Devices must send their serial number. Invited users are asked to consent before they link a
        device.
      </FormHelperText>
      {/* The status line keeps its height once loaded: the sections below never move up. */}
      <FormHelperText role="status" sx={{ minHeight: '1.66em' }}>
        {policy.isPending ? 'Loading the device policy…' : ''}
      </FormHelperText>
      {policy.isError ? (
        <Box sx={{ mt: 2 }}>
          <ErrorNotice
            error={policy.error}
            onRetry={() => void policy.refetch()}
            title="The device policy could not be loaded"
          />
        </Box>
      ) : null}
      <FormError error={update.error} />
    </SectionCard>
  );
}
