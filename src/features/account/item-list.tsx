import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** A plain list of rows (admins, collaborators, teams). */
export function ItemList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {children}
    </Box>
  );
}

/** One row: what it is on the left, its actions on the right (below it on phones). */
export function ItemRow({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 1,
        py: 1,
        borderTop: 1,
        borderColor: 'divider',
        '&:first-of-type': { borderTop: 0 },
      }}
    >
      <Box sx={{ minWidth: 0, flex: '1 1 220px', overflowWrap: 'anywhere' }}>{children}</Box>
      {actions ? <Box sx={{ display: 'flex', gap: 1, flexShrink: 0 }}>{actions}</Box> : null}
    </Box>
  );
}

/** A sub-heading inside a section (Admins, Collaborators). */
export function SubHeading({ children }: { children: ReactNode }) {
  return (
    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
      {children}
    </Typography>
  );
}
