import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { prefetchSessionData } from './api/current-user';
import { createAppQueryClient } from './api/query';
import { adoptRoutePrefetch, takeRoutePrefetch } from './api/route-prefetch';
import { App, preloadScreen } from './app/app';
import { firstRequestOf } from './app/first-request';
import { readLoginToken } from './app/route-match';
import {
  getSession,
  listenToOtherTabs,
  rejectSessionInput,
  startSession,
  subscribeSession,
} from './session/session';
import { awaitReporter, setReporter } from './telemetry/report';
import { listenForStaleChunks } from './ui/chunk-reload';
import { ErrorBoundary } from './ui/error-boundary';
import { AppTheme, applyColorScheme } from './ui/app-theme';
import { StorageNotice } from './ui/storage-notice';
import { ToastProvider } from './ui/toasts';

export const INVALID_LOGIN_LINK = 'This sign-in link cannot be used. Please log in.';

// SPEC §2: a query starting with loginToken becomes the session. The token leaves the address bar
// before anything else runs (no router, no telemetry, no third party, no request has seen it); the
// document's referrer policy (index.html and the server's Referrer-Policy header) kept it out of
// the requests the page itself triggered. A token that cannot be sent in a header is refused here.
const link = readLoginToken(window.location.search);
if (link.present) {
  if (link.token && startSession(link.token)) {
    window.history.replaceState(null, '', '/');
  } else if (getSession().token !== null) {
    window.history.replaceState(null, '', '/');
  } else {
    rejectSessionInput(INVALID_LOGIN_LINK);
    window.history.replaceState(null, '', '/login');
  }
}

// The stored theme (or the system's) before anything renders: no flash of the other theme.
applyColorScheme();
listenToOtherTabs();
listenForStaleChunks();
// Error reporting is downloaded only when configured: without a DSN no page pays for it.
const sentryDsn = import.meta.env.VITE_SENTRY_DSN;
// What fails before Sentry has loaded (the first screen renders first) waits for it.
if (sentryDsn) awaitReporter();
function startErrorReporting(dsn: string) {
  void import('./telemetry/sentry')
    .then(({ initSentry }) => initSentry(dsn, import.meta.env.VITE_SENTRY_TUNNEL))
    .then(
      (running) => {
        if (!running) setReporter(null);
      },
      () => setReporter(null),
    );
}

const queryClient = createAppQueryClient();

/**
 * Runs `start` once the first screen is there: rendered, its requests answered (none in flight),
 * and the main thread idle; at the latest after `latestMs`. Telemetry never competes with the
 * first screen (the device list's first row) for the network or the main thread.
 */
function afterFirstScreen(start: () => void, latestMs = 10_000) {
  let done = false;
  const idle = (run: () => void) =>
    typeof window.requestIdleCallback === 'function'
      ? window.requestIdleCallback(run, { timeout: 2000 })
      : window.setTimeout(run, 0);
  const go = () => {
    if (done) return;
    done = true;
    unsubscribe();
    window.clearTimeout(latest);
    idle(start);
  };
  const unsubscribe = queryClient.getQueryCache().subscribe(() => {
    if (queryClient.isFetching() === 0) go();
  });
  const latest = window.setTimeout(go, latestMs);
  // A screen that asks for nothing (or whose answers are all in already).
  window.setTimeout(() => {
    if (queryClient.isFetching() === 0) go();
  }, 0);
}
// A different token is a different person: nothing cached may leak across.
let lastToken = getSession().token;
subscribeSession(() => {
  const token = getSession().token;
  if (token !== lastToken) {
    lastToken = token;
    queryClient.clear();
  }
});

// Signed in, the user and teams requests start now, while the first screen's chunks arrive; the
// page's own first request was started earlier still, by the route-preload script: its answer is
// adopted (checked like any other) as the page's query, or dropped for the page's own request.
const routePrefetch = takeRoutePrefetch(window);
const initialSession = getSession();
if (initialSession.token !== null) {
  prefetchSessionData(queryClient);
  adoptRoutePrefetch(
    queryClient,
    routePrefetch,
    firstRequestOf(window.location.pathname, window.location.search, initialSession),
    initialSession.token,
  );
}

const root = document.getElementById('root');
// The first paint is the page itself: its chunks (requested next to this one by the route-preload
// script, scripts/lib/route-preload/) are awaited before the first render, so no loading state
// flashes and nothing moves when the page arrives.
if (root) {
  void preloadScreen(window.location.pathname, getSession().token !== null).then(() =>
    render(root),
  );
}

function render(root: HTMLElement) {
  if (sentryDsn) afterFirstScreen(() => startErrorReporting(sentryDsn));
  createRoot(root).render(
    <StrictMode>
      <AppTheme>
        <QueryClientProvider client={queryClient}>
          <ToastProvider>
            <ErrorBoundary variant="root">
              <StorageNotice />
              <App />
            </ErrorBoundary>
          </ToastProvider>
        </QueryClientProvider>
      </AppTheme>
    </StrictMode>,
  );
}

// QA scenario panel: dev server and VITE_QA_SCENARIOS builds only (a production build drops it).
if (import.meta.env.DEV || import.meta.env.VITE_QA_SCENARIOS === 'true') {
  void import('./app/qa-panel').then(({ mountQaPanel }) => mountQaPanel(queryClient));
}
