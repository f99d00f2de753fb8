import { useId } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { ChipProps } from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import SvgIcon from '@mui/material/SvgIcon';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatCalendarDate } from '../../lib/dates';
import { checkStateLabel } from '../../lib/device-status';
import type { CheckState } from '../../lib/device-status';
import { BidiText } from '../../ui/bidi-text';
import { EmptyState } from '../../ui/page-states';
import { ExemptCheckButton } from '../../ui/exempt-check-button';
import type { Claim, Device } from './device-queries';

type DeviceCheck = Claim['checks'][number];

/** What the Result cell adds to a check's state: since when, its exemption, or "Exempt…". */
interface CheckExtras {
  device: Device;
}

/** Beyond the SPEC (proposals): since when the check is in its state, and its exemption. */
function CheckNotes({ check, extras }: { check: DeviceCheck; extras: CheckExtras }) {
  const since = formatCalendarDate(check.changedAt);
  const exemption = check.exemption;
  return (
    <>
      {since ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          Since {since}
        </Typography>
      ) : null}
      {exemption ? (
        <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="check-exemption">
          Exempt until {formatCalendarDate(exemption.endsAt) ?? 'its end'}:{' '}
          <BidiText text={exemption.reason} /> (<BidiText text={exemption.by.email} />)
        </Typography>
      ) : check.state === 'fail' ? (
        <ExemptCheckButton
          target={{
            teamId: extras.device.teamId,
            deviceId: extras.device.id,
            deviceName: extras.device.deviceName,
            checkId: check.id,
            checkDescription: check.description,
          }}
        />
      ) : null}
    </>
  );
}

/** Material icon paths (the icon package is not a dependency). */
const ICONS = {
  pass: 'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m-2 15-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8z',
  fail: 'M12 2C6.47 2 2 6.47 2 12s4.47 10 10 10 10-4.47 10-10S17.53 2 12 2m5 13.59L15.59 17 12 13.41 8.41 17 7 15.59 10.59 12 7 8.41 8.41 7 12 10.59 15.59 7 17 8.41 13.41 12z',
  error: 'M1 21h22L12 2zm12-3h-2v-2h2zm0-4h-2v-4h2z',
  off: 'M7 11v2h10v-2zm5-9C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 18c-4.41 0-8-3.59-8-8s3.59-8 8-8 8 3.59 8 8-3.59 8-8 8',
  missingDependency:
    'M11 18h2v-2h-2zm1-16C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 18c-4.41 0-8-3.59-8-8s3.59-8 8-8 8 3.59 8 8-3.59 8-8 8m0-14c-2.21 0-4 1.79-4 4h2c0-1.1.9-2 2-2s2 .9 2 2c0 2-3 1.75-3 5h2c0-2.25 3-2.5 3-5 0-2.21-1.79-4-4-4',
} as const satisfies Record<CheckState, string>;

const STATE_STYLE: Record<
  CheckState,
  { color: ChipProps['color']; variant: ChipProps['variant'] }
> = {
  pass: { color: 'success', variant: 'filled' },
  fail: { color: 'error', variant: 'filled' },
  error: { color: 'warning', variant: 'filled' },
  off: { color: 'default', variant: 'outlined' },
  missingDependency: { color: 'default', variant: 'outlined' },
};

/** A check's state: colour, icon and the UI label (never colour alone). */
function CheckStateChip({ state }: { state: CheckState }) {
  const style = STATE_STYLE[state];
  return (
    <Chip
      size="small"
      color={style.color}
      variant={style.variant}
      label={checkStateLabel(state)}
      data-state={state}
      icon={
        <SvgIcon aria-hidden fontSize="small">
          <path d={ICONS[state]} />
        </SvgIcon>
      }
    />
  );
}

/** The Level column from the `sm` breakpoint on. */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** "Required" or "Optional"; nothing when the server does not say (the SPEC's device check has no level). */
function levelLabel(level: string | undefined): string | null {
  if (level === 'required') return 'Required';
  if (level === 'optional') return 'Optional';
  return null;
}

function ClaimSection({ claim, extras }: { claim: Claim; extras: CheckExtras }) {
  const headingId = useId();
  // The Level column only when the answer gives levels (a proposal beyond the SPEC's device check).
  const hasLevels = claim.checks.some((check) => levelLabel(check.level) !== null);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      data-claim={claim.claim}
    >
      <Typography
        id={headingId}
        variant="h6"
        component="h3"
        sx={{ px: 2, pt: 1.5, overflowWrap: 'anywhere' }}
      >
        <BidiText text={claim.claim} />
      </Typography>
      <Table size="small" aria-labelledby={headingId}>
        <TableHead>
          <TableRow>
            <TableCell>Check</TableCell>
            <TableCell sx={{ width: { sm: 170 } }}>Result</TableCell>
            {hasLevels ? <TableCell sx={{ width: 110, ...WIDE_ONLY }}>Level</TableCell> : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {claim.checks.map((check) => (
            <TableRow
              key={check.id}
              data-check={check.id}
              sx={{ '&:last-child td': { border: 0 } }}
            >
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                <BidiText text={check.description} />
                {/* Phones: the level under the check's name, leaving it the width it needs. */}
                {levelLabel(check.level) ? (
                  <Typography
                    variant="body2"
                    color="text.secondary"
                    sx={{
                      display: { xs: 'block', sm: 'none' },
                      fontWeight: check.level === 'required' ? 600 : 400,
                    }}
                  >
                    {levelLabel(check.level)}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell>
                <CheckStateChip state={check.state} />
                <CheckNotes check={check} extras={extras} />
              </TableCell>
              {hasLevels ? (
                <TableCell sx={WIDE_ONLY}>
                  <Typography
                    variant="body2"
                    sx={{ fontWeight: check.level === 'required' ? 600 : 400 }}
                  >
                    {levelLabel(check.level)}
                  </Typography>
                </TableCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

/** The device's check results, one section per claim. */
export function CheckResults({ claims, device }: { claims: readonly Claim[]; device: Device }) {
  const withChecks = claims.filter((claim) => claim.checks.length > 0);
  return (
    <Box component="section" aria-labelledby="check-results-title" sx={{ mt: 4 }}>
      <Typography id="check-results-title" variant="h5" component="h2" sx={{ mb: 2 }}>
        Check results
      </Typography>
      {withChecks.length === 0 ? (
        <EmptyState>
          No check results yet. They appear after the device sends its first report.
        </EmptyState>
      ) : (
        <Stack spacing={2}>
          {withChecks.map((claim) => (
            <ClaimSection key={claim.claim} claim={claim} extras={{ device }} />
          ))}
        </Stack>
      )}
    </Box>
  );
}
