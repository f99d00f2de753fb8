import Button from '@mui/material/Button';
import { Link as RouterLink, useLocation } from 'wouter';
import type { TeamSummary } from '../api/current-user';
import { NotFoundNotice } from '../ui/not-found-notice';
import { usePageTitle } from '../ui/page-title';
import { pathForTeam } from './shell-nav';

/** A team id in the address that is not one of the user's teams. */
export function TeamNotFound({ fallback }: { fallback: TeamSummary | null }) {
  usePageTitle('Team not found');
  const [location] = useLocation();
  return (
    <NotFoundNotice
      title="Team not found"
      actions={
        fallback ? (
          <Button
            component={RouterLink}
            href={pathForTeam(location, fallback.id)}
            variant="contained"
          >
            Go to {fallback.name}
          </Button>
        ) : null
      }
    >
      This team does not exist, or your account has no access to it.
    </NotFoundNotice>
  );
}
