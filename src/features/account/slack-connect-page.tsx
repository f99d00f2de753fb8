import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useLocation } from 'wouter';
import type { ErrorKind } from '../../api/error-catalogue';
import { $api } from '../../api/query';
import { SLACK_CALLBACK_PATH } from '../../lib/constants';
import { ErrorNotice, PageLoading } from '../../ui/page-states';
import { PageHeader } from '../../ui/page-header';
import { usePageTitle } from '../../ui/page-title';
import { slackCallbackQuery } from './slack';

/** Failures where sending the same code again can help (the server may not have seen it). */
const RETRYABLE: ReadonlySet<ErrorKind> = new Set([
  'network',
  'timeout',
  'transport',
  'serverError',
  'tooManyRequests',
]);

function BackToAccount() {
  return (
    <Button component={RouterLink} href="/account" variant="outlined">
      Back to My Account
    </Button>
  );
}

/**
 * The Slack callback /slack/connect?code=…: a waiting screen while the query goes, as it is, to
 * GET /slack/auth; then My Account. The code leaves the address bar at once and is kept in
 * memory only, so a failure can be retried; a failure says so and changes nothing.
 */
export function SlackConnectPage() {
  usePageTitle('Connecting Slack');
  const [query] = useState(() => slackCallbackQuery(window.location.search));
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const auth = $api.useMutation('get', '/slack/auth');
  const { mutate } = auth;
  const started = useRef(false);

  const connect = useCallback(() => {
    if (!query) return;
    const code = new URLSearchParams(query).get('code') ?? '';
    mutate(
      // The callback's query is passed on exactly as Slack sent it.
      { params: { query: { code } }, querySerializer: () => query },
      {
        onSuccess: async () => {
          await queryClient.invalidateQueries({ queryKey: ['get', '/user'] });
          navigate('/account', { replace: true });
        },
      },
    );
  }, [query, mutate, queryClient, navigate]);

  // The code leaves the address bar before the first paint.
  useLayoutEffect(() => {
    if (started.current) return;
    started.current = true;
    if (window.location.search) window.history.replaceState(null, '', SLACK_CALLBACK_PATH);
    connect();
  }, [connect]);

  if (!query) {
    return (
      <>
        <PageHeader title="Slack was not connected" />
        <Stack spacing={2} sx={{ alignItems: 'flex-start', maxWidth: 640 }}>
          <Typography>
            Slack did not send an authorisation code, so nothing was connected. You can start again
            with Add under Integrations on My Account.
          </Typography>
          <BackToAccount />
        </Stack>
      </>
    );
  }
  if (auth.isError) {
    const retry = RETRYABLE.has(auth.error.kind) ? connect : undefined;
    return (
      <>
        <PageHeader title="Slack was not connected" />
        <Stack spacing={2} sx={{ alignItems: 'flex-start', maxWidth: 640 }}>
          <ErrorNotice error={auth.error} onRetry={retry} />
          <Typography>
            Nothing was changed in your account.{' '}
            {retry
              ? 'Try again, or start again with Add under Integrations on My Account.'
              : 'Start again with Add under Integrations on My Account.'}
          </Typography>
          <BackToAccount />
        </Stack>
      </>
    );
  }
  return <PageLoading label="Connecting Slack" />;
}
