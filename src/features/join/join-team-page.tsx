import { useState } from 'react';
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSearch } from 'wouter';
import { $api } from '../../api/query';
import { EXTERNAL_LINKS } from '../../lib/constants';
import { parseJoinQuery } from '../../lib/join-query';
import { ExternalLink } from '../../ui/external-link';
import { ErrorNotice, PageLoading } from '../../ui/page-states';
import type { PageProps } from '../../ui/page-props';
import { usePageTitle } from '../../ui/page-title';
import { TeamInviteLinkField } from '../../ui/team-invite-link-field';

function Step({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {n}. {title}
      </Typography>
      <Box sx={{ mt: 0.5 }}>{children}</Box>
    </Box>
  );
}

/**
 * Install, (consent,) link. The serial-number consent comes before the linking step whenever the
 * team requires serial numbers, or when that is unknown because the team could not be loaded.
 */
function JoinSteps({
  teamId,
  teamName,
  consentNeeded,
}: {
  teamId: string;
  teamName: string | null;
  consentNeeded: boolean;
}) {
  const [consent, setConsent] = useState(false);
  const mayLink = !consentNeeded || consent;
  return (
    <Stack component="ol" spacing={3} sx={{ p: 0, m: 0 }}>
      <Step n={1} title="Install the desktop app">
        <Typography variant="body2">
          The desktop app runs on macOS, Windows and Linux.{' '}
          <ExternalLink href={EXTERNAL_LINKS.apps} underline="always">
            Download the desktop app
          </ExternalLink>{' '}
          and install it on the device you want to link.
        </Typography>
      </Step>
      <Step n={2} title="Link this device to the team">
        {consentNeeded ? (
          <Box sx={{ mb: 2 }}>
            <Typography variant="body2">
              {teamName
                ? `${teamName} requires the serial number of every linked device.`
                : 'This team may require the serial number of every linked device.'}
            </Typography>
            <FormControlLabel
              control={
                <Checkbox checked={consent} onChange={(e) => setConsent(e.target.checked)} />
              }
              label={`I agree to send this device's serial number to ${teamName ?? 'this team'}.`}
              slotProps={{ typography: { variant: 'body2' } }}
              sx={{ mt: 1, alignItems: 'flex-start', '& .MuiCheckbox-root': { pt: 0.25 } }}
            />
          </Box>
        ) : null}
        {mayLink ? (
          <>
            <Typography variant="body2" sx={{ mb: 2 }}>
              Open the desktop app, choose to link it to a team, and paste this invite link:
            </Typography>
            <TeamInviteLinkField teamId={teamId} />
          </>
        ) : (
          <Typography variant="body2" color="text.secondary" role="status">
            Agree to send the serial number to see how to link this device.
          </Typography>
        )}
      </Step>
    </Stack>
  );
}

/**
 * SPEC §2 `/team/join/{teamId}?email&failFast(true)`, the team's public invite page (signed out).
 * The SPEC gives this page no call: how to join (install, serial-number consent, the team invite
 * link) needs none and is always shown. The proposed public call GET /team/{teamId}/public (an
 * x-spec-gap `adds-call`) only improves it: the team's name, and no consent question for a team
 * that does not require serial numbers. When it fails or does not exist (a 404 from a backend
 * built to the SPEC alone), the page asks for the consent to be on the safe side.
 * failFast=true: that call is not retried, so a failure shows at once; the steps show either way.
 */
export function JoinTeamPage({ params }: PageProps) {
  usePageTitle('Join Team');
  const teamId = params.teamId ?? '';
  const { email, failFast } = parseJoinQuery(useSearch());
  const team = $api.useQuery(
    'get',
    '/team/{teamId}/public',
    { params: { path: { teamId } } },
    failFast ? { retry: false } : {},
  );
  const notFound = team.error?.kind === 'notFound';
  // Only the first try is waited for: retries of an enhancement keep nobody from joining.
  const firstTry = team.isPending && team.failureCount === 0;

  let notice = null;
  if (notFound)
    notice = (
      <Alert severity="info">
        The team&apos;s details are not available here. The steps below still work; if the desktop
        app does not accept the link, ask the person who invited you for a new one.
      </Alert>
    );
  else if (team.isError)
    notice = (
      <ErrorNotice
        error={team.error}
        onRetry={() => void team.refetch()}
        title="The team's details could not be loaded"
      />
    );

  const name = team.data?.name;
  return (
    <Box>
      <Typography variant="h5" component="h1" gutterBottom sx={{ overflowWrap: 'anywhere' }}>
        {name ? `Join ${name}` : 'Join Team'}
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        Joining links one of your devices to {name ?? 'the team'}: the desktop app checks its
        security settings (such as disk encryption, firewall and screen lock) and reports the
        results, with the device&apos;s name, model and operating system, to the team&apos;s admins.
      </Typography>
      {email ? (
        <Alert severity="info" sx={{ mb: 3 }}>
          You were invited as <strong>{email}</strong>. Use this address when the desktop app asks
          for your email.
        </Alert>
      ) : null}
      {firstTry ? (
        <PageLoading label="Loading the team" />
      ) : (
        <Stack spacing={3}>
          {notice}
          <JoinSteps
            teamId={teamId}
            teamName={name ?? null}
            consentNeeded={team.data ? team.data.requireSerial : true}
          />
        </Stack>
      )}
    </Box>
  );
}
