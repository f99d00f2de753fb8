import { useState } from 'react';
import type { FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../generated/api';
import type { User } from '../../api/current-user';
import { $api } from '../../api/query';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { INVITE_FAILED, inviteErrorMessage } from '../../ui/linking/invite-links';
import { EmptyState, ErrorNotice, PageLoading } from '../../ui/page-states';
import { useToast } from '../../ui/toasts';
import { TryAgainLink } from '../../ui/try-again-link';
import { ItemList, ItemRow, SubHeading } from './item-list';
import { isCurrentAdmin, userEmailProblem } from './account-rules';
import { UserEmailField } from './user-email-field';

type Admin = components['schemas']['Admin'];

const ADMINS_KEY = ['get', '/user/admins'] as const;

/** Add User: email (SPEC §5) and single-sign-on only → POST /user/admin → "Admin added!". */
function AddAdminForm() {
  const [email, setEmail] = useState('');
  const [ssoOnly, setSsoOnly] = useState(false);
  const queryClient = useQueryClient();
  const toast = useToast();
  const add = $api.useMutation('post', '/user/admin');
  const valid = userEmailProblem(email) === null;

  const send = (body: { email: string; ssoOnly: boolean }) => {
    if (add.isPending) return;
    add.mutate(
      { body },
      {
        onSuccess: async () => {
          toast.info('Admin added!');
          setEmail('');
          setSsoOnly(false);
          await queryClient.invalidateQueries({ queryKey: ADMINS_KEY });
        },
      },
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid) send({ email: email.trim(), ssoOnly });
  };
  const message = add.isError ? inviteErrorMessage(add.error) : null;
  const failed = add.variables?.body;

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Add admin" sx={{ mt: 2 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Admins manage the whole account: teams, users, checks, reports and integrations.
      </Typography>
      <UserEmailField
        value={email}
        onChange={(value) => {
          setEmail(value);
          if (add.isError) add.reset();
        }}
      />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { xs: 'flex-start', sm: 'center' } }}
      >
        <FormControlLabel
          control={
            <Checkbox checked={ssoOnly} onChange={(event) => setSsoOnly(event.target.checked)} />
          }
          label="Single sign-on only"
        />
        <Button type="submit" variant="contained" disabled={!valid || add.isPending}>
          {add.isPending ? 'Adding' : 'Add User'}
        </Button>
      </Stack>
      {message ? (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {message}
          {/* SPEC §8: the generic failure offers a try-again link (the same request again). */}
          {message === INVITE_FAILED && failed ? (
            <>
              {' '}
              <TryAgainLink onClick={() => send(failed)} disabled={add.isPending} />
            </>
          ) : null}
        </Alert>
      ) : null}
    </Box>
  );
}

/** The "Remove Admin" confirmation → DELETE /user/admin → "Admin removed!". */
function RemoveAdminDialog({
  admin,
  open,
  onClose,
}: {
  admin: Admin | null;
  open: boolean;
  onClose(): void;
}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const remove = $api.useMutation('delete', '/user/admin');
  return (
    <ConfirmDialog
      open={open && admin !== null}
      title="Remove Admin"
      confirmLabel="Remove"
      busyLabel="Removing"
      destructive
      mutation={remove}
      onClose={onClose}
      onConfirm={() => {
        if (!admin) return;
        remove.mutate(
          { body: { email: admin.email } },
          {
            onSuccess: async () => {
              toast.info('Admin removed!');
              remove.reset();
              onClose();
              await queryClient.invalidateQueries({ queryKey: ADMINS_KEY });
            },
          },
        );
      }}
    >
      Remove <strong>{admin?.email}</strong> as an admin? They will no longer be able to manage this
      account.
    </ConfirmDialog>
  );
}

/**
 * Admins: the list (GET /user/admins, the current user marked "(You)", the others removable) where
 * the user's state loads it, and Add User always.
 */
export function AdminsSection({ user, listed }: { user: User; listed: boolean }) {
  return (
    <Box>
      <SubHeading>Admins</SubHeading>
      {listed ? (
        <AdminList user={user} />
      ) : (
        <Typography variant="body2" color="text.secondary">
          Add an admin by email. The list of admins is not shown for this account.
        </Typography>
      )}
      <AddAdminForm />
    </Box>
  );
}

function AdminList({ user }: { user: User }) {
  const admins = $api.useQuery('get', '/user/admins');
  // The admin stays set while the dialog closes, so its text does not change mid-animation.
  const [removing, setRemoving] = useState<Admin | null>(null);
  const [confirming, setConfirming] = useState(false);

  let list;
  if (admins.isPending) list = <PageLoading label="Loading admins" />;
  else if (admins.isError)
    list = <ErrorNotice error={admins.error} onRetry={() => void admins.refetch()} />;
  else if (admins.data.length === 0) list = <EmptyState>No admins.</EmptyState>;
  else
    list = (
      <ItemList label="Admins">
        {admins.data.map((admin) => {
          const you = isCurrentAdmin(admin, user);
          return (
            <ItemRow
              key={admin.id}
              actions={
                you ? null : (
                  <Button
                    size="small"
                    color="error"
                    onClick={() => {
                      setRemoving(admin);
                      setConfirming(true);
                    }}
                    aria-label={`Remove ${admin.email}`}
                  >
                    Remove
                  </Button>
                )
              }
            >
              <Typography>
                {admin.email}
                {you ? ' (You)' : null}
              </Typography>
            </ItemRow>
          );
        })}
      </ItemList>
    );

  return (
    <>
      {list}
      <RemoveAdminDialog admin={removing} open={confirming} onClose={() => setConfirming(false)} />
    </>
  );
}
