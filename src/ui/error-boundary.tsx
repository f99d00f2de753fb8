import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { logOut } from '../api/logout';
import { EXTERNAL_LINKS, PRODUCT_NAME } from '../lib/constants';
import { devicesPath, overviewPath } from '../lib/paths';
import { isUuid } from '../lib/uuid';
import { useSession } from '../session/session';
import { reportError } from '../telemetry/report';
import { isChunkLoadError, reloadOnce } from './chunk-reload';

interface Props {
  children: ReactNode;
  resetKey?: string;
  /**
   * page: inside the shell (navigation stays). root: the whole app failed, so the fallback brings
   * its own navigation, account menu and Log Out; the app never goes dark.
   */
  variant?: 'page' | 'root';
}

interface State {
  error: unknown;
}

const CRASH_MESSAGE = 'Something went wrong while showing this page.';

function CrashNotice({ onRetry }: { onRetry(): void }) {
  return (
    <Box sx={{ my: 4 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        Something went wrong
      </Typography>
      <Alert
        severity="error"
        action={
          <Stack direction="row" spacing={1}>
            <Button color="inherit" size="small" onClick={onRetry}>
              Try again
            </Button>
            <Button color="inherit" size="small" onClick={() => window.location.reload()}>
              Reload
            </Button>
          </Stack>
        }
      >
        {CRASH_MESSAGE} Try again, or reload the page.
      </Alert>
    </Box>
  );
}

/** The shell's essentials without any data: home, the team's pages when known, account, Log Out. */
function RootFallbackFrame({ children }: { children: ReactNode }) {
  const session = useSession();
  const signedIn = session.token !== null;
  const team = isUuid(session.activeTeamId) ? session.activeTeamId : null;
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppBar position="static">
        <Toolbar component="nav" aria-label="Main" sx={{ gap: 1, flexWrap: 'wrap', py: 1 }}>
          <Button color="inherit" href="/" sx={{ fontWeight: 600, textTransform: 'none' }}>
            {PRODUCT_NAME}
          </Button>
          {signedIn && team ? (
            <>
              <Button color="inherit" href={overviewPath(team)}>
                Overview
              </Button>
              <Button color="inherit" href={devicesPath(team)}>
                Devices
              </Button>
            </>
          ) : null}
          <Button
            color="inherit"
            href={EXTERNAL_LINKS.docs}
            target="_blank"
            rel="noopener noreferrer"
          >
            Docs
          </Button>
          <Box sx={{ flexGrow: 1 }} />
          {signedIn ? (
            // The account menu's entries, as plain buttons: this screen must not need any chunk
            // or data that could be what failed.
            <>
              <Button color="inherit" href="/account">
                Account
              </Button>
              <Button
                color="inherit"
                onClick={() => {
                  logOut();
                  window.location.assign('/login');
                }}
              >
                Log Out
              </Button>
            </>
          ) : (
            <Button color="inherit" href="/login">
              Log In
            </Button>
          )}
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth="lg" sx={{ flexGrow: 1 }}>
        {children}
      </Container>
    </Box>
  );
}

/** A screen that throws never takes the app down: a message, a retry, and a reload. */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    void info;
    // A chunk of an older deploy is gone: reload once to get the new build.
    if (isChunkLoadError(error) && reloadOnce()) return;
    reportError(error);
  }

  componentDidUpdate(prev: Props) {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  render() {
    if (this.state.error) {
      const notice = <CrashNotice onRetry={() => this.setState({ error: null })} />;
      return this.props.variant === 'root' ? (
        <RootFallbackFrame>{notice}</RootFallbackFrame>
      ) : (
        notice
      );
    }
    return this.props.children;
  }
}
