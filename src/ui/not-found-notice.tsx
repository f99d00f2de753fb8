import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/**
 * What the address names is not there (a page, a team, a device, a check): the page's h1 says so,
 * a line says why, and the actions lead somewhere that works.
 */
export function NotFoundNotice({
  title,
  children,
  actions,
}: {
  title: string;
  /** Why, in a sentence. */
  children: ReactNode;
  /** The ways on (links or buttons). */
  actions?: ReactNode;
}) {
  return (
    <Stack spacing={2} sx={{ py: 8, textAlign: 'center', alignItems: 'center' }}>
      <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      <Typography color="text.secondary">{children}</Typography>
      {actions ? (
        <Stack
          direction="row"
          spacing={2}
          useFlexGap
          sx={{ flexWrap: 'wrap', justifyContent: 'center' }}
        >
          {actions}
        </Stack>
      ) : null}
    </Stack>
  );
}
