import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export function MaintenancePage() {
  return (
    <Stack spacing={2} sx={{ textAlign: 'center', alignItems: 'center' }}>
      <Typography variant="h4" component="h1">
        Offline for Maintenance
      </Typography>
      <Typography>Offline for maintenance. Please try again in a few minutes.</Typography>
      <Button variant="contained" onClick={() => window.location.assign('/')}>
        Try again
      </Button>
    </Stack>
  );
}
