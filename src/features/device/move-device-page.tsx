import { useState } from 'react';
import type { FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useLocation } from 'wouter';
import { $api } from '../../api/query';
import type { PageProps } from '../../ui/page-props';
import { useTeams } from '../../api/current-user';
import { devicePath } from '../../lib/paths';
import type { TeamSummary } from '../../api/current-user';
import { BidiText } from '../../ui/bidi-text';
import { FormError } from '../../ui/form-error';
import { PageError, PageLoading } from '../../ui/page-states';
import { usePageTitle } from '../../ui/page-title';
import { useToast } from '../../ui/toasts';
import { DeviceBreadcrumbs, PageHeading, WithDevice } from './device-frame';
import { refreshDeviceViews } from './device-queries';
import type { Device } from './device-queries';

/** SPEC §4 move flow: loading (device and teams), idle, saving, failed, success. */
function MoveForm({ device, teams }: { device: Device; teams: readonly TeamSummary[] }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [, navigate] = useLocation();
  const [teamId, setTeamId] = useState('');
  const move = $api.useMutation('patch', '/device/{deviceId}/move', {
    onSuccess: () => refreshDeviceViews(queryClient),
  });
  const back = devicePath(device.id);
  const current = teams.find((team) => team.id === device.teamId);
  const others = teams.filter((team) => team.id !== device.teamId);

  if (others.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 640 }}>
        <Alert severity="info">
          There is no other team to move this device to. Create another team from{' '}
          <Link component={RouterLink} href="/account" underline="always">
            your account page
          </Link>{' '}
          first.
        </Alert>
        <Button component={RouterLink} href={back} sx={{ mt: 2 }}>
          Back to the device
        </Button>
      </Paper>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!others.some((team) => team.id === teamId) || move.isPending) return;
    move.mutate(
      { params: { path: { deviceId: device.id } }, body: { teamId } },
      {
        onSuccess: () => {
          toast.info('Device moved!');
          navigate(back);
        },
      },
    );
  };

  return (
    <Paper variant="outlined" sx={{ p: 3, maxWidth: 640 }}>
      <Box component="form" noValidate onSubmit={submit} aria-label="Move device">
        {current ? (
          <Typography sx={{ mb: 2 }}>
            <strong>
              <BidiText text={device.deviceName} />
            </strong>{' '}
            is in the team{' '}
            <strong>
              <BidiText text={current.name} />
            </strong>
            .
          </Typography>
        ) : null}
        <FormControl disabled={move.isPending}>
          <FormLabel id="move-team-label">Move to team</FormLabel>
          <RadioGroup
            aria-labelledby="move-team-label"
            name="teamId"
            value={teamId}
            onChange={(event) => setTeamId(event.target.value)}
          >
            {others.map((team) => (
              <FormControlLabel
                key={team.id}
                value={team.id}
                control={<Radio />}
                sx={{ minWidth: 0, overflowWrap: 'anywhere' }}
                label={
                  <>
                    <BidiText text={team.name} /> ({team.deviceCount}{' '}
                    {team.deviceCount === 1 ? 'device' : 'devices'})
                  </>
                }
              />
            ))}
          </RadioGroup>
        </FormControl>
        <FormError error={move.error} />
        <Stack direction="row" spacing={1} sx={{ mt: 3 }}>
          <Button type="submit" variant="contained" disabled={teamId === '' || move.isPending}>
            {move.isPending ? 'Moving' : 'Move'}
          </Button>
          <Button component={RouterLink} href={back} disabled={move.isPending}>
            Cancel
          </Button>
        </Stack>
      </Box>
    </Paper>
  );
}

function MoveScreen({ device }: { device: Device }) {
  const teams = useTeams();
  let body;
  if (teams.isPending) body = <PageLoading label="Loading teams" />;
  else if (teams.isError)
    body = (
      <PageError
        error={teams.error}
        onRetry={() => void teams.refetch()}
        title="The teams could not be loaded"
      />
    );
  else body = <MoveForm device={device} teams={teams.data} />;
  return (
    <>
      <DeviceBreadcrumbs device={device} current="Move device" />
      <PageHeading>Move device</PageHeading>
      {body}
    </>
  );
}

/** `/device/{deviceId}/move`: one of the user's other teams. */
export function MoveDevicePage({ params }: PageProps) {
  usePageTitle('Move device');
  return (
    <WithDevice deviceId={params.deviceId ?? ''}>
      {(device) => <MoveScreen device={device} />}
    </WithDevice>
  );
}
