import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'wouter';

/** A team id that is not one of the user's teams: said plainly, with a way back. */
export function TeamNotFound() {
  return (
    <Box sx={{ py: 4 }}>
      <Alert severity="warning">
        <AlertTitle>Team not found</AlertTitle>
        This team does not exist or you do not have access to it.
        <Box sx={{ mt: 1 }}>
          <Button component={RouterLink} href="/" variant="outlined" color="inherit" size="small">
            Go back home
          </Button>
        </Box>
      </Alert>
    </Box>
  );
}
