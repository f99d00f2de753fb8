import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation, useSearch } from 'wouter';
import { useCurrentUser } from '../../api/current-user';
import { $api } from '../../api/query';
import { getSession, startSession } from '../../session/session';
import { BidiText } from '../../ui/bidi-text';
import { ErrorNotice, PageLoading } from '../../ui/page-states';
import { usePageTitle } from '../../ui/page-title';
import { GOOGLE_PKCE, readGoogleCallback } from './google-oauth';

export const FORGED_CALLBACK =
  'This Google sign-in was not started here, or it has expired. Please sign in again.';
export const CANCELLED_CALLBACK = 'Google sign-in was cancelled.';
export const UNUSABLE_ANSWER = 'There was a problem communicating with the server.';

function BackToLogin({ children }: { children: React.ReactNode }) {
  return (
    <Stack spacing={2}>
      {children}
      <Button component={RouterLink} href="/login">
        Back to login
      </Button>
    </Stack>
  );
}

/** Someone is already signed in here: replacing their session needs their word. */
function ReplaceSessionPrompt({ onContinue }: { onContinue(): void }) {
  const user = useCurrentUser();
  const [, navigate] = useLocation();
  return (
    <Stack spacing={2} aria-labelledby="replace-session-title" component="section">
      <Typography id="replace-session-title" variant="h5" component="h1">
        You are already signed in
      </Typography>
      <Typography>
        {user.data ? (
          <>
            This browser is signed in as <BidiText text={user.data.email} />.{' '}
          </>
        ) : null}
        Continue with the Google account instead? The current session ends.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button variant="contained" onClick={onContinue}>
          Continue with Google
        </Button>
        <Button variant="outlined" onClick={() => navigate('/', { replace: true })}>
          Stay signed in
        </Button>
      </Stack>
    </Stack>
  );
}

/**
 * The login connecting page: /oauth/google?code&state → checks → POST /sso/google → session → /.
 * A code whose state this tab did not store is never sent (login CSRF); a callback while signed in
 * asks before it replaces the session.
 */
export function GoogleCallbackPage() {
  usePageTitle('Connecting');
  const search = useSearch();
  const [, navigate] = useLocation();
  // Read and checked once: the stored state is single-use.
  const [callback] = useState(() => readGoogleCallback(search));
  const [signedInAtStart] = useState(() => getSession().token !== null);
  const [confirmed, setConfirmed] = useState(false);
  const [unusable, setUnusable] = useState(false);
  const signIn = $api.useMutation('post', '/sso/google');
  const started = useRef(false);

  // The code and state are single-use: out of the address bar at once, before the first paint.
  useLayoutEffect(() => {
    if (window.location.search) window.history.replaceState(null, '', '/oauth/google');
  }, []);

  const exchange = useCallback(() => {
    if (callback.kind !== 'ok' || started.current) return;
    started.current = true;
    signIn.mutate(
      {
        body: GOOGLE_PKCE
          ? { code: callback.code, codeVerifier: callback.verifier }
          : { code: callback.code },
      },
      {
        onSuccess: (data) => {
          if (data && startSession(data.token)) navigate('/', { replace: true });
          else setUnusable(true);
        },
      },
    );
  }, [callback, navigate, signIn]);

  const mayExchange = callback.kind === 'ok' && (!signedInAtStart || confirmed);
  useEffect(() => {
    if (mayExchange) exchange();
  }, [mayExchange, exchange]);

  if (callback.kind === 'invalid') {
    return (
      <BackToLogin>
        <Alert severity="error">Invalid link.</Alert>
      </BackToLogin>
    );
  }
  if (callback.kind === 'forged') {
    return (
      <BackToLogin>
        <Alert severity="error">{FORGED_CALLBACK}</Alert>
      </BackToLogin>
    );
  }
  if (callback.kind === 'cancelled') {
    return (
      <BackToLogin>
        <Alert severity="info">{CANCELLED_CALLBACK}</Alert>
      </BackToLogin>
    );
  }
  if (signedInAtStart && !confirmed) {
    return <ReplaceSessionPrompt onContinue={() => setConfirmed(true)} />;
  }
  if (unusable) {
    return (
      <BackToLogin>
        <Alert severity="error">{UNUSABLE_ANSWER}</Alert>
      </BackToLogin>
    );
  }
  if (signIn.isError) {
    return (
      <BackToLogin>
        <ErrorNotice error={signIn.error} />
      </BackToLogin>
    );
  }
  return <PageLoading label="Connecting to your account" />;
}
