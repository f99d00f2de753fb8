import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { createAppQueryClient } from './api/query';
import { App } from './app/app';
import { loginTokenFromSearch } from './app/route-match';
import { getSession, listenToOtherTabs, startSession, subscribeSession } from './session/session';
import { initSentry } from './telemetry/sentry';
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
void initSentry(import.meta.env.VITE_SENTRY_DSN, import.meta.env.VITE_SENTRY_TUNNEL);

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

const root = document.getElementById('root');
if (root) {
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
