import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useLocation } from 'wouter';
import type { PageProps } from './page-props';

/**
 * Routes of SPEC §2 whose screens are scheduled in later issues. The route, its access rule
 * and its title are real; the page says plainly that the screen is not built yet.
 */
export function PlannedPage({ title }: PageProps) {
  const [location] = useLocation();
  return (
    <Box sx={{ py: 4 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      <Alert severity="info">
        This screen ({location}) is not available in this version of the console yet.
      </Alert>
    </Box>
  );
}
