import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { prefetchSessionData } from './api/current-user';
import { createAppQueryClient } from './api/query';
import { App, preloadScreen } from './app/app';
import { loginTokenFromSearch } from './app/route-match';
import { getSession, listenToOtherTabs, startSession, subscribeSession } from './session/session';
import { ErrorBoundary } from './ui/error-boundary';
import { theme } from './ui/theme';
import { ToastProvider } from './ui/toasts';

// SPEC §2: a query starting with loginToken becomes the session; the token leaves the address bar
// before anything else runs (no router, no telemetry, no request has seen it).
const loginToken = loginTokenFromSearch(window.location.search);
if (loginToken) {
  startSession(loginToken);
  window.history.replaceState(null, '', '/');
}

listenToOtherTabs();
// Error reporting is downloaded only when configured: without a DSN no page pays for it.
const sentryDsn = import.meta.env.VITE_SENTRY_DSN;
if (sentryDsn) {
  void import('./telemetry/sentry').then(({ initSentry }) =>
    initSentry(sentryDsn, import.meta.env.VITE_SENTRY_TUNNEL),
  );
}

const queryClient = createAppQueryClient();
// A different token is a different person: nothing cached may leak across.
let lastToken = getSession().token;
subscribeSession(() => {
  const token = getSession().token;
  if (token !== lastToken) {
    lastToken = token;
    queryClient.clear();
  }
});

// Signed in, the user and teams requests start now, while the first screen's chunks arrive.
if (getSession().token !== null) prefetchSessionData(queryClient);

const root = document.getElementById('root');
// The first paint is the page itself: its chunks (requested next to this one by the route-preload
// script, scripts/lib/route-chunks.mjs) are awaited before the first render, so no loading state
// flashes and nothing moves when the page arrives.
if (root) {
  void preloadScreen(window.location.pathname, getSession().token !== null).then(() =>
    render(root),
  );
}

function render(root: HTMLElement) {
  createRoot(root).render(
    <StrictMode>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <QueryClientProvider client={queryClient}>
          <ToastProvider>
            <ErrorBoundary>
              <App />
            </ErrorBoundary>
          </ToastProvider>
        </QueryClientProvider>
      </ThemeProvider>
    </StrictMode>,
  );
}

// QA scenario panel: dev server and VITE_QA_SCENARIOS builds only (a production build drops it).
if (import.meta.env.DEV || import.meta.env.VITE_QA_SCENARIOS === 'true') {
  void import('./app/qa-panel').then(({ mountQaPanel }) => mountQaPanel(queryClient));
}
