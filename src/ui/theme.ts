import { createTheme } from '@mui/material/styles';

const PRIMARY = '#1d4ed8';

/**
 * The keyboard focus ring (WCAG 2.4.7): a 2 px outline outside the element, in the primary colour
 * on light surfaces. Dark surfaces (the app bar) switch it to white by setting `--focus-ring`.
 */
const focusRing = {
  outline: `2px solid var(--focus-ring, ${PRIMARY})`,
  outlineOffset: 2,
} as const;

export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: PRIMARY },
    secondary: { main: '#475569' },
    success: { main: '#15803d' },
    warning: { main: '#b45309' },
    error: { main: '#b91c1c' },
    background: { default: '#f8fafc' },
  },
  shape: { borderRadius: 8 },
  // SPEC strings are shown as written ("Log In", not "LOG IN").
  typography: { button: { textTransform: 'none', fontWeight: 600 } },
  components: {
    MuiButtonBase: {
      styleOverrides: { root: { '&.Mui-focusVisible': focusRing } },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { textTransform: 'none' } },
    },
    MuiLink: {
      defaultProps: { underline: 'hover' },
      styleOverrides: {
        root: { borderRadius: 2, '&:focus-visible': { ...focusRing, textDecoration: 'underline' } },
      },
    },
    // Text fields: a soft ring around the whole field on top of the thicker border.
    MuiOutlinedInput: {
      styleOverrides: {
        root: { '&.Mui-focused': { boxShadow: `0 0 0 3px rgba(29, 78, 216, 0.25)` } },
      },
    },
    // Sort headers: the arrow shows on keyboard focus as it does on hover.
    MuiTableSortLabel: {
      styleOverrides: {
        root: {
          '&.Mui-focusVisible .MuiTableSortLabel-icon': { opacity: 0.6 },
        },
      },
    },
    // Inside menus and lists the ring is drawn inward, where the scrolling paper cannot clip it.
    MuiMenuItem: {
      styleOverrides: { root: { '&.Mui-focusVisible': { ...focusRing, outlineOffset: -2 } } },
    },
    MuiListItemButton: {
      styleOverrides: { root: { '&.Mui-focusVisible': { ...focusRing, outlineOffset: -2 } } },
    },
    MuiCssBaseline: {
      styleOverrides: {
        // Anything focusable that is not an MUI control (plain links, scrollable regions).
        'a:focus-visible, [tabindex="0"]:focus-visible': focusRing,
      },
    },
  },
});
