import { useState } from 'react';
import type { FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { $api } from '../../api/query';
import { MAX_EMAIL_LENGTH } from '../../lib/constants';
import { emailSchema, isValid } from '../../lib/validation';
import { INVITE_FAILED, inviteErrorMessage } from './invite-links';
import { TryAgainLink } from '../try-again-link';

/**
 * Sends the team's invite to a team member (POST /team/{teamId}/invite). Success says so
 * explicitly and empties the field for the next address; a failure keeps what was typed and
 * offers to try again.
 */
export function InviteByEmail({ teamId }: { teamId: string }) {
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const invite = $api.useMutation('post', '/team/{teamId}/invite');
  const valid = isValid(emailSchema, email);
  const send = (address: string) => {
    if (invite.isPending) return;
    setSentTo(null);
    invite.mutate(
      { params: { path: { teamId } }, body: { email: address } },
      {
        onSuccess: () => {
          setSentTo(address);
          setEmail((current) => (current.trim() === address ? '' : current));
        },
      },
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid) send(email.trim());
  };
  const message = invite.isError ? inviteErrorMessage(invite.error) : null;
  const failedAddress = invite.variables?.body.email;
  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby="invite-by-email-title">
      <Typography
        id="invite-by-email-title"
        variant="subtitle1"
        component="h4"
        sx={{ fontWeight: 600 }}
      >
        Invite a team member by email
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        They get an email with the download and the link for their own device.
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          label="Email"
          type="email"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setSentTo(null);
            if (invite.isError) invite.reset();
          }}
          fullWidth
          size="small"
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: MAX_EMAIL_LENGTH } }}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={!valid || invite.isPending}
          sx={{ flexShrink: 0, height: 40 }}
        >
          {invite.isPending ? 'Sending' : 'Send invite'}
        </Button>
      </Stack>
      {message ? (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {message}
          {message === INVITE_FAILED && failedAddress ? (
            <>
              {' '}
              <TryAgainLink onClick={() => send(failedAddress)} />
            </>
          ) : null}
        </Alert>
      ) : null}
      {sentTo ? (
        <Alert severity="success" role="status" sx={{ mt: 2 }}>
          Invitation sent to {sentTo}.
        </Alert>
      ) : null}
    </Box>
  );
}
