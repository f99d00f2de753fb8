import { useLayoutEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useLocation } from 'wouter';
import { $api } from '../../api/query';
import { EXTERNAL_LINKS } from '../../lib/constants';
import { emailVerifyOutcome, parseEmailVerifyLink } from '../../lib/credential-rules';
import type { EmailVerifyLink, EmailVerifyOutcome } from '../../lib/credential-rules';
import { useSession } from '../../session/session';
import { ExternalLink } from '../../ui/external-link';
import { PageLoading } from '../../ui/page-states';
import { usePageTitle } from '../../ui/page-title';
import { BackToLogin } from './credential-parts';

/**
 * What this history entry already showed, kept in history.state (never the token or the email):
 * a reload of the cleaned `/email/verify` shows the same result instead of "Invalid link.".
 */
type Seen = 'opened' | 'invalid' | 'failed' | EmailVerifyOutcome;
const SEEN: readonly Seen[] = [
  'opened',
  'invalid',
  'failed',
  'done',
  'currentVerified',
  'newVerified',
  'noneVerified',
];
const STATE_KEY = 'emailVerify';

function seenInHistory(): Seen | null {
  const state: unknown = window.history.state;
  if (typeof state !== 'object' || state === null) return null;
  const value = (state as Record<string, unknown>)[STATE_KEY];
  return SEEN.find((seen) => seen === value) ?? null;
}

type Visit = { kind: 'link'; link: EmailVerifyLink } | { kind: 'seen'; seen: Seen };

/** The link of this page load, else what an earlier load of this entry saw, else an invalid link. */
function readVisit(search: string): Visit {
  if (search !== '' && search !== '?') {
    const link = parseEmailVerifyLink(search);
    return link ? { kind: 'link', link } : { kind: 'seen', seen: 'invalid' };
  }
  return { kind: 'seen', seen: seenInHistory() ?? 'invalid' };
}

const TRY_AGAIN = 'Please try again or contact support.';

function Heading() {
  return (
    <Typography variant="h5" component="h1">
      Verify Email
    </Typography>
  );
}

function Ways({ children }: { children?: ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ flexWrap: 'wrap' }}>
      {children}
      <BackToLogin variant="button" />
    </Stack>
  );
}

function SupportLink() {
  return <ExternalLink href={EXTERNAL_LINKS.support}>Contact support</ExternalLink>;
}

function Progress({ children }: { children: ReactNode }) {
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <LinearProgress
          variant="determinate"
          value={50}
          aria-label="Email change progress"
          sx={{ flexGrow: 1, height: 8, borderRadius: 4 }}
        />
        <Typography sx={{ fontWeight: 600 }}>1/2</Typography>
      </Stack>
      <Alert severity="info" role="status">
        {children}
      </Alert>
    </Stack>
  );
}

/** SPEC §4 "Email change": 1/2, then success; none verified is "Something went wrong". */
function Outcome({ outcome, newEmail }: { outcome: EmailVerifyOutcome; newEmail?: string }) {
  const signedIn = useSession().token !== null;
  if (outcome === 'done') {
    return (
      <>
        <Alert severity="success" role="status">
          <AlertTitle>Email changed</AlertTitle>
          Both addresses are verified. You now log in with {newEmail ?? 'your new email address'}.
        </Alert>
        {signedIn ? (
          <Ways />
        ) : (
          <Button component={RouterLink} href="/login" variant="contained">
            Log In
          </Button>
        )}
      </>
    );
  }
  if (outcome === 'noneVerified') {
    return (
      <>
        <Alert severity="error" role="alert">
          Something went wrong
        </Alert>
        <Typography>
          Neither address could be verified with this link. Start the email change again, or{' '}
          <SupportLink />.
        </Typography>
        <Ways>
          <Button component={RouterLink} href="/email/change" variant="contained">
            Change email again
          </Button>
        </Ways>
      </>
    );
  }
  const other =
    outcome === 'currentVerified'
      ? `Your current email address is verified. Now open the link we sent to ${newEmail ?? 'your new email address'} to finish the change.`
      : `${newEmail ?? 'Your new email address'} is verified. Now open the link we sent to your current email address to finish the change.`;
  return (
    <>
      <Progress>{other}</Progress>
      <Ways />
    </>
  );
}

