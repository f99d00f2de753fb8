import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { $api } from '../api/query';
import { EXTERNAL_LINKS, MAX_TEAM_NAME_LENGTH } from '../lib/constants';
import { teamNameSchema, validationMessage } from '../lib/validation';
import type { User } from '../api/current-user';
import { FormError } from '../ui/form-error';
import { useToast } from '../ui/toasts';

function CreateTeamDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const [name, setName] = useState('');
  const queryClient = useQueryClient();
  const toast = useToast();
  const create = $api.useMutation('post', '/team/create');
  const problem = validationMessage(teamNameSchema, name);
  const tooLong = name.trim().length > MAX_TEAM_NAME_LENGTH;
  return (
    <Dialog
      open={open}
      onClose={create.isPending ? undefined : onClose}
      aria-labelledby="create-team-title"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (problem) return;
          create.mutate(
            { body: { name: name.trim() } },
            {
              onSuccess: async () => {
                toast.info('Team created!');
                await queryClient.invalidateQueries({
                  queryKey: $api.queryOptions('get', '/teams').queryKey,
                });
                onClose();
              },
            },
          );
        }}
      >
        <DialogTitle id="create-team-title">Create team</DialogTitle>
        <DialogContent>
          <TextField
            label="Team name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={tooLong}
            helperText={tooLong ? 'Team name cannot exceed 128 characters' : ' '}
            fullWidth
            autoFocus
            margin="dense"
          />
          <FormError error={create.error} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={!!problem || create.isPending}>
            {create.isPending ? 'Creating' : 'Create'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** SPEC §2 no-team screens. */
export function NoTeamScreen({ user }: { user: User }) {
  const [creating, setCreating] = useState(false);
  const contact = (
    <Button href={EXTERNAL_LINKS.support} target="_blank" rel="noopener noreferrer">
      Contact support
    </Button>
  );
  if (user.isAdmin) {
    return (
      <Stack spacing={2} sx={{ py: 4, alignItems: 'flex-start' }}>
        <Typography variant="h4" component="h1">
          No team
        </Typography>
        <Typography>Create a team to start linking devices.</Typography>
        <Stack direction="row" spacing={2}>
          <Button variant="contained" onClick={() => setCreating(true)}>
            Create team
          </Button>
          {contact}
        </Stack>
        <CreateTeamDialog open={creating} onClose={() => setCreating(false)} />
      </Stack>
    );
  }
  return (
    <Stack spacing={2} sx={{ py: 4, alignItems: 'flex-start' }}>
      <Typography variant="h4" component="h1">
        No teams connected to this account
      </Typography>
      {user.state === 'Collaborator' ? (
        <Alert severity="info">
          Please contact your account admin to assign teams to this account.
        </Alert>
      ) : null}
      {contact}
    </Stack>
  );
}
