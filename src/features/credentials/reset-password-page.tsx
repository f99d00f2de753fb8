import { useLayoutEffect, useState } from 'react';
import type { FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'wouter';
import { $api } from '../../api/query';
import type { PageProps } from '../../ui/page-props';
import { usePageTitle } from '../../ui/page-title';
import { BackToLogin, RequestFailed } from './credential-parts';
import { PasswordFields, usePasswordForm } from './password-fields';
import { forgetResetToken, heldResetToken, holdResetToken } from './reset-link';

const TITLE = 'Set a new password';

/** The link was read in an earlier page load (or never): nothing to send, a clear way on. */
function LinkAlreadyOpened() {
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {TITLE}
      </Typography>
      <Alert severity="info">
        For your security, the link from your email is read once and then removed from the address
        bar. To set a new password, open the link from your email again.
      </Alert>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button component={RouterLink} href="/password/reset" variant="contained">
          Request a new link
        </Button>
        <BackToLogin variant="button" />
      </Stack>
    </Stack>
  );
}

function ResetForm({ userId, resetToken }: { userId: string; resetToken: string }) {
  const form = usePasswordForm({ requireCurrent: false });
  const change = $api.useMutation('post', '/user/password/reset/change');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.feedback.canSubmit) {
      form.touchAll();
      return;
    }
    const password = form.values.newPassword;
    change.mutate(
      { body: { userId, resetToken, password } },
      {
        onSuccess: () => {
          forgetResetToken();
          form.clear();
        },
      },
    );
  };

  if (change.isSuccess) {
    return (
      <Stack spacing={2}>
        <Typography variant="h5" component="h1">
          {TITLE}
        </Typography>
        <Alert severity="success" role="status">
          Password successfully changed!
        </Alert>
        <Button component={RouterLink} href="/login" variant="contained" size="large">
          Log In
        </Button>
      </Stack>
    );
  }

  // A 400 or 404 means the link itself is no good any more (expired, used, unknown).
  const linkRefused = change.error?.status === 400 || change.error?.status === 404;
  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby="reset-title">
      <Stack spacing={2}>
        <Typography id="reset-title" variant="h5" component="h1">
          {TITLE}
        </Typography>
        <Typography color="text.secondary">
          Choose a password of at least 8 characters for your account.
        </Typography>
        <PasswordFields form={form} autoFocus />
        <RequestFailed title="Changing password failed" error={change.error}>
          {linkRefused ? (
            <Box sx={{ mt: 1 }}>
              The link may have expired or been used already.{' '}
              <Link component={RouterLink} href="/password/reset" color="inherit">
                Request a new link
              </Link>
            </Box>
          ) : null}
        </RequestFailed>
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={!form.feedback.canSubmit || change.isPending}
        >
          {change.isPending ? 'Updating password' : 'Set new password'}
        </Button>
        <BackToLogin />
      </Stack>
    </Box>
  );
}

/**
 * `/password/change/{userId}/{resetToken}` (public): the token is taken into memory and the
 * history entry replaced by `/password/change/{userId}` before anything is painted; that address
 * shows the form while the token is held, and after a reload asks for the link again.
 */
export function ResetPasswordPage({ params }: PageProps) {
  usePageTitle('Set New Password');
  const userId = params.userId ?? '';
  const fromLink = params.resetToken;
  const [, navigate] = useLocation();
  useLayoutEffect(() => {
    if (!fromLink) return;
    holdResetToken(userId, fromLink);
    navigate(`/password/change/${userId}`, { replace: true });
  }, [fromLink, userId, navigate]);
  const [resetToken] = useState(() => (fromLink ? null : heldResetToken(userId)));

  if (fromLink) return null; // gone from the address bar before the first paint
  if (!resetToken) return <LinkAlreadyOpened />;
  return <ResetForm userId={userId} resetToken={resetToken} />;
}
