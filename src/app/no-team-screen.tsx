import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EXTERNAL_LINKS } from '../lib/constants';
import type { User } from '../api/current-user';
import { CreateTeamForm } from '../ui/create-team-form';

/** SPEC §2 no-team screens. */
export function NoTeamScreen({ user }: { user: User }) {
  const contact = (
    <Button href={EXTERNAL_LINKS.support} target="_blank" rel="noopener noreferrer">
      Contact support
    </Button>
  );
  if (user.isAdmin) {
    return (
      <Stack spacing={2} sx={{ py: 4, alignItems: 'stretch', maxWidth: 640 }}>
        <Typography variant="h4" component="h1">
          No team
        </Typography>
        <Typography>Create a team to start linking devices.</Typography>
        {/* Once the team exists, the refreshed teams list replaces this screen. */}
        <CreateTeamForm submitLabel="Create team" />
        <Stack direction="row">{contact}</Stack>
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
