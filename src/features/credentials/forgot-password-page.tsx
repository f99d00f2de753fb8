import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import * as v from 'valibot';
import { $api } from '../../api/query';
import { resetEmailSchema } from '../../lib/credential-rules';
import { FreeTrialLine } from '../../ui/free-trial-line';
import { usePageTitle } from '../../ui/page-title';
import { BackToLogin, RequestFailed } from './credential-parts';

/**
 * `/password/reset` (public), SPEC §2 "Password screens" and §4 "Password reset": idle, sending,
 * sent, failed. An empty or invalid email reads "Please enter your email" and sends nothing.
 */
export function ForgotPasswordPage() {
  usePageTitle('Forgot Password');
  const [email, setEmail] = useState('');
  const [showProblem, setShowProblem] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const request = $api.useMutation('post', '/user/password/reset');
  const parsed = v.safeParse(resetEmailSchema, email);
  const problem = showProblem && !parsed.success ? (parsed.issues[0]?.message ?? null) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!parsed.success) {
      setShowProblem(true);
      input.current?.focus();
      return;
    }
    request.mutate({ body: { email: parsed.output } });
  };

  if (request.isSuccess) {
    return (
      <Stack spacing={2}>
        <Typography variant="h5" component="h1">
          Forgot your password?
        </Typography>
        <Alert severity="success" role="status">
          Password reset instructions sent!
        </Alert>
        <Typography>
          If an account uses {request.variables?.body.email ?? 'this address'}, an email with a link
          to set a new password is on its way. The link can be used once.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <BackToLogin variant="button" />
          <Button onClick={() => request.reset()}>Send again</Button>
        </Stack>
      </Stack>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby="forgot-title">
      <Stack spacing={2}>
        <Typography id="forgot-title" variant="h5" component="h1">
          Forgot your password?
        </Typography>
        <Typography color="text.secondary">
          Enter the email of your account and we will send you a link to set a new password.
        </Typography>
        <TextField
          inputRef={input}
          label="Email"
          name="email"
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          onBlur={() => setShowProblem((shown) => shown || email.trim() !== '')}
          error={problem !== null}
          helperText={problem ?? ' '}
          autoComplete="username"
          autoFocus
          required
        />
        <RequestFailed title="Reset request failed" error={request.error} />
        <Button type="submit" variant="contained" size="large" disabled={request.isPending}>
          {request.isPending
            ? 'Sending password reset request'
            : 'Send password reset instructions'}
        </Button>
        <BackToLogin />
        <Typography variant="body2" color="text.secondary">
          Password reset is for accounts of the cloud service, the only product that is charged for.
          The other apps are free and need no account.
        </Typography>
        <FreeTrialLine />
      </Stack>
    </Box>
  );
}
