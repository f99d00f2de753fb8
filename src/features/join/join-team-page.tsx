import { useState } from 'react';
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSearch } from 'wouter';
import { $api } from '../../api/query';
import { EXTERNAL_LINKS } from '../../lib/constants';
import { INVITE_LINK_MISSING, teamInviteLink } from '../../lib/invite-link';
import { parseJoinQuery } from '../../lib/join-query';
import { CopyLinkField } from '../../ui/copy-link-field';
import { ExternalLink } from '../../ui/external-link';
import { ErrorNotice, PageLoading } from '../../ui/page-states';
import type { PageProps } from '../../ui/page-props';
import { usePageTitle } from '../../ui/page-title';

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
  const link = teamInviteLink(teamId);
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
          link ? (
            <>
              <Typography variant="body2" sx={{ mb: 2 }}>
                Open the desktop app, choose to link it to a team, and paste this invite link:
              </Typography>
              <CopyLinkField label="Team invite link" value={link} />
            </>
          ) : (
            <Alert severity="error">{INVITE_LINK_MISSING}</Alert>
          )
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
 * Its only call is the public GET /team/{teamId}/public (name and serial policy).
 * failFast=true: a failure to load the team is final: no retries, no instructions, the error
 * with a Try again. Otherwise a failure other than "no such team" still shows the instructions,
 * asking for the serial consent to be on the safe side.
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

  let body;
  if (team.isPending) body = <PageLoading label="Loading the team" />;
  else if (notFound)
    body = (
      <Alert severity="warning">
        <AlertTitle>This invite link does not lead to a team.</AlertTitle>
        Ask the person who invited you for a new link.
      </Alert>
    );
  else if (team.isError && failFast)
    body = (
      <ErrorNotice
        error={team.error}
        onRetry={() => void team.refetch()}
        title="The team could not be loaded"
      />
    );
  else
    body = (
      <Stack spacing={3}>
        {team.isError ? (
          <ErrorNotice
            error={team.error}
            onRetry={() => void team.refetch()}
            title="The team's details could not be loaded"
          />
        ) : null}
        <JoinSteps
          key={team.data ? 'loaded' : 'unknown'}
          teamId={teamId}
          teamName={team.data?.name ?? null}
          consentNeeded={team.data ? team.data.requireSerial : true}
        />
      </Stack>
    );

  const name = team.data?.name;
  return (
    <Box>
      <Typography variant="h5" component="h1" gutterBottom sx={{ overflowWrap: 'anywhere' }}>
        {name ? `Join ${name}` : 'Join Team'}
      </Typography>
      {notFound || (team.isError && failFast) ? null : (
        <Typography variant="body2" sx={{ mb: 2 }}>
          Joining links one of your devices to {name ?? 'the team'}: the desktop app checks its
          security settings (such as disk encryption, firewall and screen lock) and reports the
          results, with the device&apos;s name, model and operating system, to the team&apos;s
          admins.
        </Typography>
      )}
      {email && !notFound ? (
        <Alert severity="info" sx={{ mb: 3 }}>
          You were invited as <strong>{email}</strong>. Use this address when the desktop app asks
          for your email.
        </Alert>
      ) : null}
      {body}
    </Box>
  );
}
