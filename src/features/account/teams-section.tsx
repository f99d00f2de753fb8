import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { pickActiveTeam, useTeams } from '../../api/current-user';
import type { TeamSummary } from '../../api/current-user';
import { $api } from '../../api/query';
import type { AccountPageAccess } from '../../lib/roles';
import { getSession, updateSession } from '../../session/session';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { CreateTeamForm } from '../../ui/create-team-form';
import { EmptyState, ErrorNotice, PageLoading } from '../../ui/page-states';
import { useToast } from '../../ui/toasts';
import { SectionCard } from '../../ui/section-card';
import { ItemList, ItemRow, SubHeading } from './item-list';
import { TEAM_HAS_DEVICES, activeTeamAfterDelete, deviceCountText } from './account-rules';

/** A team with devices is never deleted: SPEC §5's refusal instead of the confirmation. */
function RefuseDeleteDialog({ team, onClose }: { team: TeamSummary; onClose(): void }) {
  return (
    <Dialog open onClose={onClose} aria-labelledby="refuse-delete-title">
      <DialogTitle id="refuse-delete-title">Delete Team</DialogTitle>
      <DialogContent>
        <Alert severity="error">{TEAM_HAS_DEVICES}</Alert>
        <Typography sx={{ mt: 2 }}>
          <strong>{team.name}</strong> has {deviceCountText(team.deviceCount).toLowerCase()}. Move
          or remove them first.
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** "Delete Team" → DELETE /team/{teamId} → "Team deleted!"; the active team moves on if needed. */
function DeleteTeamDialog({
  team,
  teams,
  open,
  onClose,
}: {
  team: TeamSummary;
  teams: readonly TeamSummary[];
  open: boolean;
  onClose(): void;
}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const remove = $api.useMutation('delete', '/team/{teamId}');
  const confirm = () => {
    remove.mutate(
      { params: { path: { teamId: team.id } } },
      {
        onSuccess: async () => {
          const { activeTeamId } = getSession();
          const active = pickActiveTeam(teams, activeTeamId)?.id ?? null;
          const next = activeTeamAfterDelete(teams, active, team.id);
          if (next !== activeTeamId) updateSession({ activeTeamId: next });
          // The switcher, navigation and `/` follow at once; the server's list follows.
          queryClient.setQueryData<TeamSummary[]>(['get', '/teams'], (old) =>
            old?.filter((item) => item.id !== team.id),
          );
          toast.info('Team deleted!');
          onClose();
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: ['get', '/teams'] }),
            queryClient.invalidateQueries({ queryKey: ['get', '/user'] }),
          ]);
        },
      },
    );
  };
  return (
    <ConfirmDialog
      open={open}
      title="Delete Team"
      confirmLabel="Delete"
      busyLabel="Deleting"
      destructive
      mutation={remove}
      onConfirm={confirm}
      onClose={onClose}
    >
      Delete the team <strong>{team.name}</strong>? This cannot be undone.
    </ConfirmDialog>
  );
}

type Deleting = { team: TeamSummary; open: boolean; seq: number } | null;

/** Manage Teams: admins see the teams with device counts and delete them; everyone may create one. */
export function TeamsSection({ access }: { access: AccountPageAccess }) {
  const teams = useTeams();
  const [deleting, setDeleting] = useState<Deleting>(null);
  const teamList = teams.data ?? [];

  let list = null;
  if (access.teamList) {
    if (teams.isPending) list = <PageLoading label="Loading teams" />;
    else if (teams.isError)
      list = <ErrorNotice error={teams.error} onRetry={() => void teams.refetch()} />;
    else if (teamList.length === 0) list = <EmptyState>No teams yet.</EmptyState>;
    else
      list = (
        <ItemList label="Teams">
          {teamList.map((team) => (
            <ItemRow
              key={team.id}
              actions={
                <Button
                  size="small"
                  color="error"
                  aria-label={`Delete team ${team.name}`}
                  onClick={() => setDeleting((d) => ({ team, open: true, seq: (d?.seq ?? 0) + 1 }))}
                >
                  Delete
                </Button>
              }
            >
              <Typography>{team.name}</Typography>
              <Typography variant="body2" color="text.secondary">
                {deviceCountText(team.deviceCount)}
              </Typography>
            </ItemRow>
          ))}
        </ItemList>
      );
  }

  const close = () => setDeleting((d) => (d ? { ...d, open: false } : d));
  return (
    <SectionCard title="Manage Teams">
      {list}
      <Box sx={{ mt: list ? 3 : 0 }}>
        <SubHeading>Create a team</SubHeading>
        <CreateTeamForm />
      </Box>
      {deleting && deleting.open && deleting.team.deviceCount > 0 ? (
        <RefuseDeleteDialog team={deleting.team} onClose={close} />
      ) : null}
      {deleting && deleting.team.deviceCount === 0 ? (
        <DeleteTeamDialog
          key={deleting.seq}
          team={deleting.team}
          teams={teamList}
          open={deleting.open}
          onClose={close}
        />
      ) : null}
    </SectionCard>
  );
}
