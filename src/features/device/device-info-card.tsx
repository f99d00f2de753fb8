import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatDate, formatRelative } from '../../lib/relative-time';
import { publicPageUrl } from '../../lib/device-status';
import { BidiText } from '../../ui/bidi-text';
import { PlatformLabel } from '../../ui/platform-label';
import { DescriptionItem, DescriptionList } from '../../ui/description-list';
import { ExternalLink } from '../../ui/external-link';
import { StatusBadge } from '../../ui/status-badge';
import { UserAvatar } from '../../ui/user-avatar';
import { formatExactTime } from './device-queries';
import type { Device } from './device-queries';

/** Relative time with the exact time in a tooltip (and the element's title). */
function LastCheck({ iso, now }: { iso: string | null; now: number }) {
  const exact = formatExactTime(iso);
  const relative = formatRelative(iso, now);
  if (!exact || !iso) return <span data-testid="last-check">{relative}</span>;
  return (
    <Tooltip title={exact} describeChild>
      <time dateTime={iso} data-testid="last-check">
        {relative}
      </time>
    </Tooltip>
  );
}

function Count({ label, value, name }: { label: string; value: number; name: string }) {
  return (
    <Box component="li" data-count={name} sx={{ listStyle: 'none' }}>
      <Typography component="span" sx={{ fontWeight: 600 }}>
        {value}
      </Typography>{' '}
      <Typography component="span" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}

/** Every device field of SPEC §3 except the check results. */
export function DeviceInfoCard({ device, now }: { device: Device; now: number }) {
  const showReported =
    device.reportedDeviceName !== '' && device.reportedDeviceName !== device.deviceName;
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 } }}
      component="section"
      aria-labelledby="device-info-title"
    >
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}
        useFlexGap
      >
        <Typography id="device-info-title" variant="h5" component="h2">
          Device information
        </Typography>
        <StatusBadge status={device.status} />
        {device.statusMsg ? (
          <Typography color="text.secondary" data-field="statusMsg" sx={{ minWidth: 0 }}>
            <BidiText text={device.statusMsg} />
          </Typography>
        ) : null}
      </Stack>
      <DescriptionList>
        <DescriptionItem label="Name" name="deviceName">
          <BidiText text={device.deviceName} />
        </DescriptionItem>
        {showReported ? (
          <DescriptionItem label="Reported name" name="reportedDeviceName">
            <BidiText text={device.reportedDeviceName} />
          </DescriptionItem>
        ) : null}
        <DescriptionItem label="Owner" name="ownerEmail">
          <Box
            component="span"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, maxWidth: '100%' }}
          >
            <UserAvatar email={device.ownerEmail} size={24} />
            <BidiText text={device.ownerEmail} sx={{ minWidth: 0 }} />
          </Box>
        </DescriptionItem>
        <DescriptionItem label="Last check" name="lastCheck">
          <LastCheck iso={device.lastCheck} now={now} />
        </DescriptionItem>
        <DescriptionItem label="Model" name="modelName">
          {device.modelName ? <BidiText text={device.modelName} /> : '—'}
        </DescriptionItem>
        <DescriptionItem label="Serial number" name="modelSerial">
          {device.modelSerial ? <BidiText text={device.modelSerial} /> : 'Not reported'}
        </DescriptionItem>
        <DescriptionItem label="Platform" name="platform">
          <PlatformLabel platform={device.platform} maxWidth={320} />
        </DescriptionItem>
        <DescriptionItem label="OS version" name="osVersion">
          {device.osVersion ? <BidiText text={device.osVersion} /> : '—'}
        </DescriptionItem>
        <DescriptionItem label="App version" name="version">
          {device.version ? <BidiText text={device.version} /> : '—'}
        </DescriptionItem>
        <DescriptionItem label="Created" name="created">
          {formatDate(device.created)}
        </DescriptionItem>
        <DescriptionItem label="Machine UUID" name="machineUUID">
          <BidiText text={device.machineUUID} sx={{ fontFamily: 'monospace', fontSize: '0.9em' }} />
        </DescriptionItem>
        <DescriptionItem label="Public page" name="publicPage">
          {device.publicId ? (
            <ExternalLink href={publicPageUrl(device.publicId)}>
              {publicPageUrl(device.publicId)}
            </ExternalLink>
          ) : (
            'Not published'
          )}
        </DescriptionItem>
        <DescriptionItem label="Checks" name="counts" wide>
          <Box component="ul" sx={{ m: 0, p: 0, display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
            <Count name="passed" label="passed" value={device.passedCount} />
            <Count name="failed" label="failed" value={device.failedCount} />
            <Count
              name="failedRequired"
              label="failed required"
              value={device.failedRequiredCount}
            />
            <Count name="disabled" label="disabled" value={device.disabledCount} />
          </Box>
        </DescriptionItem>
      </DescriptionList>
    </Paper>
  );
}
