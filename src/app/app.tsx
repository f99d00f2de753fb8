import { Suspense, useEffect, useLayoutEffect } from 'react';
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Redirect, useLocation } from 'wouter';
import { useCurrentUser, useTeams } from '../api/current-user';
import { PRODUCT_NAME } from '../lib/constants';
import { useSession } from '../session/session';
import { BrandMark } from '../ui/brand-mark';
import { ErrorBoundary } from '../ui/error-boundary';
import { PageLoading } from '../ui/page-states';
import { formatTitle } from '../ui/page-title';
import { lazyComponent } from './lazy-component';
import { matchRoute } from './route-match';
import type { RouteParams } from './route-match';
import { ROUTE_TABLE, chooseScreen } from './route-table';
import { lazyPage } from './routes';
import type { AppRoute, LazyPage } from './routes';

// The signed-in frame is its own chunk: the login page never downloads it.
const AppShell = lazyComponent(
  () => import('./app-shell'),
  (module) => module.AppShell,
);

/** Signed-out and standalone pages: the product's name and mark above a centred card. */
function Bare({ children }: { children: ReactNode }) {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Box sx={{ width: '100%', maxWidth: 480 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
          <BrandMark />
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
    // Support chat and analytics only ever run with a session token: a signed-out page (the
    // sign-in page) does not download them. Once loaded, they also see the sign-out.
    if (session.token === null && !thirdPartiesLoaded) return;
    thirdPartiesLoaded = true;
    void import('../telemetry/third-parties').then(({ thirdParties }) =>
      thirdParties.sync(
        session,
        me ? { id: me.id, email: me.email, signature: me.beaconSignature } : null,
      ),
    );
  }, [session, me]);
  return null;
}

let thirdPartiesLoaded = false;

/** What the address shows: the page, its title, its params, and whether the shell frames it. */
interface Screen {
  title: string;
  /** null: a redirect (signed in on /login). */
  page: LazyPage | null;
  params: RouteParams;
  routeKey: string;
  shell: { route: AppRoute; params: RouteParams } | null;
}

/** What an address shows (the decision itself: chooseScreen in route-table.ts, shared with the build). */
function resolveScreen(location: string, signedIn: boolean): Screen {
  const match = matchRoute(ROUTE_TABLE, location);
  const choice = chooseScreen(match?.route ?? null, signedIn);
  if (choice.kind === 'redirect') {
    return { title: 'Login', page: null, params: {}, routeKey: '/login', shell: null };
  }
  // An unknown address, signed in: the shell frames the 404 page as it frames home, without
  // home's team rules.
  const shellRoute = match ?? {
    route: { ...ROUTE_TABLE[0]!, teamScoped: false, requiresPassword: false },
    params: {},
  };
  return {
    title: choice.title,
    page: lazyPage(choice.page),
    params: match && choice.routeKey === match.route.path ? match.params : {},
    routeKey: choice.routeKey,
    shell: choice.shell ? shellRoute : null,
  };
}

/**
 * Loads the chunks the first render of `location` needs (the page's, and the shell's when it frames
 * it). They are already on their way: the build's route-preload script asked for them next to the
 * entry chunk (scripts/lib/route-preload/). Never rejects: a chunk that fails to load fails again
 * where it renders, inside the error boundary.
 */
export async function preloadScreen(location: string, signedIn: boolean): Promise<void> {
  const screen = resolveScreen(location, signedIn);
  const pages: Promise<unknown>[] = [];
  if (screen.page) pages.push(screen.page.preload());
  if (screen.shell) pages.push(AppShell.preload());
  await Promise.allSettled(pages);
}

export function App() {
  const [location] = useLocation();
  const session = useSession();
  const signedIn = session.token !== null;
  const screen = resolveScreen(location, signedIn);
  const { title, shell } = screen;
  const Page = screen.page;

  // Fetch the page's chunk now, alongside the shell's, rather than after it.
  if (Page) void Page.preload();
  // A new route is a new page: no state carries over from the previous one.
  const content: ReactNode = Page ? (
    <Page key={screen.routeKey} params={screen.params} title={title} />
  ) : (
    <Redirect to="/" replace />
  );

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

  return (
    <>
      <SessionData />
      {shell ? (
        <Suspense fallback={<PageLoading />}>
          <AppShell route={shell.route} params={shell.params}>
            {framed(content)}
          </AppShell>
        </Suspense>
      ) : (
        <Bare>{framed(content)}</Bare>
      )}
    </>
  );
}
