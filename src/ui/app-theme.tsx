import { useLayoutEffect, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, useColorScheme } from '@mui/material/styles';
import { resolveTheme } from '../lib/user-preferences';
import { getSession, useSession } from '../session/session';
import { theme } from './theme';
import type { ColorMode } from './theme';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function darkQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(DARK_QUERY)
    : null;
}

function subscribeSystemTheme(listener: () => void): () => void {
  const query = darkQuery();
  query?.addEventListener('change', listener);
  return () => query?.removeEventListener('change', listener);
}

const systemPrefersDark = () => darkQuery()?.matches ?? false;

/** The operating system's light or dark choice, live. */
export function useSystemPrefersDark(): boolean {
  return useSyncExternalStore(subscribeSystemTheme, systemPrefersDark, () => false);
}

/** The mode in force: the stored choice, or the system's for System. */
export function useColorMode(): ColorMode {
  const { theme } = useSession();
  return resolveTheme(theme, useSystemPrefersDark());
}

/**
 * Tells the browser the page's scheme (scrollbars, form controls, the canvas behind the page).
 * Called before the first render too (main.tsx), so the page never flashes the other theme.
 */
export function applyColorScheme(
  mode: ColorMode = resolveTheme(getSession().theme, systemPrefersDark()),
) {
  document.documentElement.style.colorScheme = mode;
  document.documentElement.dataset.theme = mode;
}

/** Keeps MUI's colour scheme (the `data-theme` attribute its variables follow) on the console's mode. */
function FollowMode({ mode }: { mode: ColorMode }) {
  const { mode: muiMode, setMode } = useColorScheme();
  useLayoutEffect(() => {
    applyColorScheme(mode);
    if (muiMode !== mode) setMode(mode);
  }, [mode, muiMode, setMode]);
  return null;
}

/**
 * The console's theme with MUI's baseline styles. Light and dark are one theme's two sets of CSS
 * variables: a change of mode switches `data-theme` on <html> and regenerates no style. The mode is
 * the console's (the stored choice or the system's), never MUI's own storage; `noSsr` renders the
 * right scheme at once (no second render after mount).
 */
export function AppTheme({ children }: { children: ReactNode }) {
  const mode = useColorMode();
  return (
    <ThemeProvider theme={theme} defaultMode={mode} storageManager={null} noSsr>
      <FollowMode mode={mode} />
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
