import Box from '@mui/material/Box';

/** The product's mark (the favicon's shield), in the theme's colours: it reads in both themes. */
export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      sx={{ width: size, height: size, display: 'block', flexShrink: 0 }}
    >
      <Box
        component="path"
        sx={{ fill: (theme) => theme.palette.primary.main }}
        d="M16 2 4 6.5v8.2c0 7.4 5.1 14.3 12 16.3 6.9-2 12-8.9 12-16.3V6.5z"
      />
      <Box
        component="path"
        sx={{ fill: (theme) => theme.palette.primary.contrastText }}
        d="m13.6 20.6-4.3-4.3 1.9-1.9 2.4 2.4 7.2-7.2 1.9 1.9z"
      />
    </Box>
  );
}
