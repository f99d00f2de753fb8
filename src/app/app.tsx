import { lazy, Suspense, useEffect, useLayoutEffect } from 'react';
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Redirect, useLocation } from 'wouter';
import { useCurrentUser, useTeams } from '../api/current-user';
import { PRODUCT_NAME } from '../lib/constants';
import { useSession } from '../session/session';
import { thirdParties } from '../telemetry/third-parties';
import { ErrorBoundary } from '../ui/error-boundary';
import { PageLoading } from '../ui/page-states';
import { formatTitle } from '../ui/page-title';
import { matchRoute } from './route-match';
import { LoginScreen, NotFoundPage, ROUTES } from './routes';

// The signed-in frame is its own chunk: the login page never downloads it.
const AppShell = lazy(async () => ({ default: (await import('./app-shell')).AppShell }));

/** Signed-out and standalone pages: the product's name and mark above a centred card. */
function Bare({ children }: { children: ReactNode }) {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Box sx={{ width: '100%', maxWidth: 480 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
          <Box component="img" src="/favicon.svg" alt="" sx={{ width: 28, height: 28 }} />
          <Typography component="p" variant="h6" sx={{ fontWeight: 600 }}>
            {PRODUCT_NAME}
          </Typography>
        </Stack>
        <Paper sx={{ p: { xs: 3, sm: 4 } }} variant="outlined">
          {children}
        </Paper>
      </Box>
    </Box>
  );
}

/**
 * Starts the signed-in requests at once, side by side (before the shell's chunk has even
 * loaded), and keeps support chat and analytics in line with the session (regular users only).
 */
function SessionData() {
  const session = useSession();
  const user = useCurrentUser();
  useTeams();
  const me = user.data;
  useEffect(() => {
    void thirdParties.sync(
      session,
      me ? { id: me.id, email: me.email, signature: me.beaconSignature } : null,
    );
  }, [session, me]);
  return null;
}

export function App() {
  const [location] = useLocation();
  const session = useSession();
  const signedIn = session.token !== null;
  const match = matchRoute(ROUTES, location);

  let title: string;
  let content: ReactNode;
  if (!match) {
    // Signed out, every unknown route shows the login screen; signed in, the 404 page.
    title = signedIn ? 'Page not found' : 'Login';
    content = signedIn ? <NotFoundPage params={{}} /> : <LoginScreen params={{}} />;
  } else if (signedIn && match.route.path === '/login') {
    title = 'Login';
    content = <Redirect to="/" replace />;
  } else if (match.route.access === 'private' && !signedIn) {
    title = 'Login';
    content = <LoginScreen params={{}} />;
  } else {
    title = match.route.title;
    const Page = match.route.page;
    // Fetch the page's chunk now, alongside the shell's, rather than after it.
    void Page.preload();
    // A new route is a new page: no state carries over from the previous one.
    content = <Page key={match.route.path} params={match.params} title={title} />;
  }

  // The route's default title goes first (layout effect); a page's own usePageTitle
  // (a passive effect) runs after it and wins.
  useLayoutEffect(() => {
    document.title = formatTitle(title);
  }, [title]);

  const framed = (inner: ReactNode) => (
    <ErrorBoundary resetKey={location}>
      <Suspense fallback={<PageLoading />}>{inner}</Suspense>
    </ErrorBoundary>
  );

  const useShell =
    signedIn && (match ? match.route.layout === 'shell' && match.route.access === 'private' : true);
  const shellRoute = match ?? {
    route: { ...ROUTES[0]!, teamScoped: false, requiresPassword: false },
    params: {},
  };
  return (
    <>
      <SessionData />
      {useShell ? (
        <Suspense fallback={<PageLoading />}>
          <AppShell route={shellRoute.route} params={shellRoute.params}>
            {framed(content)}
          </AppShell>
        </Suspense>
      ) : (
        <Bare>{framed(content)}</Bare>
      )}
    </>
  );
}
