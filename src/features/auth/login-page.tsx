import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation, useSearch } from 'wouter';
import { $api } from '../../api/query';
import { EXTERNAL_LINKS, MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH } from '../../lib/constants';
import { hostServesAnotherBuild } from '../../lib/deployed-build';
import { emailSchema, isValid, loginPasswordSchema, pinSchema } from '../../lib/validation';
import { takeFlash } from '../../session/flash';
import { startSession, takeSessionNotice } from '../../session/session';
import { ExternalLink } from '../../ui/external-link';
import { FreeTrialLine } from '../../ui/free-trial-line';
import { usePageTitle } from '../../ui/page-title';
import { TextInput } from '../../ui/text-input';
import { beginGoogleSignIn, googleSignInOffered } from './google-oauth';

const GOOGLE_NEEDS_STORAGE =
  'Sign in with Google needs this site to keep a short-lived value in your browser, which it does not allow. Log in with your email and password instead.';

const CONNECTION_FAILURES = new Set(['network', 'timeout', 'transport']);

/**
 * The login answer carried another contract line's openapi-hash after the one new-version reload
 * (src/api/session-actions.ts): the server and this page are different versions while a breaking
 * release is being deployed. Tried again this often, while the page is shown.
 */
export const VERSION_RETRY_MS = 30_000;
const VERSION_MISMATCH =
  'This page and the server are different versions right now, most likely because an update is being rolled out. What you typed is kept: this page tries to log you in again every 30 seconds, or press Log In to try now.';
const NEWER_PAGE =
  'A new version of this page is ready. Reload the page to log in with it (you will need to type your password again).';

/**
 * SPEC §2 Login and §4: idle, loading ("Authenticating"), failed, success.
 * 412 → the pin field replaces email and password; 401 → "Login failed".
 */
