import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TeamSummary } from '../../api/current-user';
import { INVITE_FAILED, inviteErrorMessage } from '../../ui/linking/invite-links';
import { TryAgainLink } from '../../ui/try-again-link';
import { canAddCollaborator } from './account-rules';
import { TeamPicker } from './team-picker';
import { useAddCollaborator } from './use-collaborator-mutations';
import type { AddPhase } from './use-collaborator-mutations';
import { UserEmailField } from './user-email-field';

const PHASE_TEXT: Record<AddPhase, string> = {
  inviting: 'Inviting email',
  adding: 'Adding collaborator',
};

/** Add User for collaborators: email, teams and single sign-on; see useAddCollaborator. */
export function AddCollaboratorForm({ teams }: { teams: readonly TeamSummary[] }) {
  const [email, setEmail] = useState('');
  const [ssoOnly, setSsoOnly] = useState(false);
  const [teamIds, setTeamIds] = useState<string[]>([]);
  const add = useAddCollaborator();
  const busy = add.isPending;
  const known = teamIds.filter((id) => teams.some((team) => team.id === id));

  const run = () => {
    if (!canAddCollaborator(email, known) || add.isPending) return;
    add.mutate(
      { email, ssoOnly, teamIds: known },
      {
        onSuccess: () => {
          setEmail('');
          setSsoOnly(false);
          setTeamIds([]);
        },
      },
    );
  };
  const message = add.error ? inviteErrorMessage(add.error) : null;

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        run();
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
          if (!add.isPending) add.reset();
        }}
      />
      <TeamPicker
        teams={teams}
        value={known}
        onChange={(value) => {
          setTeamIds(value);
          if (add.isSuccess) add.reset();
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
          {add.phase ? PHASE_TEXT[add.phase] : 'Add User'}
        </Button>
      </Stack>
      <Box role="status" aria-live="polite" sx={{ mt: busy ? 1 : 0 }}>
        {add.phase ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <CircularProgress size={16} aria-hidden />
            <Typography variant="body2">{PHASE_TEXT[add.phase]}…</Typography>
          </Stack>
        ) : null}
      </Box>
      {add.isSuccess ? (
        <Alert severity="success" role="status" sx={{ mt: 1 }}>
          {add.data.map((line) => (
            <div key={line}>{line}</div>
          ))}
        </Alert>
      ) : null}
      {message ? (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {message}
          {/* SPEC §8: the generic failure offers a try-again link; it resumes where it failed. */}
          {message === INVITE_FAILED ? (
            <>
              {' '}
              <TryAgainLink onClick={run} disabled={busy} />
            </>
          ) : null}
        </Alert>
      ) : null}
    </Box>
  );
}
