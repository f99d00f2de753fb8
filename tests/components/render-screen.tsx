// Screens of the console rendered in happy-dom against the sandbox's own handlers (msw/node): the
// same world, the same contract checks, no browser. A test signs in to a world, opens a route and
// reads the screen; it can hold an operation's answers (pending state) or switch the sandbox's
// fault switch (error state).
import { afterAll, afterEach, beforeAll } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { http, type HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { createAppQueryClient } from '../../src/api/query';
import { App } from '../../src/app/app';
import { SESSION_STORAGE_KEY } from '../../src/session/session';
import { theme } from '../../src/ui/theme';
import { ToastProvider } from '../../src/ui/toasts';
import { sandboxHandlers } from '../../scripts/sandbox/handlers';
import { Sandbox, type FaultKind } from '../../scripts/sandbox/sandbox';
import { PERSON, type PersonName } from '../../scripts/sandbox/story';

export interface ScreenWorld {
  sandbox: Sandbox;
  /** Signs in to the world of `email` (as the story's `person`) before the app starts. */
  signIn(email: string, person?: PersonName): Promise<string>;
  /** Renders the app at `path`. */
  open(path: string): ReturnType<typeof render>;
  /** Holds every answer of `method path` (msw path, e.g. "/api/v1/team/:teamId/devices") until released. */
  hold(method: 'get' | 'post' | 'patch' | 'delete', path: string): () => void;
  /** The operation ("GET /teams") answers wrongly (test-only fault switch). */
  fault(operation: string, kind: FaultKind): void;
}

/** One sandbox (in memory) and msw server for a test file; every test starts signed out. */
export function useScreenWorld(): ScreenWorld {
  let sandbox!: Sandbox;
  const server = setupServer();
  beforeAll(async () => {
    sandbox = await Sandbox.open({ dataDir: null, faults: true });
    server.use(...sandboxHandlers(sandbox));
    server.listen({ onUnhandledRequest: 'error' });
  });
  afterEach(() => {
    cleanup();
    sandbox.clearFaults();
    server.resetHandlers(...sandboxHandlers(sandbox));
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  afterAll(() => server.close());
  return {
    get sandbox() {
      return sandbox;
    },
    async signIn(email, person = 'alice') {
      const { world } = await sandbox.identify(email);
      const token = await sandbox.issue(world, PERSON[person]);
      window.localStorage.setItem(
        SESSION_STORAGE_KEY,
        JSON.stringify({
          token,
          adminToken: null,
          activeTeamId: null,
          deviceOrderBy: 'deviceName',
          deviceOrderDirection: 'asc',
        }),
      );
      return token;
    },
    open(path) {
      window.history.replaceState(null, '', path);
      return render(
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <QueryClientProvider client={createAppQueryClient()}>
            <ToastProvider>
              <App />
            </ToastProvider>
          </QueryClientProvider>
        </ThemeProvider>,
      );
    },
    hold(method, path) {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      // Answering nothing passes the request on to the sandbox's handler, after the gate opens.
      const held: HttpHandler = http[method](path, async () => {
        await gate;
      });
      server.use(held);
      return release;
    },
    fault(operation, kind) {
      sandbox.setFault({ operation, kind, remaining: null });
    },
  };
}
