import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'wouter';
import type { PageProps } from '../../ui/page-props';
import { DEVICE_STALE_DAYS } from '../../lib/constants';
import { devicePath } from '../../lib/paths';
import { isNotReporting } from '../../lib/not-reporting';
import { formatRelative } from '../../lib/relative-time';
import { BidiText } from '../../ui/bidi-text';
import { usePageTitle } from '../../ui/page-title';
import { UpdatedAgo, liveQueryOptions } from '../../ui/live-status';
import { CheckResults } from './check-results';
import { DeviceBreadcrumbs, WithDevice } from './device-frame';
import { DeviceInfoCard } from './device-info-card';
import { useDevice, useNow } from './device-queries';
import type { Device } from './device-queries';
import { RemoveDeviceDialog } from './remove-device-dialog';

function DeviceDetails({ device, onRemoved }: { device: Device; onRemoved(): void }) {
  const now = useNow();
  const [removing, setRemoving] = useState(false);
  // Live status: refreshed every minute while visible, never while the removal dialog is open.
  const live = useDevice(device.id, liveQueryOptions(removing));
  const silent = isNotReporting(device, { now });
  return (
    <>
      <DeviceBreadcrumbs device={device} />
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { md: 'center' }, mb: 3 }}
      >
        <Stack
          direction="row"
          spacing={1.5}
          useFlexGap
          sx={{ alignItems: 'baseline', flexWrap: 'wrap', minWidth: 0 }}
        >
          <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            <BidiText text={device.deviceName} />
          </Typography>
          <UpdatedAgo updatedAt={live.dataUpdatedAt} />
        </Stack>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          // Narrower padding on phones keeps the four actions on one row.
          sx={{ flexWrap: 'wrap', '& .MuiButton-root': { px: { xs: 1.25, sm: 2 } } }}
          role="group"
          aria-label="Device actions"
        >
          <Button component={RouterLink} href={devicePath(device.id, 'rename')} variant="outlined">
            Rename
          </Button>
          <Button component={RouterLink} href={devicePath(device.id, 'move')} variant="outlined">
            Move
          </Button>
          <Button component={RouterLink} href={devicePath(device.id, 'public')} variant="outlined">
            Public Page
          </Button>
          <Button variant="outlined" color="error" onClick={() => setRemoving(true)}>
            Remove
          </Button>
        </Stack>
      </Stack>
      {silent ? (
        <Alert severity="warning" sx={{ mb: 3 }} data-testid="not-reporting">
          This device has not reported for {DEVICE_STALE_DAYS} days or more (last report:{' '}
          {formatRelative(device.lastCheck, now)}). Check that the app is still installed and
          running.
        </Alert>
      ) : null}
      <DeviceInfoCard device={device} now={now} />
      <CheckResults claims={device.claims} device={device} />
      <RemoveDeviceDialog
        device={device}
        open={removing}
        onClose={() => setRemoving(false)}
        onRemoved={onRemoved}
      />
    </>
  );
}

/** `/device/{deviceId}`: breadcrumb, info card, check results per claim, and the device actions. */
export function DevicePage({ params }: PageProps) {
  usePageTitle('Device Details');
  const deviceId = params.deviceId ?? '';
  // Once removed, the page stops asking for the device while it navigates away.
  const [removed, setRemoved] = useState(false);
  return (
    <Box>
      <WithDevice deviceId={deviceId} enabled={!removed}>
        {(device) => <DeviceDetails device={device} onRemoved={() => setRemoved(true)} />}
      </WithDevice>
    </Box>
  );
}
