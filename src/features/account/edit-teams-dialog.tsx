import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { components } from '../../../generated/api';
import type { TeamSummary } from '../../api/current-user';
import { FormError } from '../../ui/form-error';
import { useToast } from '../../ui/toasts';
import { teamLinkChanges } from './account-rules';
import { TeamPicker } from './team-picker';
import { useEditCollaboratorTeams } from './use-collaborator-mutations';

type Collaborator = components['schemas']['Collaborator'];

/** Change which teams a collaborator sees → "Updated!"; see useEditCollaboratorTeams. */
export function EditTeamsDialog({
  collaborator,
  teams,
  open,
  onClose,
}: {
  collaborator: Collaborator;
  teams: readonly TeamSummary[];
  open: boolean;
  onClose(): void;
}) {
  const current = collaborator.teams
    .map((team) => team.id)
    .filter((id) => teams.some((team) => team.id === id));
  const [wanted, setWanted] = useState<string[]>(current);
  const toast = useToast();
  const save = useEditCollaboratorTeams(collaborator.email);
  const busy = save.isPending;
  const changes = teamLinkChanges(current, wanted);
  const changed = changes.add.length + changes.remove.length > 0;

  const submit = () => {
    if (busy || wanted.length === 0 || !changed) return;
    // A partial change is shown as it is on the server; the dialog keeps the wanted teams.
    save.mutate(changes, {
      onSuccess: () => {
        toast.info('Updated!');
        onClose();
      },
    });
  };

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby="edit-teams-title"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="edit-teams-title">Edit Teams</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          Teams that <strong>{collaborator.email}</strong> can see:
        </Typography>
        <TeamPicker
          teams={teams}
          value={wanted}
          onChange={setWanted}
          disabled={busy}
          helperText={
            wanted.length === 0
              ? 'Choose at least one team. To remove all access, delete the collaborator.'
              : undefined
          }
        />
        <FormError error={save.error} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={busy || wanted.length === 0 || !changed}
        >
          {busy ? 'Saving' : 'Save'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
