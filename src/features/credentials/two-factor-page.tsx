import { useState } from 'react';
import type { FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'wouter';
import { useCurrentUser } from '../../api/current-user';
import type { User } from '../../api/current-user';
import { $api } from '../../api/query';
import { EXTERNAL_LINKS } from '../../lib/constants';
import { checkTwoFactorForm } from '../../lib/credential-rules';
import { FormError } from '../../ui/form-error';
import { PageHeader } from '../../ui/page-header';
import { PageError, PageLoading } from '../../ui/page-states';
import { usePageTitle } from '../../ui/page-title';
import { useCopyToClipboard } from '../../ui/use-copy-to-clipboard';
import { FormCard } from './credential-parts';
import { QrCode } from './qr-code';

export const RECONFIGURE_REFUSED =
  'Reconfiguring Two Factor Authentication is not allowed, please contact the support.';

type Secret = { secret: string; uri: string };

function CopySecret({ secret }: { secret: string }) {
  const { state: copied, copy } = useCopyToClipboard();
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Button size="small" variant="outlined" onClick={() => void copy(secret)}>
        Copy secret
      </Button>
      <Typography variant="body2" color="text.secondary" role="status">
        {copied === 'copied' ? 'Secret copied to the clipboard.' : null}
        {copied === 'refused'
          ? 'Copying is not allowed here: select the secret and copy it.'
          : null}
      </Typography>
    </Stack>
  );
}

/** Step 2: scan (or type) the secret, then confirm with a code and the password. */
function ConfirmSecret({ user, secret, onDone }: { user: User; secret: Secret; onDone(): void }) {
  const queryClient = useQueryClient();
  const [pin, setPin] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState({ pin: false, password: false });
  const confirm = $api.useMutation('patch', '/user/2fa');
  const check = checkTwoFactorForm({ pin, password });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const output = check.output;
    if (!output) {
      setTouched({ pin: true, password: true });
      return;
    }
    confirm.mutate(
      { body: { totp: output.totp, secret: secret.secret, password: output.password } },
      {
        onSuccess: () => {
          void queryClient.invalidateQueries({ queryKey: ['get', '/user'] });
          onDone();
        },
      },
    );
  };

  const pinProblem = touched.pin ? check.pin : null;
  const passwordProblem = touched.password ? check.password : null;
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h6" component="h2" gutterBottom>
          1. Scan the QR code
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Scan it with an authenticator app (for example 1Password, Google Authenticator or
          Microsoft Authenticator).
        </Typography>
        <QrCode value={secret.uri} label="QR code for your authenticator app" />
      </Box>
      <Box>
        <Typography variant="h6" component="h2" gutterBottom>
          2. Or enter the secret by hand
        </Typography>
        <Typography
          data-testid="two-factor-secret"
          sx={{
            fontFamily: 'monospace',
            fontSize: '1.1rem',
            wordBreak: 'break-all',
            userSelect: 'all',
            mb: 1,
          }}
        >
          {secret.secret}
        </Typography>
        <CopySecret secret={secret.secret} />
      </Box>
      <Box component="form" noValidate onSubmit={submit} aria-labelledby="two-factor-confirm">
        <Typography id="two-factor-confirm" variant="h6" component="h2" gutterBottom>
          3. Confirm with a code
        </Typography>
        <Stack spacing={2}>
          <input
            type="text"
            name="username"
            autoComplete="username"
            value={user.email}
            readOnly
            hidden
          />
          <TextField
            label="Verification code"
            name="totp"
            value={pin}
            onChange={(event) => setPin(event.target.value)}
            onBlur={() => setTouched((t) => ({ ...t, pin: pin.trim() !== '' || t.pin }))}
            error={pinProblem !== null}
            helperText={pinProblem ?? 'The 6-digit code your authenticator app shows now.'}
            autoComplete="one-time-code"
            required
            fullWidth
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <TextField
            label="Password"
            name="password"
            type="password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            onBlur={() => setTouched((t) => ({ ...t, password: password !== '' || t.password }))}
            error={passwordProblem !== null}
            helperText={passwordProblem ?? 'The password of your account.'}
            autoComplete="current-password"
            required
            fullWidth
          />
          <FormError error={confirm.error} />
          <Box>
            <Button
              type="submit"
              variant="contained"
              disabled={check.output === null || confirm.isPending}
            >
              {confirm.isPending ? 'Confirming' : 'Enable two-factor authentication'}
            </Button>
          </Box>
        </Stack>
      </Box>
    </Stack>
  );
}

/** Step 1: ask the server for a secret (POST /user/2fa); a click, so a reload never makes a new one. */
function TwoFactorSetup({ user, onDone }: { user: User; onDone(): void }) {
  const create = $api.useMutation('post', '/user/2fa');
  // Checked against the contract on arrival: a success always has the secret and its URI.
  if (create.data) return <ConfirmSecret user={user} secret={create.data} onDone={onDone} />;
  return (
    <Stack spacing={2}>
      <Typography>
        With two-factor authentication, logging in asks for your password and a code from an
        authenticator app on your phone, so a stolen password alone is not enough.
      </Typography>
      <FormError error={create.error} />
      <Box>
        <Button variant="contained" disabled={create.isPending} onClick={() => create.mutate({})}>
          {create.isPending ? 'Creating a secret' : 'Set up two-factor authentication'}
        </Button>
      </Box>
    </Stack>
  );
}

function TwoFactorBody({ user }: { user: User }) {
  // Decided when the page opens: confirming turns twoFAProvisioned on, and the refreshed user
  // must not replace the success message with the refusal.
  const [provisioned] = useState(user.twoFAProvisioned === true);
  const [done, setDone] = useState(false);
  if (done) {
    return (
      <Stack spacing={2}>
        <Alert severity="success" role="status">
          <AlertTitle>Two-factor authentication is on</AlertTitle>
          From now on, logging in asks for your password and a code from your authenticator app.
        </Alert>
        <Box>
          <Button component={RouterLink} href="/account" variant="contained">
            Back to My Account
          </Button>
        </Box>
      </Stack>
    );
  }
  if (provisioned) {
    return (
      <Stack spacing={2}>
        <Alert severity="warning">{RECONFIGURE_REFUSED}</Alert>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button
            href={EXTERNAL_LINKS.support}
            target="_blank"
            rel="noopener noreferrer"
            variant="contained"
          >
            Contact support
          </Button>
          <Button component={RouterLink} href="/account">
            Back to My Account
          </Button>
        </Stack>
      </Stack>
    );
  }
  if (user.hasPassword === false) {
    return (
      <Stack spacing={2}>
        <Alert severity="info">
          Confirming two-factor authentication asks for your password, and your account has none
          yet. Set a password first.
        </Alert>
        <Box>
          <Button component={RouterLink} href="/password/change" variant="contained">
            Set Password
          </Button>
        </Box>
      </Stack>
    );
  }
  return <TwoFactorSetup user={user} onDone={() => setDone(true)} />;
}

/** `/account/authentication` (signed in): SPEC §4 "Two-factor". */
export function TwoFactorPage() {
  usePageTitle('Two-Factor Authentication');
  const user = useCurrentUser();
  let body;
  if (user.isPending) body = <PageLoading />;
  else if (user.isError)
    body = <PageError error={user.error} onRetry={() => void user.refetch()} />;
  else body = <TwoFactorBody user={user.data} />;
  return (
    <>
      <PageHeader title="Two-Factor Authentication" />
      <FormCard>{body}</FormCard>
    </>
  );
}
