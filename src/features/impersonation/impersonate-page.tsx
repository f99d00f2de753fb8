import { useState } from 'react';
import type { FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import * as v from 'valibot';
import { Link as RouterLink, useLocation, useSearch } from 'wouter';
import type { components } from '../../../generated/api';
import { useCurrentUser } from '../../api/current-user';
import { $api } from '../../api/query';
import { isUuid } from '../../lib/uuid';
import { impersonationEmailSchema, validationMessage } from '../../lib/validation';
import {
  getSession,
  setSession,
  startImpersonation,
  stopImpersonation,
  useSession,
} from '../../session/session';
import { FormError } from '../../ui/form-error';
import { PageHeader } from '../../ui/page-header';
import type { PageProps } from '../../ui/page-props';
import { PageError, PageLoading } from '../../ui/page-states';
import { usePageTitle } from '../../ui/page-title';
import { impersonationFailure, NO_TOKEN_FAILURE, tokenOf } from './impersonation';

/** The support user's token moves to the admin slot; the customer's becomes the session. */
function useImpersonate() {
  const [, navigate] = useLocation();
  const [problem, setProblem] = useState<string | null>(null);
  const byEmail = $api.useMutation('post', '/user/impersonate/email');
  const byId = $api.useMutation('post', '/user/impersonate/id');
  const pending = byEmail.isPending || byId.isPending;
  const error = byEmail.error ?? byId.error;

  const done = (data: components['schemas']['SessionToken']) => {
    const token = tokenOf(data);
    if (!token) {
      setProblem(NO_TOKEN_FAILURE);
      return;
    }
    // The query cache is cleared on a token change (main.tsx): nothing of Dana shows for Bob.
    setSession(startImpersonation(getSession(), token));
    navigate('/', { replace: true });
  };

  return {
    pending,
    message: problem ?? (error ? impersonationFailure(error) : null),
    withEmail(email: string) {
      if (pending) return;
      setProblem(null);
      byId.reset();
      byEmail.mutate({ body: { email } }, { onSuccess: done });
    },
    withId(id: string) {
      if (pending) return;
      setProblem(null);
      byEmail.reset();
      byId.mutate({ body: { id } }, { onSuccess: done });
    },
  };
}

function EmailForm({ impersonate }: { impersonate: ReturnType<typeof useImpersonate> }) {
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const problem = validationMessage(impersonationEmailSchema, email);
  const showProblem = touched && problem !== null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    const parsed = v.safeParse(impersonationEmailSchema, email);
    if (!parsed.success) return;
    impersonate.withEmail(parsed.output);
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Impersonate by email">
      <TextField
        label="Email"
        name="email"
        type="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        onBlur={() => {
          if (email !== '') setTouched(true);
        }}
        error={showProblem}
        helperText={showProblem ? problem : 'The email of the user whose console you want to see.'}
        fullWidth
        autoFocus
        autoComplete="off"
        disabled={impersonate.pending}
      />
      <FormError message={impersonate.message} />
      <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={impersonate.pending}>
        {impersonate.pending ? 'Impersonating' : 'Impersonate'}
      </Button>
    </Box>
  );
}

function ByIdForm({
  id,
  impersonate,
}: {
  id: string;
  impersonate: ReturnType<typeof useImpersonate>;
}) {
  return (
    <Box>
      <Typography sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        Impersonate the user with the id <strong>{id}</strong>?
      </Typography>
      <FormError message={impersonate.message} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }}>
        <Button
          variant="contained"
          disabled={impersonate.pending}
          onClick={() => impersonate.withId(id.toLowerCase())}
        >
          {impersonate.pending ? 'Impersonating' : 'Impersonate'}
        </Button>
        <Link component={RouterLink} href="/impersonate" sx={{ alignSelf: 'center' }}>
          Impersonate by email instead
        </Link>
      </Stack>
    </Box>
  );
}

function StartImpersonating() {
  const search = useSearch();
  const impersonate = useImpersonate();
  const userId = new URLSearchParams(search).get('userId');
  const validId = userId !== null && isUuid(userId);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
      {userId !== null && !validId ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          The link&apos;s user id is not a valid id. Impersonate by email instead.
        </Alert>
      ) : null}
      {validId ? (
        <ByIdForm id={userId} impersonate={impersonate} />
      ) : (
        <EmailForm impersonate={impersonate} />
      )}
    </Paper>
  );
}

function StopImpersonating({ email }: { email: string | undefined }) {
  const stop = () => setSession(stopImpersonation(getSession()));
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
      <Alert severity="warning" sx={{ mb: 2 }}>
        {email ? `Impersonating ${email}.` : 'Impersonating another user.'} You see the console as
        this user sees it. Support chat and analytics are off.
      </Alert>
      <Button variant="contained" onClick={stop}>
        Stop impersonating
      </Button>
    </Paper>
  );
}

/** `/impersonate?userId={uuid}`: support staff (superuser) see the console as another user. */
export function ImpersonatePage(_props: PageProps) {
  usePageTitle('Impersonate');
  const session = useSession();
  const user = useCurrentUser();
  const impersonating = session.adminToken !== null;

  let body;
  // Stopping must work whatever the impersonated user's data does.
  if (impersonating) body = <StopImpersonating email={user.data?.email} />;
  else if (user.isPending) body = <PageLoading />;
  else if (user.isError)
    body = <PageError error={user.error} onRetry={() => void user.refetch()} />;
  else if (!user.data.isSuperuser)
    body = (
      <>
        <Alert severity="info" sx={{ mb: 2 }}>
          Impersonation is for support staff only.
        </Alert>
        <Button component={RouterLink} href="/" variant="outlined">
          Go back home
        </Button>
      </>
    );
  else body = <StartImpersonating />;

  return (
    <>
      <PageHeader title="Impersonate" />
      {body}
    </>
  );
}
