import { useState } from 'react';
import type { FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { $api } from '../api/query';
import { MAX_TEAM_NAME_LENGTH } from '../lib/constants';
import { teamNameSchema, validationMessage } from '../lib/validation';
import { FormError } from './form-error';

/** Shown in the form after a team was created (the SPEC's toast list has none for this). */
function teamCreatedMessage(name: string): string {
  return `Team "${name}" created.`;
}

/**
 * SPEC §4/§5 team creation (the account page's Manage Teams and the "No team" screen): idle,
 * creating (button disabled), failed (red notice, the name kept) or created (a success line in
 * the form; the teams list and the user are refreshed, so the switcher and navigation follow).
 */
export function CreateTeamForm({
  submitLabel = 'Create',
  onCreated,
}: {
  /** "Create" on the account page, "Create team" on the no-team screen. */
  submitLabel?: string;
  onCreated?(name: string): void;
}) {
  const [name, setName] = useState('');
  const [created, setCreated] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const create = $api.useMutation('post', '/team/create');
  const problem = validationMessage(teamNameSchema, name);
  // Only the length rule has a message; an empty name simply keeps Create disabled.
  const tooLong = name.trim().length > MAX_TEAM_NAME_LENGTH;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problem || create.isPending) return;
    const teamName = name.trim();
    create.mutate(
      { body: { name: teamName } },
      {
        onSuccess: async () => {
          setName('');
          setCreated(teamName);
          onCreated?.(teamName);
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: ['get', '/teams'] }),
            queryClient.invalidateQueries({ queryKey: ['get', '/user'] }),
          ]);
        },
      },
    );
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Create team">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          label="Team name"
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setCreated(null);
            if (create.isError) create.reset();
          }}
          error={tooLong}
          helperText={tooLong ? 'Team name cannot exceed 128 characters' : ' '}
          size="small"
          fullWidth
          autoComplete="off"
          sx={{ maxWidth: { sm: 420 } }}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={!!problem || create.isPending}
          sx={{ flexShrink: 0, height: 40 }}
        >
          {create.isPending ? 'Creating' : submitLabel}
        </Button>
      </Stack>
      <FormError error={create.error} />
      {created ? (
        <Alert severity="success" role="status" sx={{ mt: 1 }}>
          {teamCreatedMessage(created)}
        </Alert>
      ) : null}
    </Box>
  );
}
