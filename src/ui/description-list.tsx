import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/**
 * `grid`: labels above their values in up to three columns (device details, subscription).
 * `rows`: one line per item, the label, its value and an action (stacked on phones; log-in details).
 */
type Layout = 'grid' | 'rows';
const LayoutContext = createContext<Layout>('grid');

/** A description list (`dl`) of DescriptionItems. */
export function DescriptionList({
  layout = 'grid',
  children,
}: {
  layout?: Layout;
  children: ReactNode;
}) {
  return (
    <LayoutContext.Provider value={layout}>
      <Box
        component="dl"
        sx={
          layout === 'grid'
            ? {
                m: 0,
                display: 'grid',
                gap: 2,
                gridTemplateColumns: {
                  xs: '1fr',
                  sm: 'repeat(2, minmax(0, 1fr))',
                  md: 'repeat(3, minmax(0, 1fr))',
                },
              }
            : { m: 0 }
        }
      >
        {children}
      </Box>
    </LayoutContext.Provider>
  );
}

/** One term and its value; `name` marks it (`data-field`) for tests and styling. */
export function DescriptionItem({
  label,
  name,
  wide,
  action,
  children,
}: {
  label: string;
  name?: string;
  /** grid: the item takes a whole row. */
  wide?: boolean;
  /** rows: an action at the end of the line (Update, Change, Configure). */
  action?: ReactNode;
  children: ReactNode;
}) {
  const layout = useContext(LayoutContext);
  if (layout === 'grid')
    return (
      <Box data-field={name} sx={{ minWidth: 0, gridColumn: wide ? '1 / -1' : undefined }}>
        <Typography component="dt" variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
          {children}
        </Typography>
      </Box>
    );
  return (
    <Box
      data-field={name}
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { xs: 'flex-start', sm: 'center' },
        gap: { xs: 0.5, sm: 2 },
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
        '&:first-of-type': { borderTop: 0, pt: 0 },
      }}
    >
      <Typography component="dt" sx={{ fontWeight: 600, width: { sm: 160 }, flexShrink: 0 }}>
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Box>
      {action ? (
        <Box component="dd" sx={{ m: 0, flexShrink: 0 }}>
          {action}
        </Box>
      ) : null}
    </Box>
  );
}
