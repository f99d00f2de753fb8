import { useId } from 'react';
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/**
 * One titled card of a page (account, overview, team settings): a region labelled by its h2, with
 * an optional line beside the heading (a count, or an action) and a short description under it.
 */
export function SectionCard({
  id,
  title,
  aside,
  description,
  children,
}: {
  /** The heading's id, for content that also names the section (a table's aria-labelledby). */
  id?: string;
  title: string;
  /** Beside the heading, on the right: a text is shown as a quiet summary, a node as it is. */
  aside?: ReactNode;
  description?: ReactNode;
  children: ReactNode;
}) {
  const generatedId = useId();
  const headingId = id ?? generatedId;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}
    >
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 2, flexWrap: 'wrap' }}
      >
        <Typography id={headingId} variant="h6" component="h2">
          {title}
        </Typography>
        {typeof aside === 'string' ? (
          <Typography variant="body2" color="text.secondary">
            {aside}
          </Typography>
        ) : (
          aside
        )}
      </Stack>
      {description ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {description}
        </Typography>
      ) : null}
      <Box sx={{ mt: 2 }}>{children}</Box>
    </Paper>
  );
}
