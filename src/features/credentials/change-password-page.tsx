import { useState } from 'react';
import type { FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'wouter';
import { useCurrentUser } from '../../api/current-user';
import type { User } from '../../api/current-user';
import { $api } from '../../api/query';
import { PageHeader } from '../../ui/page-header';
import { PageError, PageLoading } from '../../ui/page-states';
import { usePageTitle } from '../../ui/page-title';
import { useToast } from '../../ui/toasts';
import { FormCard, RequestFailed } from './credential-parts';
import { PasswordFields, usePasswordForm } from './password-fields';

export const PASSWORD_UPDATED =
  'Password updated. You can now use your new password to sign in to your account.';

function PasswordForm({ user }: { user: User }) {
  // Decided when the form opens: setting the first password must not turn the page into
  // "Change Password" under the person's eyes when the user is refreshed afterwards.
  const [hasPassword] = useState(user.hasPassword !== false);
  const title = hasPassword ? 'Change Password' : 'Set Password';
  usePageTitle(title);
  const queryClient = useQueryClient();
  const toast = useToast();
  const form = usePasswordForm({ requireCurrent: hasPassword });
  const change = $api.useMutation('post', '/user/password/change');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.feedback.canSubmit) {
      form.touchAll();
      return;
    }
    const { currentPassword, newPassword } = form.values;
    const body = hasPassword ? { oldPassword: currentPassword, newPassword } : { newPassword };
    change.mutate(
      { body },
      {
        onSuccess: () => {
          form.clear();
          toast.info('Password updated successfully.');
          // The shell's "Password Required" modal and banner read the user: refresh it.
          void queryClient.invalidateQueries({ queryKey: ['get', '/user'] });
        },
      },
    );
  };

  return (
    <>
      <PageHeader title={title} />
      <FormCard>
        {change.isSuccess ? (
          <Stack spacing={2}>
            <Alert severity="success" role="status">
              {PASSWORD_UPDATED}
            </Alert>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <Button component={RouterLink} href="/" variant="contained">
                Go to the console
              </Button>
              <Button component={RouterLink} href="/account">
                Back to My Account
              </Button>
            </Stack>
          </Stack>
        ) : (
          <Box component="form" noValidate onSubmit={submit} aria-label={title}>
            <Stack spacing={2}>
              <Typography color="text.secondary">
                {hasPassword
                  ? 'Enter your current password, then choose a new one of at least 8 characters.'
                  : 'Your account has no password yet. Choose one of at least 8 characters to sign in with your email and password.'}
              </Typography>
              <PasswordFields form={form} username={user.email} autoFocus />
              <RequestFailed title="Changing password failed" error={change.error} />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                <Button
                  type="submit"
                  variant="contained"
                  disabled={!form.feedback.canSubmit || change.isPending}
                >
                  {change.isPending ? 'Updating password' : title}
                </Button>
                <Button component={RouterLink} href="/account" disabled={change.isPending}>
                  Cancel
                </Button>
              </Stack>
            </Stack>
          </Box>
        )}
      </FormCard>
    </>
  );
}

/**
 * `/password/change` (signed in): "Set Password" when the account has none (where the shell's
 * "Password Required" modal and banner lead), otherwise "Change Password".
 */
export function ChangePasswordPage() {
  const user = useCurrentUser();
  if (user.isPending) return <PageLoading />;
  if (user.isError) return <PageError error={user.error} onRetry={() => void user.refetch()} />;
  return <PasswordForm user={user.data} />;
}