function Failed({ onRetry }: { onRetry?: () => void }) {
  return (
    <>
      <Alert severity="error" role="alert">
        <AlertTitle>Email verification failed</AlertTitle>
        {TRY_AGAIN}
        {onRetry ? null : ' To try again, open the link from your email again.'}
      </Alert>
      <Ways>
        {onRetry ? (
          <Button variant="contained" onClick={onRetry}>
            Try again
          </Button>
        ) : null}
        <Button href={EXTERNAL_LINKS.support} target="_blank" rel="noopener noreferrer">
          Contact support
        </Button>
      </Ways>
    </>
  );
}

function InvalidLink() {
  return (
    <>
      <Alert severity="error" role="alert">
        Invalid link.
      </Alert>
      <Typography>
        Open the link from your email again, exactly as it was sent, or start a new email change.
      </Typography>
      <Ways>
        <Button component={RouterLink} href="/email/change" variant="contained">
          Change email
        </Button>
      </Ways>
    </>
  );
}

function Remembered({ seen }: { seen: Seen }) {
  if (seen === 'invalid') return <InvalidLink />;
  if (seen === 'failed') return <Failed />;
  if (seen === 'opened') {
    return (
      <>
        <Alert severity="info">
          This verification link was already opened here and has been removed from the address bar
          for your security. To see its result, open the link from your email again.
        </Alert>
        <Ways />
      </>
    );
  }
  return <Outcome outcome={seen} />;
}

/**
 * `/email/verify?stage=CurrentEmail|NewEmail&newEmail=…&changeToken=…` (public). A complete link
 * is sent at once (POST /user/email/verify) and leaves the address bar: the entry is replaced by
 * `/email/verify`, remembering only what was shown. A link missing a parameter, or with another
 * stage, is "Invalid link." and sends nothing.
 */
export function EmailVerifyPage() {
  usePageTitle('Verify Email');
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const signedIn = useSession().token !== null;
  const [visit] = useState(() => readVisit(window.location.search));
  const verify = $api.useMutation('post', '/user/email/verify');
  const started = useRef(false);

  const remember = (seen: Seen) =>
    navigate('/email/verify', { replace: true, state: { [STATE_KEY]: seen } });

  const send = (link: EmailVerifyLink) =>
    verify.mutate(
      { body: link },
      {
        onSuccess: (result) => {
          const outcome = emailVerifyOutcome(result);
          remember(outcome);
          if (outcome === 'done' && signedIn)
            void queryClient.invalidateQueries({ queryKey: ['get', '/user'] });
        },
        onError: () => remember('failed'),
      },
    );

  // In the commit that shows the page, before it is painted: the token is never on screen in the
  // address bar, whatever the page then says.
  useLayoutEffect(() => {
    if (started.current) return;
    started.current = true;
    if (visit.kind === 'link') {
      remember('opened');
      send(visit.link);
    } else if (window.location.search !== '') {
      remember(visit.seen);
    }
    // Once per page load: the link is read a single time.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  let body: ReactNode;
  if (visit.kind === 'seen') body = <Remembered seen={visit.seen} />;
  else if (verify.isError) body = <Failed onRetry={() => send(visit.link)} />;
  else if (verify.isSuccess)
    body = <Outcome outcome={emailVerifyOutcome(verify.data)} newEmail={visit.link.newEmail} />;
  else body = <PageLoading label="Verifying your email" />;

  return (
    <Stack spacing={2}>
      <Heading />
      <Box>
        <Stack spacing={2}>{body}</Stack>
      </Box>
    </Stack>
  );
}
