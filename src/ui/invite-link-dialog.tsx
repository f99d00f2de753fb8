import { useId, useState } from 'react';
import type { FocusEvent, FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isApiError, serverDetails } from '../api/error-catalogue';
import { $api } from '../api/query';
import { MAX_EMAIL_LENGTH } from '../lib/constants';
import { INVITE_LINK_MISSING, teamInviteLink } from '../lib/invite-link';
import { emailSchema, isValid } from '../lib/validation';

export const INVITE_FAILED = 'An error occurred, please try again.';

/** SPEC §5: a 400 shows the server's first message, anything else the generic text. */
export function inviteErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status === 400)
    return serverDetails(error.body)[0] ?? INVITE_FAILED;
  return INVITE_FAILED;
}

type CopyState = 'idle' | 'copied' | 'failed';

/** A read-only, selectable text with a Copy button; the clipboard may be refused. */
function CopyableLink({ label, value }: { label: string; value: string }) {
  const [copy, setCopy] = useState<CopyState>('idle');
  const id = useId();
  const onCopy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('clipboard unavailable');
      await navigator.clipboard.writeText(value);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };
  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          id={id}
          label={label}
          value={value}
          fullWidth
          size="small"
          slotProps={{
            htmlInput: {
              readOnly: true,
              onFocus: (e: FocusEvent<HTMLInputElement>) => e.target.select(),
            },
          }}
        />
        <Button variant="outlined" onClick={() => void onCopy()} sx={{ flexShrink: 0, height: 40 }}>
          Copy
        </Button>
      </Stack>
      <Typography
        variant="body2"
        role="status"
        aria-live="polite"
        sx={{ mt: 0.5, minHeight: '1.5em' }}
        color={copy === 'failed' ? 'error' : 'text.secondary'}
      >
        {copy === 'copied' ? 'Link copied to the clipboard.' : null}
        {copy === 'failed'
          ? 'Copying is not allowed here. Select the link and copy it yourself.'
          : null}
      </Typography>
    </Box>
  );
}

function InviteByEmail({ teamId }: { teamId: string }) {
  const [email, setEmail] = useState('');
  const invite = $api.useMutation('post', '/team/{teamId}/invite');
  const valid = isValid(emailSchema, email);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || invite.isPending) return;
    invite.mutate({ params: { path: { teamId } }, body: { email: email.trim() } });
  };
  const link = invite.data?.invite_link;
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Invite by email">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        Invite by email
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          label="Email"
          type="email"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            if (invite.isError || invite.isSuccess) invite.reset();
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
          {invite.isPending ? 'Sending' : 'Invite'}
        </Button>
      </Stack>
      {invite.isError ? (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {inviteErrorMessage(invite.error)}
        </Alert>
      ) : null}
      {link ? (
        <Box sx={{ mt: 2 }}>
          <CopyableLink label="Personal invite link" value={link} />
        </Box>
      ) : null}
    </Box>
  );
}

/** The Invite Link modal of the overview and the device list. */
export function InviteLinkDialog({
  open,
  onClose,
  teamId,
}: {
  open: boolean;
  onClose(): void;
  teamId: string;
}) {
  const link = teamInviteLink(teamId);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="invite-link-title"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="invite-link-title">Invite Link</DialogTitle>
      <DialogContent>
        <Stack spacing={3}>
          <Box>
            <DialogContentText sx={{ mb: 2 }}>
              Share this link with your team members. They can use it to link their devices to this
              team.
            </DialogContentText>
            {link ? (
              <CopyableLink label="Team invite link" value={link} />
            ) : (
              <Alert severity="error">{INVITE_LINK_MISSING}</Alert>
            )}
          </Box>
          {teamId ? <InviteByEmail key={teamId} teamId={teamId} /> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