export function LoginPage() {
  usePageTitle('Login');
  const search = useSearch();
  const [location, navigate] = useLocation();
  const newVersion = new URLSearchParams(search).get('new-version') === 'true';
  // A session-wide message (expired, new version) or why a stored or linked session was refused.
  const [flash] = useState(() => takeFlash() ?? takeSessionNotice());
  const [googleBlocked, setGoogleBlocked] = useState(false);
  const [unusableToken, setUnusableToken] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pin, setPin] = useState('');
  const [needsPin, setNeedsPin] = useState(false);
  const [touched, setTouched] = useState({ email: false, password: false });
  const login = $api.useMutation('post', '/user/login');

  const emailOk = isValid(emailSchema, email);
  const passwordOk = isValid(loginPasswordSchema, password);
  const pinOk = isValid(pinSchema, pin);
  const canSubmit = !login.isPending && (needsPin ? pinOk : emailOk && passwordOk);

  const versionMismatch = login.error?.kind === 'outdatedVersion';
  const [newerPage, setNewerPage] = useState(false);
  const failure = useMemo(() => {
    const error = login.error;
    if (!error) return null;
    if (error.status === 412 || error.kind === 'outdatedVersion') return null;
    if (error.status === 401) return { text: 'Login failed', connection: false };
    return { text: error.message, connection: CONNECTION_FAILURES.has(error.kind) };
  }, [login.error]);

  const send = useCallback(() => {
    if (!canSubmit) return;
    const body = needsPin
      ? { email: email.trim(), password, pin: pin.trim() }
      : { email: email.trim(), password };
    login.mutate(
      { body },
      {
        onSuccess: (data) => {
          if (!data || !startSession(data.token)) {
            setUnusableToken(true);
            return;
          }
          // Signed out on a private route: the login screen stood in for it, so stay there.
          if (location === '/login') navigate('/', { replace: true });
        },
        onError: (error) => {
          if (error.status === 412) setNeedsPin(true);
          if (error.kind === 'outdatedVersion') {
            // The backend may be the newer side: a console of its line may be on the host already.
            void hostServesAnotherBuild().then(setNewerPage);
          }
        },
      },
    );
  }, [canSubmit, needsPin, email, password, pin, login, location, navigate]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  // While the versions differ: try again now and then with what is typed (never a reload).
  const latestSend = useRef(send);
  useEffect(() => {
    latestSend.current = send;
  });
  useEffect(() => {
    if (!versionMismatch) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') latestSend.current();
    }, VERSION_RETRY_MS);
    return () => window.clearInterval(timer);
  }, [versionMismatch]);

  const unexpectedAnswer = login.isSuccess && unusableToken;

  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby="login-title">
      <Stack spacing={2}>
        <Typography id="login-title" variant="h5" component="h1">
          Log in to your account
        </Typography>
        {newVersion ? (
          <Alert severity="info">New version released. Log in to continue.</Alert>
        ) : null}
        {/* After a new version the info above says it all: one message, not two. */}
        {flash && !newVersion ? <Alert severity="warning">{flash}</Alert> : null}
        {needsPin ? (
          <TextInput
            label="Verification code"
            name="pin"
            value={pin}
            onChange={(e) => setPin(e.target.value)}
            autoComplete="one-time-code"
            inputMode="numeric"
            autoFocus
            required
            helperText="Enter the code from your authenticator app."
          />
        ) : (
          <>
            <TextInput
              label="Email"
              name="email"
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              onBlur={() => setTouched((t) => ({ ...t, email: true }))}
              error={touched.email && email !== '' && !emailOk}
              helperText={
                touched.email && email !== '' && !emailOk ? 'Please enter a valid email' : ' '
              }
              autoComplete="username"
              required
              maxLength={MAX_EMAIL_LENGTH}
            />
            <TextInput
              label="Password"
              name="password"
              type="password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              onBlur={() => setTouched((t) => ({ ...t, password: true }))}
              autoComplete="current-password"
              required
              maxLength={MAX_PASSWORD_LENGTH}
            />
          </>
        )}
        {versionMismatch ? (
          <Alert
            severity="warning"
            role="status"
            action={
              newerPage ? (
                <Button color="inherit" size="small" onClick={() => window.location.reload()}>
                  Reload page
                </Button>
              ) : undefined
            }
          >
            {newerPage ? NEWER_PAGE : VERSION_MISMATCH}
          </Alert>
        ) : null}
        {failure ? (
          <Alert severity="error" role="alert">
            {failure.text}
            {failure.connection ? (
              <>
                {' '}
                <ExternalLink href={EXTERNAL_LINKS.support}>Cannot login?</ExternalLink>
              </>
            ) : null}
          </Alert>
        ) : null}
        {unexpectedAnswer ? (
          <Alert severity="error" role="alert">
            There was a problem communicating with the server.
          </Alert>
        ) : null}
        <Button type="submit" variant="contained" size="large" disabled={!canSubmit}>
          {login.isPending ? 'Authenticating' : 'Log In'}
        </Button>
        {needsPin ? (
          <Button
            onClick={() => {
              setNeedsPin(false);
              setPin('');
              login.reset();
            }}
          >
            Use a different account
          </Button>
        ) : null}
        <Link component={RouterLink} href="/password/reset">
          Forgot your password?
        </Link>
        {/* Without a client id Google would show its own error page: not offered at all. */}
        {googleSignInOffered() ? (
          <>
            <Divider>or</Divider>
            <Button
              variant="outlined"
              onClick={() => {
                // A fresh state and PKCE verifier for every attempt (checked on /oauth/google).
                void beginGoogleSignIn().then((url) => {
                  if (url) window.location.assign(url);
                  else setGoogleBlocked(true);
                });
              }}
            >
              Sign in with Google
            </Button>
          </>
        ) : null}
        {googleBlocked ? (
          <Alert severity="warning" role="alert">
            {GOOGLE_NEEDS_STORAGE}
          </Alert>
        ) : null}
        <FreeTrialLine />
      </Stack>
    </Box>
  );
}
