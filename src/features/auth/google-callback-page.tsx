import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink, useLocation, useSearch } from 'wouter';
import { $api } from '../../api/query';
import { startSession } from '../../session/session';
import { ErrorNotice, PageLoading } from '../../ui/page-states';
import { usePageTitle } from '../../ui/page-title';

/** The login connecting page: /oauth/google?code → POST /sso/google → session → /. */
export function GoogleCallbackPage() {
  usePageTitle('Connecting');
  const search = useSearch();
  const [, navigate] = useLocation();
  // Read once: the code leaves the address bar as soon as it is used.
  const [code] = useState(() => new URLSearchParams(search).get('code'));
  const signIn = $api.useMutation('post', '/sso/google');
  const started = useRef(false);

  useEffect(() => {
    if (!code || started.current) return;
    started.current = true;
    // The code is single-use: take it out of the address bar at once.
    window.history.replaceState(null, '', '/oauth/google');
    signIn.mutate(
      { body: { code } },
      {
        onSuccess: (data) => {
          if (data && typeof data.token === 'string' && data.token) {
            startSession(data.token);
            navigate('/', { replace: true });
          }
        },
      },
    );
  }, [code, navigate, signIn]);

  if (!code) {
    return (
      <Stack spacing={2}>
        <Alert severity="error">Invalid link.</Alert>
        <Button component={RouterLink} href="/login">
          Back to login
        </Button>
      </Stack>
    );
  }
  if (signIn.isError) {
    return (
      <Stack spacing={2}>
        <ErrorNotice error={signIn.error} />
        <Button component={RouterLink} href="/login">
          Back to login
        </Button>
      </Stack>
    );
  }
  return <PageLoading label="Connecting to your account" />;
}
