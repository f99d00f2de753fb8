import Link from '@mui/material/Link';
import type { LinkProps } from '@mui/material/Link';

/** Every external link opens in a new tab with rel="noopener noreferrer". */
export function ExternalLink(props: Omit<LinkProps, 'target' | 'rel'>) {
  return <Link {...props} target="_blank" rel="noopener noreferrer" />;
}
