import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'wouter';
import { EXTERNAL_LINKS, PRODUCT_NAME } from '../lib/constants';
import { devicesPath, overviewPath } from '../lib/paths';
import { pickActiveTeam, useCurrentUser, useTeams } from '../api/current-user';
import type { TeamSummary, User } from '../api/current-user';
import { updateSession, useSession } from '../session/session';
import { TruncatedText } from '../ui/bidi-text';
import { ExternalLink } from '../ui/external-link';
import { PageError, PageLoading } from '../ui/page-states';
import { NoTeamScreen } from './no-team-screen';
import type { AppRoute } from './routes';
import type { RouteParams } from '../ui/page-props';

/** Switching team keeps the kind of page: /devices/A → /devices/B. */
export function pathForTeam(pathname: string, teamId: string): string {
  const match = /^\/(overview|devices|settings)\/[^/]+/.exec(pathname);
  return match ? `/${match[1]}/${encodeURIComponent(teamId)}` : overviewPath(teamId);
}

function TeamSwitcher({ teams, activeId }: { teams: TeamSummary[]; activeId: string }) {
  const [location, navigate] = useLocation();
  return (
    <FormControl size="small" sx={{ minWidth: 180, maxWidth: { xs: '100%', md: 280 } }}>
      <InputLabel id="team-switcher-label" sx={{ color: 'inherit' }}>
        Team
      </InputLabel>
      <Select
        labelId="team-switcher-label"
        label="Team"
        value={activeId}
        sx={{
          color: 'inherit',
          '.MuiOutlinedInput-notchedOutline': { borderColor: 'rgba(255,255,255,0.5)' },
          '.MuiSvgIcon-root': { color: 'inherit' },
        }}
        onChange={(event) => {
          const id = String(event.target.value);
          updateSession({ activeTeamId: id });
          navigate(pathForTeam(location, id));
        }}
      >
        {teams.map((team) => (
          <MenuItem key={team.id} value={team.id}>
            <TruncatedText text={team.name} maxWidth={{ xs: '70vw', md: 360 }} />
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

/**
 * The profile menu. Without a usable user answer (failed, malformed, still loading) it is still
 * there, as "Account", so Log Out is always reachable.
 */
function ProfileMenu({ user, impersonating }: { user: User | undefined; impersonating: boolean }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const label = user ? (impersonating ? `Impersonating ${user.email}` : user.email) : 'Account';
  return (
    <>
      <Button
        color="inherit"
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'profile-menu' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ textTransform: 'none', minWidth: 0, maxWidth: '100%' }}
      >
        <TruncatedText text={label} maxWidth={{ xs: '60vw', md: 320 }} />
      </Button>
      <Menu id="profile-menu" anchorEl={anchor} open={!!anchor} onClose={close}>
        {impersonating && user ? (
          <MenuItem disabled divider>
            <TruncatedText
              text={`Impersonating ${user.email}`}
              maxWidth={{ xs: '70vw', md: 360 }}
            />
          </MenuItem>
        ) : null}
        <MenuItem component={RouterLink} href="/account" onClick={close}>
          Account
        </MenuItem>
        {user?.hasBillingRole ? (
          <MenuItem component={RouterLink} href="/billing" onClick={close}>
            Billing
          </MenuItem>
        ) : null}
        {user?.isSuperuser || impersonating ? (
          <MenuItem component={RouterLink} href="/impersonate" onClick={close}>
            Impersonate
          </MenuItem>
        ) : null}
        <MenuItem component={RouterLink} href="/logout" onClick={close}>
          Log Out
        </MenuItem>
      </Menu>
    </>
  );
}

function PasswordRequired({ blocking }: { blocking: boolean }) {
  return (
    <>
      <Alert severity="warning" sx={{ mb: 2 }}>
        Your account has no password yet.{' '}
        <Link component={RouterLink} href="/password/change">
          Set a password
        </Link>{' '}
        to keep access to your account.
      </Alert>
      <Dialog open={blocking} aria-labelledby="password-required-title" onClose={() => {}}>
        <DialogTitle id="password-required-title">Password Required</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Please set a password for your account before you continue.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button component={RouterLink} href="/password/change" variant="contained">
            Set Password
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function Footer() {
  return (
    <Box component="footer" sx={{ py: 3, mt: 6, borderTop: 1, borderColor: 'divider' }}>
      <Container maxWidth="lg">
        <Stack direction="row" spacing={3} sx={{ flexWrap: 'wrap' }}>
          <ExternalLink href={EXTERNAL_LINKS.docs}>Docs</ExternalLink>
          <ExternalLink href={EXTERNAL_LINKS.privacy}>Privacy Policy</ExternalLink>
          <ExternalLink href={EXTERNAL_LINKS.terms}>Terms</ExternalLink>
          <Typography variant="body2" color="text.secondary">
            © {new Date().getFullYear()} {PRODUCT_NAME}
          </Typography>
        </Stack>
      </Container>
    </Box>
  );
}

/** The signed-in frame: navigation, team data, password and no-team gates, footer. */
export function AppShell({
  route,
  params,
  children,
}: {
  route: AppRoute;
  params: RouteParams;
  children: ReactNode;
}) {
  const session = useSession();
  const user = useCurrentUser();
  const teams = useTeams();
  const teamList = teams.data ?? [];
  const routeTeamId = params.teamId;
  const knownRouteTeam = routeTeamId ? teamList.find((t) => t.id === routeTeamId) : undefined;
  const active = knownRouteTeam ?? pickActiveTeam(teamList, session.activeTeamId);

  // Visiting a team's page makes it the active team (persisted in the session).
  useEffect(() => {
    if (knownRouteTeam && knownRouteTeam.id !== session.activeTeamId)
      updateSession({ activeTeamId: knownRouteTeam.id });
  }, [knownRouteTeam, session.activeTeamId]);

  let body: ReactNode;
  // The page renders while the user and teams load: a team page with its id in the URL needs
  // neither to start its own requests. Only the team-less `/` waits for the teams list.
  const needsTeamList = route.teamScoped && !routeTeamId;
  if (needsTeamList && (user.isPending || teams.isPending)) body = <PageLoading />;
  else if (user.isError)
    body = <PageError error={user.error} onRetry={() => void user.refetch()} />;
  else if (route.teamScoped && teams.isError)
    body = <PageError error={teams.error} onRetry={() => void teams.refetch()} />;
  else if (route.teamScoped && teams.isSuccess && teamList.length === 0 && user.data)
    body = <NoTeamScreen user={user.data} />;
  else body = children;

  const me = user.data;
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppBar position="static" color="primary">
        <Toolbar
          sx={{ gap: 1, flexWrap: { xs: 'wrap', md: 'nowrap' }, py: { xs: 1, md: 0 } }}
          component="nav"
          aria-label="Main"
        >
          <Typography
            component={RouterLink}
            href="/"
            variant="h6"
            sx={{
              color: 'inherit',
              textDecoration: 'none',
              mr: 2,
              fontSize: { xs: '1rem', sm: '1.25rem' },
              whiteSpace: 'nowrap',
            }}
          >
            {PRODUCT_NAME}
          </Typography>
          {active ? (
            <>
              <Button color="inherit" component={RouterLink} href={overviewPath(active.id)}>
                Overview
              </Button>
              <Button color="inherit" component={RouterLink} href={devicesPath(active.id)}>
                Devices
              </Button>
            </>
          ) : null}
          <Button
            color="inherit"
            href={EXTERNAL_LINKS.apps}
            target="_blank"
            rel="noopener noreferrer"
          >
            Apps
          </Button>
          <Button
            color="inherit"
            href={EXTERNAL_LINKS.docs}
            target="_blank"
            rel="noopener noreferrer"
          >
            Docs
          </Button>
          <Box sx={{ flexGrow: 1 }} />
          {route.teamScoped && active && teamList.length > 1 ? (
            <TeamSwitcher teams={teamList} activeId={active.id} />
          ) : null}
          <ProfileMenu user={me} impersonating={session.adminToken !== null} />
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth="lg" sx={{ flexGrow: 1, pt: 3 }}>
        {me && me.hasPassword === false ? (
          <PasswordRequired blocking={!!route.requiresPassword} />
        ) : null}
        {body}
      </Container>
      <Footer />
    </Box>
  );
}
