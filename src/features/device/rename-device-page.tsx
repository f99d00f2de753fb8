import { useState } from 'react';
import type { FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { Link as RouterLink, useLocation } from 'wouter';
import { $api } from '../../api/query';
import type { PageProps } from '../../ui/page-props';
import { devicePath } from '../../lib/paths';
import { deviceNameSchema, validationMessage } from '../../lib/validation';
import { BidiText } from '../../ui/bidi-text';
import { FormError } from '../../ui/form-error';
import { usePageTitle } from '../../ui/page-title';
import { useToast } from '../../ui/toasts';
import { DeviceBreadcrumbs, PageHeading, WithDevice } from './device-frame';
import { refreshDeviceViews } from './device-queries';
import type { Device } from './device-queries';

/** SPEC §4 rename flow: loading (the device), idle, saving, failed (input kept), success. */
function RenameForm({ device }: { device: Device }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [, navigate] = useLocation();
  // The name when the form opened: a refetch after saving must not turn the new name into an error.
  const [current] = useState(device.deviceName);
  const [name, setName] = useState(current);
  const [touched, setTouched] = useState(false);
  const schema = deviceNameSchema(current);
  const problem = validationMessage(schema, name);
  const rename = $api.useMutation('patch', '/device/{deviceId}/rename', {
    onSuccess: () => refreshDeviceViews(queryClient),
  });
  const showProblem = touched && problem !== null;
  const back = devicePath(device.id);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = v.safeParse(schema, name);
    if (!parsed.success || rename.isPending) return;
    rename.mutate(
      { params: { path: { deviceId: device.id } }, body: { deviceName: parsed.output } },
      {
        onSuccess: () => {
          toast.info('Device renamed!');
          navigate(back);
        },
      },
    );
  };

  return (
    <Paper variant="outlined" sx={{ p: 3, maxWidth: 640 }}>
      <Box component="form" noValidate onSubmit={submit} aria-label="Rename Device">
        <TextField
          label="Device name"
          name="deviceName"
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setTouched(true);
          }}
          error={showProblem}
          helperText={
            showProblem ? (
              problem
            ) : (
              <>
                Currently &ldquo;
                <BidiText text={current} />
                &rdquo;.
              </>
            )
          }
          fullWidth
          required
          autoFocus
          autoComplete="off"
        />
        <FormError error={rename.error} />
        <Stack direction="row" spacing={1} sx={{ mt: 3 }}>
          <Button type="submit" variant="contained" disabled={problem !== null || rename.isPending}>
            {rename.isPending ? 'Saving' : 'Save'}
          </Button>
          <Button component={RouterLink} href={back} disabled={rename.isPending}>
            Cancel
          </Button>
        </Stack>
      </Box>
    </Paper>
  );
}

/** `/device/{deviceId}/rename`. */
export function RenameDevicePage({ params }: PageProps) {
  usePageTitle('Rename Device');
  return (
    <WithDevice deviceId={params.deviceId ?? ''}>
      {(device) => (
        <>
          <DeviceBreadcrumbs device={device} current="Rename Device" />
          <PageHeading>Rename Device</PageHeading>
          <RenameForm device={device} />
        </>
      )}
    </WithDevice>
  );
}
