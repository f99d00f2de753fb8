import type { ReactNode } from 'react';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'wouter';
import { devicePath, devicesPath } from '../../lib/paths';
import { pickActiveTeam, useTeams } from '../../api/current-user';
import { useSession } from '../../session/session';
import { TruncatedText } from '../../ui/bidi-text';
import { NotFoundNotice } from '../../ui/not-found-notice';
import { PageError, PageLoading } from '../../ui/page-states';
import { useDevice } from './device-queries';
import type { Device } from './device-queries';

/** Team name → its device list, then the device, then (on a sub-page) the sub-page. */
export function DeviceBreadcrumbs({ device, current }: { device: Device; current?: string }) {
  const teams = useTeams();
  const team = teams.data?.find((t) => t.id === device.teamId);
  return (
    <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 2 }}>
      <Link component={RouterLink} href={devicesPath(device.teamId)} color="inherit">
        {team ? <TruncatedText text={team.name} maxWidth={{ xs: '30vw', md: 240 }} /> : 'Devices'}
      </Link>
      {current ? (
        <Link component={RouterLink} href={devicePath(device.id)} color="inherit">
          <TruncatedText text={device.deviceName} maxWidth={{ xs: '30vw', md: 320 }} />
        </Link>
      ) : (
        <Typography color="text.primary" aria-current="page">
          <TruncatedText text={device.deviceName} maxWidth={{ xs: '60vw', md: 480 }} />
        </Typography>
      )}
      {current ? (
        <Typography color="text.primary" aria-current="page">
          {current}
        </Typography>
      ) : null}
    </Breadcrumbs>
  );
}

/** 404: the device is gone (removed, moved out of reach) or never existed. */
function DeviceNotFound() {
  const teams = useTeams();
  const session = useSession();
  const team = teams.data ? pickActiveTeam(teams.data, session.activeTeamId) : null;
  return (
    <NotFoundNotice
      title="Device not found"
      actions={
        <Button component={RouterLink} href={team ? devicesPath(team.id) : '/'} variant="outlined">
          Back to devices
        </Button>
      }
    >
      This device does not exist or you no longer have access to it.
    </NotFoundNotice>
  );
}

/**
 * The device every device screen needs, in the fixed order: pending, error (404 → not found,
 * otherwise the catalogue's message with a retry), data.
 */
export function WithDevice({
  deviceId,
  enabled,
  children,
}: {
  deviceId: string;
  enabled?: boolean;
  children: (device: Device) => ReactNode;
}) {
  const device = useDevice(deviceId, { enabled });
  if (device.isPending) return <PageLoading label="Loading device" />;
  // A failed background refresh keeps the device on screen, unless it is gone.
  if (device.isError && (!device.data || device.error.kind === 'notFound')) {
    if (device.error.kind === 'notFound') return <DeviceNotFound />;
    return (
      <PageError
        error={device.error}
        onRetry={() => void device.refetch()}
        title="The device could not be loaded"
      />
    );
  }
  if (!device.data) return <PageLoading label="Loading device" />;
  return <>{children(device.data)}</>;
}

/** The heading of a device sub-page. */
export function PageHeading({ children }: { children: ReactNode }) {
  return (
    <Typography variant="h4" component="h1" sx={{ mb: 3, overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  );
}
