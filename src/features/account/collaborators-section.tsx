import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { components } from '../../../generated/api';
import { useTeams } from '../../api/current-user';
import { $api } from '../../api/query';
import { EmptyState, ErrorNotice, PageLoading } from '../../ui/page-states';
import { AddCollaboratorForm } from './add-collaborator-form';
import { DeleteCollaboratorDialog } from './delete-collaborator-dialog';
import { EditTeamsDialog } from './edit-teams-dialog';
import { ItemList, ItemRow, SubHeading } from './item-list';

type Collaborator = components['schemas']['Collaborator'];

type Dialogs = {
  kind: 'edit' | 'delete';
  collaborator: Collaborator;
  open: boolean;
  /** Each opening starts fresh. */
  seq: number;
} | null;

/** Collaborators (GET /user/collaborators) with their teams; add, edit teams, delete. */
export function CollaboratorsSection() {
  const collaborators = $api.useQuery('get', '/user/collaborators');
  const teams = useTeams();
  const [dialog, setDialog] = useState<Dialogs>(null);
  const teamList = teams.data ?? [];
  const close = () => setDialog((d) => (d ? { ...d, open: false } : d));
  const openDialog = (kind: 'edit' | 'delete', collaborator: Collaborator) =>
    setDialog((d) => ({ kind, collaborator, open: true, seq: (d?.seq ?? 0) + 1 }));

  let list;
  if (collaborators.isPending) list = <PageLoading label="Loading collaborators" />;
  else if (collaborators.isError)
    list = <ErrorNotice error={collaborators.error} onRetry={() => void collaborators.refetch()} />;
  else if (collaborators.data.length === 0) list = <EmptyState>No collaborators yet.</EmptyState>;
  else
    list = (
      <ItemList label="Collaborators">
        {collaborators.data.map((collaborator) => (
          <ItemRow
            key={collaborator.email}
            actions={
              <>
                <Button
                  size="small"
                  disabled={teamList.length === 0}
                  onClick={() => openDialog('edit', collaborator)}
                  aria-label={`Edit teams of ${collaborator.email}`}
                >
                  Edit teams
                </Button>
                {collaborator.teams.length > 0 ? (
                  <Button
                    size="small"
                    color="error"
                    onClick={() => openDialog('delete', collaborator)}
                    aria-label={`Delete ${collaborator.email}`}
                  >
                    Delete
                  </Button>
                ) : null}
              </>
            }
          >
            <Typography>{collaborator.email}</Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
              {collaborator.teams.length > 0 ? (
                collaborator.teams.map((team) => (
                  <Chip key={team.id} label={team.name} size="small" variant="outlined" />
                ))
              ) : (
                <Typography variant="body2" color="text.secondary">
                  No teams
                </Typography>
              )}
            </Box>
          </ItemRow>
        ))}
      </ItemList>
    );

  let form;
  if (teams.isPending) form = <PageLoading label="Loading teams" />;
  else if (teams.isError)
    form = <ErrorNotice error={teams.error} onRetry={() => void teams.refetch()} />;
  else if (teamList.length === 0)
    form = (
      <Alert severity="info" sx={{ mt: 2 }}>
        Collaborators are given teams. Create a team under Manage Teams first.
      </Alert>
    );
  else form = <AddCollaboratorForm teams={teamList} />;

  return (
    <Box>
      <SubHeading>Collaborators</SubHeading>
      {list}
      {form}
      {dialog?.kind === 'edit' ? (
        <EditTeamsDialog
          key={dialog.seq}
          collaborator={dialog.collaborator}
          teams={teamList}
          open={dialog.open}
          onClose={close}
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <DeleteCollaboratorDialog
          key={dialog.seq}
          collaborator={dialog.collaborator}
          open={dialog.open}
          onClose={close}
        />
      ) : null}
    </Box>
  );
}
