import Button from '@mui/material/Button';
import { Link as RouterLink } from 'wouter';
import { EXTERNAL_LINKS } from '../../lib/constants';
import { NotFoundNotice } from '../../ui/not-found-notice';
import { usePageTitle } from '../../ui/page-title';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <NotFoundNotice
      title="Page not found"
      actions={
        <>
          <Button component={RouterLink} href="/" variant="contained">
            Go back home
          </Button>
          <Button href={EXTERNAL_LINKS.support} target="_blank" rel="noopener noreferrer">
            Contact support
          </Button>
        </>
      }
    >
      The address you followed does not lead to a page of the console.
    </NotFoundNotice>
  );
}
