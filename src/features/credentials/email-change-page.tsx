import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import * as v from 'valibot';
import { Link as RouterLink } from 'wouter';
import { useCurrentUser } from '../../api/current-user';
import type { User } from '../../api/current-user';
import { $api } from '../../api/query';
import { newEmailSchema } from '../../lib/credential-rules';
import { FormError } from '../../ui/form-error';
import { PageHeader } from '../../ui/page-header';
import { PageError, PageLoading } from '../../ui/page-states';
import { usePageTitle } from '../../ui/page-title';
import { FormCard } from './credential-parts';

function EmailChangeForm({ user }: { user: User }) {
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const request = $api.useMutation('post', '/user/email/change');
  const parsed = v.safeParse(newEmailSchema(user.email), email);
  const problem = touched && !parsed.success ? (parsed.issues[0]?.message ?? null) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!parsed.success) {
      setTouched(true);
      input.current?.focus();
      return;
    }
    // SPEC §7 "the UI also sends a signature": the user's beaconSignature (contract, x-spec-gap).
    const signature = user.beaconSignature;
    const body = signature ? { newEmail: parsed.output, signature } : { newEmail: parsed.output };
    request.mutate({ body });
  };

  if (request.isSuccess) {
    const newEmail = request.variables?.body.newEmail ?? '';
    return (
      <Stack spacing={2}>
        <Alert severity="success" role="status">
          <AlertTitle>Check both mailboxes</AlertTitle>
          We sent a verification link to {user.email} and one to {newEmail}. Open both links to
          finish the change. Until then you keep logging in with {user.email}.
        </Alert>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button component={RouterLink} href="/account" variant="contained">
            Back to My Account
          </Button>
          <Button onClick={() => request.reset()}>Use another address</Button>
        </Stack>
      </Stack>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Change Email">
      <Stack spacing={2}>
        <Typography color="text.secondary">
          You log in with {user.email}. We send a link to this address and one to the new address;
          the change is made once both are opened.
        </Typography>
        <TextField
          inputRef={input}
          label="New email"
          name="newEmail"
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          onBlur={() => setTouched((was) => was || email.trim() !== '')}
          error={problem !== null}
          helperText={problem ?? ' '}
          autoComplete="email"
          autoFocus
          required
          fullWidth
        />
        <FormError error={request.error} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button type="submit" variant="contained" disabled={!parsed.success || request.isPending}>
            {request.isPending ? 'Sending request' : 'Send verification links'}
          </Button>
          <Button component={RouterLink} href="/account" disabled={request.isPending}>
            Cancel
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

/** `/email/change` (signed in), SPEC §4 "Email change": idle, sending, sent, failed. */
export function EmailChangePage() {
  usePageTitle('Change Email');
  const user = useCurrentUser();
  let body;
  if (user.isPending) body = <PageLoading />;
  else if (user.isError)
    body = <PageError error={user.error} onRetry={() => void user.refetch()} />;
  else body = <EmailChangeForm user={user.data} />;
  return (
    <>
      <PageHeader title="Change Email" />
      <FormCard>{body}</FormCard>
    </>
  );
}
