import { useEffect, useRef } from 'react';
import { joinTeamPath } from '../../lib/paths';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'wouter';
import { $api } from '../../api/query';
import { EMAIL_SNOOZE_DAYS } from '../../lib/constants';
import { ErrorNotice, PageLoading } from '../../ui/page-states';
import type { PageProps } from '../../ui/page-props';
import { usePageTitle } from '../../ui/page-title';

/**
 * SPEC §2 `/snooze/{teamId}/{inviteId}` (public, signed out): snoozes the invite's email reminders
 * for 15 days. The call is made once on arrival; a failure says why and offers to try again
 * (a link that is no longer valid cannot be retried).
 */
export function SnoozePage({ params }: PageProps) {
  usePageTitle('Snooze Reminders');
  const teamId = params.teamId ?? '';
  const inviteId = params.inviteId ?? '';
  const snooze = $api.useMutation('patch', '/team/{teamId}/snooze/emails');
  const { mutate } = snooze;
  const sent = useRef(false);
  useEffect(() => {
    // Once per visit (StrictMode runs effects twice in development).
    if (sent.current) return;
    sent.current = true;
    mutate({ params: { path: { teamId } }, body: { inviteId } });
  }, [mutate, teamId, inviteId]);

  // A double click sends one request: the shared mutation path guards it.
  const retry = () => mutate({ params: { path: { teamId } }, body: { inviteId } });
  const gone = snooze.error?.kind === 'notFound';

  let body;
  if (snooze.isSuccess)
    body = (
      <Alert severity="success">
        <AlertTitle>Reminders snoozed</AlertTitle>
        Email reminders are snoozed for {EMAIL_SNOOZE_DAYS} days. You will not get another reminder
        to link your device before then.
      </Alert>
    );
  else if (gone)
    body = (
      <Alert severity="warning">
        <AlertTitle>This snooze link is not valid any more.</AlertTitle>
        The invite may have been withdrawn, or the device is already linked.
      </Alert>
    );
  else if (snooze.isError)
    body = (
      <>
        <ErrorNotice error={snooze.error} title="The reminders could not be snoozed" />
        <Button variant="contained" onClick={retry} sx={{ mt: 2 }}>
          Try again
        </Button>
      </>
    );
  else body = <PageLoading label="Snoozing email reminders" />;

  return (
    <Box>
      <Typography variant="h5" component="h1" gutterBottom>
        Snooze email reminders
      </Typography>
      {body}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
        Ready to link your device now?{' '}
        <Link component={RouterLink} href={joinTeamPath(teamId)} underline="always">
          See how to join the team
        </Link>
        .
      </Typography>
    </Box>
  );
}
