import { OverviewSection } from './overview-section';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'wouter';
import type { components } from '../../../generated/api';
import { OVERVIEW_MAX_AVATARS } from '../../lib/constants';
import { devicePath } from '../../lib/paths';
import { displayText } from '../../lib/display-text';
import { BidiText } from '../../ui/bidi-text';
import { EmptyState } from '../../ui/page-states';
import { UserAvatar } from '../../ui/user-avatar';

type RequiredCheck = components['schemas']['RequiredCheck'];

export const NO_CHECKS = 'No checks.';
export const ALL_PASSING = 'All devices are passing the checks!';

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function FailingCheck({ check }: { check: RequiredCheck }) {
  const shown = check.devices.slice(0, OVERVIEW_MAX_AVATARS);
  const hidden = check.devices.length - shown.length;
  const headingId = `check-${check.id}`;
  return (
    <Box
      component="li"
      aria-labelledby={headingId}
      data-testid="failing-check"
      sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }}
    >
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 2, flexWrap: 'wrap' }}
      >
        <Typography id={headingId} component="h3" sx={{ fontWeight: 600, minWidth: 0 }}>
          <BidiText text={check.description} />
        </Typography>
        <Typography variant="body2" color="error">
          Failing on {plural(check.devices.length, 'device', 'devices')}
        </Typography>
      </Stack>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          mt: 1,
          display: 'flex',
          flexWrap: 'wrap',
          gap: 0.75,
          alignItems: 'center',
        }}
      >
        {shown.map((device) => (
          <li key={device.id}>
            <Tooltip
              title={`${displayText(device.deviceName)} (${displayText(device.ownerEmail)})`}
            >
              <Link
                component={RouterLink}
                href={devicePath(device.id)}
                aria-label={`${displayText(device.deviceName)} (${displayText(device.ownerEmail)})`}
                data-testid="failing-device"
                sx={{ display: 'inline-flex', borderRadius: '50%' }}
              >
                <UserAvatar email={device.ownerEmail} size={32} />
              </Link>
            </Tooltip>
          </li>
        ))}
        {hidden > 0 ? (
          <Typography component="li" variant="body2" color="text.secondary" sx={{ ml: 0.5 }}>
            +{hidden} more
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}

/** Required checks with their failing devices as avatars (at most 15 each, then "+N more"). */
export function RequiredChecksSection({ checks }: { checks: RequiredCheck[] }) {
  const failing = checks.filter((check) => check.devices.length > 0);
  let content;
  if (checks.length === 0) content = <EmptyState>{NO_CHECKS}</EmptyState>;
  else if (failing.length === 0) content = <EmptyState>{ALL_PASSING}</EmptyState>;
  else {
    content = (
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {failing.map((check) => (
          <FailingCheck key={check.id} check={check} />
        ))}
      </Box>
    );
  }
  return (
    <OverviewSection
      id="required-checks-title"
      title="Required checks"
      summary={
        checks.length > 0
          ? `${failing.length} of ${plural(checks.length, 'required check', 'required checks')} failing`
          : null
      }
    >
      {content}
    </OverviewSection>
  );
}
