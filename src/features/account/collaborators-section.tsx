import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../generated/api';
import { useTeams } from '../../api/current-user';
import type { TeamSummary } from '../../api/current-user';
import { $api } from '../../api/query';
import { errorFromFailure } from '../../api/error-catalogue';
import type { ApiError } from '../../api/error-catalogue';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { FormError } from '../../ui/form-error';
import { INVITE_FAILED, inviteErrorMessage } from '../../ui/linking/invite-links';
import { EmptyState, ErrorNotice, PageLoading } from '../../ui/page-states';
import { useToast } from '../../ui/toasts';
import { TryAgainLink } from '../../ui/try-again-link';
import { ItemList, ItemRow, SubHeading } from './account-section';
import { canAddCollaborator, teamLinkChanges } from './account-rules';
import { UserEmailField } from './user-email-field';

type Collaborator = components['schemas']['Collaborator'];

const COLLABORATORS_KEY = ['get', '/user/collaborators'] as const;

/** Checkboxes of the account's teams (a fieldset with a legend). */
function TeamPicker({
  teams,
  value,
  onChange,
  disabled,
  helperText,
}: {
  teams: readonly TeamSummary[];
  value: readonly string[];
  onChange(value: string[]): void;
  disabled?: boolean;
  helperText?: string;
}) {
  return (
    <FormControl component="fieldset" disabled={disabled} sx={{ display: 'block' }}>
      <FormLabel component="legend">Teams</FormLabel>
      <FormGroup row>
        {teams.map((team) => (
          <FormControlLabel
            key={team.id}
            label={team.name}
            control={
              <Checkbox
                checked={value.includes(team.id)}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? [...value, team.id]
                      : value.filter((id) => id !== team.id),
                  )
                }
              />
            }
          />
        ))}
      </FormGroup>
      {helperText ? <FormHelperText>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}

type AddPhase = 'idle' | 'inviting' | 'adding';
const PHASE_TEXT: Record<Exclude<AddPhase, 'idle'>, string> = {
  inviting: 'Inviting email',
  adding: 'Adding collaborator',
};

/** What is done already for one email, so that a retry after a failure repeats nothing. */
interface AddProgress {
  email: string;
  invited: boolean;
  linked: Set<string>;
  messages: string[];
}

/**
 * SPEC §4 user addition: invite email (POST /user/collaborator), then adding collaborator
 * (POST /team/{teamId}/collaborator per chosen team), then success with the server's words.
 */
function AddCollaboratorForm({ teams }: { teams: readonly TeamSummary[] }) {
  const [email, setEmail] = useState('');
  const [ssoOnly, setSsoOnly] = useState(false);
  const [teamIds, setTeamIds] = useState<string[]>([]);
  const [phase, setPhase] = useState<AddPhase>('idle');
  const [error, setError] = useState<ApiError | null>(null);
  const [added, setAdded] = useState<string[] | null>(null);
  const progress = useRef<AddProgress | null>(null);
  const running = useRef(false);
  const queryClient = useQueryClient();
  const invite = $api.useMutation('post', '/user/collaborator');
  const link = $api.useMutation('post', '/team/{teamId}/collaborator');
  const busy = phase !== 'idle';
  const known = teamIds.filter((id) => teams.some((team) => team.id === id));

  const run = async () => {
    if (!canAddCollaborator(email, known) || running.current) return;
    running.current = true;
    const address = email.trim();
    if (progress.current?.email !== address.toLowerCase())
      progress.current = {
        email: address.toLowerCase(),
        invited: false,
        linked: new Set(),
        messages: [],
      };
    const done = progress.current;
    setError(null);
    setAdded(null);
    try {
      if (!done.invited) {
        setPhase('inviting');
        await invite.mutateAsync({ body: { email: address, ssoOnly } });
        done.invited = true;
      }
      setPhase('adding');
      for (const teamId of known) {
        if (done.linked.has(teamId)) continue;
        const answer = await link.mutateAsync({
          params: { path: { teamId } },
          body: { email: address },
        });
        done.linked.add(teamId);
        if (answer?.message) done.messages.push(answer.message);
      }
      setAdded(
        done.messages.length > 0 ? done.messages : [`${address} was added as a collaborator.`],
      );
      progress.current = null;
      setEmail('');
      setSsoOnly(false);
      setTeamIds([]);
    } catch (failure) {
      setError(errorFromFailure(failure));
    } finally {
      running.current = false;
      setPhase('idle');
      await queryClient.invalidateQueries({ queryKey: COLLABORATORS_KEY });
    }
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void run();
      }}
      aria-label="Add collaborator"
      sx={{ mt: 2 }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Collaborators see only the teams you choose for them.
      </Typography>
      <UserEmailField
        value={email}
        onChange={(value) => {
          setEmail(value);
          setAdded(null);
          setError(null);
        }}
      />
      <TeamPicker
        teams={teams}
        value={known}
        onChange={(value) => {
          setTeamIds(value);
          setAdded(null);
        }}
        disabled={busy}
        helperText="Choose at least one team."
      />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, mt: 1 }}
      >
        <FormControlLabel
          control={
            <Checkbox checked={ssoOnly} onChange={(event) => setSsoOnly(event.target.checked)} />
          }
          label="Single sign-on only"
        />
        <Button
          type="submit"
          variant="contained"
          disabled={!canAddCollaborator(email, known) || busy}
        >
          {phase === 'idle' ? 'Add User' : PHASE_TEXT[phase]}
        </Button>
      </Stack>
      <Box role="status" aria-live="polite" sx={{ mt: busy ? 1 : 0 }}>
        {busy ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <CircularProgress size={16} aria-hidden />
            <Typography variant="body2">
              {PHASE_TEXT[phase as Exclude<AddPhase, 'idle'>]}…
            </Typography>
          </Stack>
        ) : null}
      </Box>
      {added ? (
        <Alert severity="success" role="status" sx={{ mt: 1 }}>
          {added.map((line) => (
            <div key={line}>{line}</div>
          ))}
        </Alert>
      ) : null}
      {error ? (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {inviteErrorMessage(error)}
          {/* SPEC §8: the generic failure offers a try-again link; it resumes where it failed. */}
          {inviteErrorMessage(error) === INVITE_FAILED ? (
            <>
              {' '}
              <TryAgainLink onClick={() => void run()} disabled={busy} />
            </>
          ) : null}
        </Alert>
      ) : null}
    </Box>
  );
}

