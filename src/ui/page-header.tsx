import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/**
 * A screen's h1 with an optional status beside it (e.g. when it was last updated), an optional
 * subtitle and its actions on the right (stacked on phones).
 */
export function PageHeader({
  title,
  status,
  subtitle,
  actions,
}: {
  title: ReactNode;
  status?: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{
        justifyContent: 'space-between',
        alignItems: { xs: 'flex-start', sm: 'center' },
        mb: 2,
      }}
    >
      <Box sx={{ minWidth: 0, maxWidth: '100%', overflowWrap: 'anywhere' }}>
        {status ? (
          <Stack
            direction="row"
            spacing={1.5}
            useFlexGap
            sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}
          >
            <Typography variant="h4" component="h1">
              {title}
            </Typography>
            {status}
          </Stack>
        ) : (
          <Typography variant="h4" component="h1">
            {title}
          </Typography>
        )}
        {subtitle ? <Typography color="text.secondary">{subtitle}</Typography> : null}
      </Box>
      {actions ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          {actions}
        </Stack>
      ) : null}
    </Stack>
  );
}
