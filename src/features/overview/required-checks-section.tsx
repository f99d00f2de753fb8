import { SectionCard } from '../../ui/section-card';
import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'wouter';
import type { components } from '../../../generated/api';
import { OVERVIEW_MAX_AVATARS } from '../../lib/constants';
import { formatRelative } from '../../lib/relative-time';
import { devicePath } from '../../lib/paths';
import { displayText } from '../../lib/display-text';
import { BidiText, TruncatedText } from '../../ui/bidi-text';
import { EmptyState } from '../../ui/page-states';
import { UserAvatar } from '../../ui/user-avatar';
import { ExemptCheckButton } from '../../ui/exempt-check-button';
import { formatCalendarDate } from '../../lib/dates';

type RequiredCheck = components['schemas']['RequiredCheck'];

const NO_CHECKS = 'No checks.';
const ALL_PASSING = 'All devices are passing the checks!';

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** Where "Exempt…" is offered (ExemptCheckButton decides whether). */
interface ExemptOffer {
  teamId: string;
}

/** The devices failing this check under an exemption (a proposal): name, reason and end. */
function ExemptDeviceList({ check }: { check: RequiredCheck }) {
  const exempt = check.exemptDevices ?? [];
  if (exempt.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label={`Devices exempt from "${check.description}"`}
      data-testid="exempt-device-list"
      sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}
    >
      {exempt.map((device) => (
        <Typography component="li" variant="body2" color="text.secondary" key={device.id}>
          <Link component={RouterLink} href={devicePath(device.id)}>
            <BidiText text={device.deviceName} />
          </Link>{' '}
          is exempt until {formatCalendarDate(device.exemption.endsAt) ?? 'its end'}:{' '}
          <BidiText text={device.exemption.reason} />
        </Typography>
      ))}
    </Box>
  );
}

/** Every device failing one check: name (to its page), owner, OS and last check. */
function FailingDeviceList({
  id,
  check,
  offer,
}: {
  id: string;
  check: RequiredCheck;
  offer: ExemptOffer;
}) {
  return (
    <Box
      component="ul"
      id={id}
      aria-label={`Devices failing "${check.description}"`}
      data-testid="failing-device-list"
      sx={{ listStyle: 'none', p: 0, m: 0, mt: 1.5 }}
    >
      {check.devices.map((device) => (
        <Box
          component="li"
          key={device.id}
          sx={{
            display: 'grid',
            gridTemplateColumns: {
              xs: 'minmax(0, 1fr)',
              sm: 'minmax(0, 2fr) minmax(0, 2fr) auto auto',
            },
            columnGap: 2,
            rowGap: 0.25,
            alignItems: 'center',
            py: 0.75,
            borderTop: 1,
            borderColor: 'divider',
          }}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
            <UserAvatar email={device.ownerEmail} size={24} />
            <Link component={RouterLink} href={devicePath(device.id)} sx={{ minWidth: 0 }}>
              <TruncatedText text={device.deviceName} />
            </Link>
          </Stack>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ display: 'flex', minWidth: 0, whiteSpace: 'nowrap' }}
          >
            <TruncatedText text={device.ownerEmail} sx={{ flexShrink: 1 }} />
            <Box component="span" sx={{ flexShrink: 0, px: 0.5 }}>
              ·
            </Box>
            <TruncatedText text={device.osVersion} sx={{ flexShrink: 2 }} />
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            Last check {formatRelative(device.lastCheck)}
          </Typography>
          <ExemptCheckButton
            sx={{ justifySelf: { xs: 'start', sm: 'end' }, ml: { xs: -0.5, sm: 0 } }}
            target={{
              teamId: offer.teamId,
              deviceId: device.id,
              deviceName: device.deviceName,
              checkId: check.id,
              checkDescription: check.description,
            }}
          />
        </Box>
      ))}
    </Box>
  );
}

/**
 * One failing required check: its name, how many devices fail it, up to 15 avatars (then
 * "+N more"), and the full list of its failing devices on demand.
 */
function FailingCheck({ check, offer }: { check: RequiredCheck; offer: ExemptOffer }) {
  const shown = check.devices.slice(0, OVERVIEW_MAX_AVATARS);
  const hidden = check.devices.length - shown.length;
  const headingId = `check-${check.id}`;
  const listId = useId();
  const [open, setOpen] = useState(false);
  const count = plural(check.devices.length, 'device', 'devices');
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
          Failing on {count}
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
      <Button
        size="small"
        sx={{ mt: 1, ml: -1 }}
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? 'Hide the failing devices' : `List the ${count} failing this check`}
      </Button>
      {open ? <FailingDeviceList id={listId} check={check} offer={offer} /> : null}
      <ExemptDeviceList check={check} />
    </Box>
  );
}

/** Required checks with their failing devices as avatars (at most 15 each, then "+N more"). */
export function RequiredChecksSection({
  checks,
  teamId,
}: {
  checks: RequiredCheck[];
  teamId: string;
}) {
  const offer = { teamId };
  const failing = checks.filter((check) => check.devices.length > 0);
  let content;
  if (checks.length === 0) content = <EmptyState>{NO_CHECKS}</EmptyState>;
  else if (failing.length === 0) content = <EmptyState>{ALL_PASSING}</EmptyState>;
  else {
    content = (
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {failing.map((check) => (
          <FailingCheck key={check.id} check={check} offer={offer} />
        ))}
      </Box>
    );
  }
  return (
    <SectionCard
      id="required-checks-title"
      title="Required checks"
      aside={
        checks.length > 0
          ? `${failing.length} of ${plural(checks.length, 'required check', 'required checks')} failing`
          : null
      }
    >
      {content}
    </SectionCard>
  );
}
