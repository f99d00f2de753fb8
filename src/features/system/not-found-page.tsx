import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'wouter';
import { EXTERNAL_LINKS } from '../../lib/constants';
import { usePageTitle } from '../../ui/page-title';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <Stack spacing={2} sx={{ py: 8, textAlign: 'center', alignItems: 'center' }}>
      <Typography variant="h4" component="h1">
        Page not found
      </Typography>
      <Typography color="text.secondary">
        The address you followed does not lead to a page of the console.
      </Typography>
      <Stack direction="row" spacing={2}>
        <Button component={RouterLink} href="/" variant="contained">
          Go back home
        </Button>
        <Button href={EXTERNAL_LINKS.support} target="_blank" rel="noopener noreferrer">
          Contact support
        </Button>
      </Stack>
    </Stack>
  );
}