/** Change which teams a collaborator sees: POST and DELETE /team/{teamId}/collaborator → "Updated!". */
function EditTeamsDialog({
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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const queryClient = useQueryClient();
  const toast = useToast();
  const link = $api.useMutation('post', '/team/{teamId}/collaborator');
  const unlink = $api.useMutation('delete', '/team/{teamId}/collaborator');
  const changes = teamLinkChanges(current, wanted);
  const changed = changes.add.length + changes.remove.length > 0;

  const save = async () => {
    if (busy || wanted.length === 0 || !changed) return;
    setBusy(true);
    setError(null);
    const email = collaborator.email;
    try {
      for (const teamId of changes.add)
        await link.mutateAsync({ params: { path: { teamId } }, body: { email } });
      for (const teamId of changes.remove)
        await unlink.mutateAsync({ params: { path: { teamId } }, body: { email } });
      toast.info('Updated!');
      onClose();
    } catch (failure) {
      setError(errorFromFailure(failure));
    } finally {
      setBusy(false);
      // A partial change is shown as it is on the server; the dialog keeps the wanted teams.
      await queryClient.invalidateQueries({ queryKey: COLLABORATORS_KEY });
    }
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
        <FormError error={error} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={() => void save()}
          disabled={busy || wanted.length === 0 || !changed}
        >
          {busy ? 'Saving' : 'Save'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * "Delete Collaborator": the collaborator loses every team (DELETE /team/{teamId}/collaborator
 * per team) → "Collaborator deleted!". A retry after a failure skips the teams already done.
 */
function DeleteCollaboratorDialog({
  collaborator,
  open,
  onClose,
}: {
  collaborator: Collaborator;
  open: boolean;
  onClose(): void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const done = useRef(new Set<string>());
  const queryClient = useQueryClient();
  const toast = useToast();
  const unlink = $api.useMutation('delete', '/team/{teamId}/collaborator');
  const teamNames = collaborator.teams.map((team) => team.name).join(', ');

  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      for (const team of collaborator.teams) {
        if (done.current.has(team.id)) continue;
        await unlink.mutateAsync({
          params: { path: { teamId: team.id } },
          body: { email: collaborator.email },
        });
        done.current.add(team.id);
      }
      toast.info('Collaborator deleted!');
      onClose();
    } catch (failure) {
      setError(errorFromFailure(failure));
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: COLLABORATORS_KEY });
    }
  };

  return (
    <ConfirmDialog
      open={open}
      title="Delete Collaborator"
      confirmLabel="Delete"
      busyLabel="Deleting"
      busy={busy}
      error={error}
      destructive
      onConfirm={() => void confirm()}
      onClose={() => {
        if (busy) return;
        setError(null);
        onClose();
      }}
    >
      Delete <strong>{collaborator.email}</strong>? They will lose access to {teamNames}.
    </ConfirmDialog>
  );
}

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
