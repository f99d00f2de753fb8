import { createTheme } from '@mui/material/styles';
import type { Theme } from '@mui/material/styles';

export type ColorMode = 'light' | 'dark';

// The theme has CSS variables (`theme.vars`, and the providers' colour-scheme props in the types).
declare module '@mui/material/styles' {
  interface CssThemeVariables {
    enabled: true;
  }
}

const PRIMARY = '#1d4ed8';
/** Dark mode's primary: a lighter blue that reads on the dark surfaces (AA for text and rings). */
const PRIMARY_ON_DARK = '#93c5fd';

/*
 * The keyboard focus ring (WCAG 2.4.7): a 2 px outline outside the element, in the primary colour
 * of the mode. Coloured surfaces (the light app bar) switch it to white by setting `--focus-ring`.
 * CSS modules use the same ring: `outline: 2px solid var(--focus-ring, var(--mui-palette-primary-main))`.
 */

/*
 * Status colours (SPEC §3: compliant green, failing red, otherwise amber) stay three distinct hues
 * in both modes; in dark mode they are lighter with dark text on them, so a badge's label keeps
 * at least 4.5:1 (contrastThreshold) in either.
 */
const PALETTES = {
  light: {
    primary: { main: PRIMARY },
    secondary: { main: '#475569' },
    success: { main: '#15803d' },
    warning: { main: '#b45309' },
    error: { main: '#b91c1c' },
    background: { default: '#f8fafc' },
  },
  dark: {
    primary: { main: PRIMARY_ON_DARK },
    secondary: { main: '#cbd5e1' },
    success: { main: '#4ade80' },
    warning: { main: '#fbbf24' },
    error: { main: '#fca5a5' },
    info: { main: '#7dd3fc' },
    background: { default: '#0b1220', paper: '#111a2e' },
    text: { primary: '#f1f5f9', secondary: '#b6c2d4' },
    divider: 'rgba(241, 245, 249, 0.16)',
  },
} as const;

/*
 * One theme with both colour schemes as CSS variables (`--mui-palette-…` on :root for light and on
 * [data-theme="dark"] for dark): switching the mode changes one attribute on <html> and no style is
 * generated again. The console's own stylesheets (CSS modules: the shell, the device rows) read the
 * same variables, so they follow the mode too. Nothing may read `theme.palette` in JS for a colour
 * that differs by mode (it always holds the light scheme): use `theme.vars` or a CSS variable.
 */
const focusRing = {
  outline: '2px solid var(--focus-ring, var(--mui-palette-primary-main))',
  outlineOffset: 2,
} as const;

function createAppTheme(): Theme {
  return createTheme({
    cssVariables: { colorSchemeSelector: 'data-theme' },
    colorSchemes: {
      light: { palette: { ...PALETTES.light, contrastThreshold: 4.5 } },
      dark: { palette: { ...PALETTES.dark, contrastThreshold: 4.5 } },
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
          root: {
            borderRadius: 2,
            '&:focus-visible': { ...focusRing, textDecoration: 'underline' },
          },
        },
      },
      // Text fields: a soft ring around the whole field on top of the thicker border.
      MuiOutlinedInput: {
        styleOverrides: {
          root: ({ theme }) => ({
            '&.Mui-focused': {
              boxShadow: '0 0 0 3px rgba(29, 78, 216, 0.25)',
              ...theme.applyStyles('dark', { boxShadow: '0 0 0 3px rgba(147, 197, 253, 0.35)' }),
            },
          }),
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
          // A user who asks the system for less motion (WCAG 2.3.3) gets none: spinners, progress
          // bars, skeletons, ripples and fades stand still or finish at once. Animations still run
          // once, for a near-zero time rather than `none`, so what listens for their start (MUI's
          // autofill detection) keeps working. Transitions take no time at all: a near-zero one
          // would turn every property change (a focus ring, say) into a one-frame transition.
          '@media (prefers-reduced-motion: reduce)': {
            '*, *::before, *::after': {
              animationDuration: '0.01ms !important',
              animationIterationCount: '1 !important',
              animationDelay: '0s !important',
              transitionDuration: '0s !important',
              transitionDelay: '0s !important',
              scrollBehavior: 'auto !important',
            },
          },
        },
      },
    },
  });
}

/** The console's one theme: light and dark as CSS variables (tests and the QA panel use it too). */
export const theme = createAppTheme();
