import { useEffect, useId, useState } from 'react';
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
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import FormControl from '@mui/material/FormControl';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Link as RouterLink, useLocation } from 'wouter';
import { EXTERNAL_LINKS, PRODUCT_NAME } from '../lib/constants';
import { devicesPath, overviewPath, settingsPath } from '../lib/paths';
import { pickActiveTeam, useCurrentUser, useTeams } from '../api/current-user';
import type { TeamSummary, User } from '../api/current-user';
import { updateSession, useSession } from '../session/session';
import { BidiText, TruncatedText } from '../ui/bidi-text';
import { ExternalLink } from '../ui/external-link';
import { CloseIcon, MenuIcon, OpenInNewIcon } from '../ui/icons';
import { PageError, PageLoading } from '../ui/page-states';
import { ReportBugButton } from '../ui/report-bug-button';
import { usePageTitle } from '../ui/page-title';
import { UserAvatar } from '../ui/user-avatar';
import { NoTeamScreen } from './no-team-screen';
import type { AppRoute } from './routes';
import type { RouteParams } from '../ui/page-props';

/** Switching team keeps the kind of page: /devices/A → /devices/B. */
export function pathForTeam(pathname: string, teamId: string): string {
  const match = /^\/(overview|devices|settings)\/[^/]+/.exec(pathname);
  return match ? `/${match[1]}/${encodeURIComponent(teamId)}` : overviewPath(teamId);
}

/** One entry of the main navigation. `section` is the first path segment(s) it stands for. */
interface NavItem {
  label: string;
  href: string;
  external?: boolean;
  sections?: readonly string[];
}

function navItems(team: TeamSummary | null): NavItem[] {
  return [
    ...(team
      ? [
          { label: 'Overview', href: overviewPath(team.id), sections: ['overview'] },
          // A device's own pages belong to the device list.
          { label: 'Devices', href: devicesPath(team.id), sections: ['devices', 'device'] },
          { label: 'Settings', href: settingsPath(team.id), sections: ['settings'] },
        ]
      : []),
    { label: 'Apps', href: EXTERNAL_LINKS.apps, external: true },
    { label: 'Docs', href: EXTERNAL_LINKS.docs, external: true },
  ];
}

function isCurrent(item: NavItem, pathname: string): boolean {
  const section = pathname.split('/')[1] ?? '';
  return !!item.sections?.includes(section);
}

/**
 * One entry of the profile menu: a route (`href`) or an action (`onSelect`). Adding an entry is
 * one line in `profileItems`; the desktop menu and the phone drawer both render this list.
 */
interface ProfileItem {
  label: string;
  href?: string;
  onSelect?: () => void;
}

/** Without a usable user answer (failed, malformed, loading) Account and Log Out still show. */
function profileItems(user: User | undefined, impersonating: boolean): ProfileItem[] {
  return [
    { label: 'Account', href: '/account' },
    ...(user?.hasBillingRole ? [{ label: 'Billing', href: '/billing' }] : []),
    ...(user?.isSuperuser || impersonating ? [{ label: 'Impersonate', href: '/impersonate' }] : []),
    { label: 'Log Out', href: '/logout' },
  ];
}

function profileLabel(user: User | undefined, impersonating: boolean): string {
  if (!user) return 'Account';
  return impersonating ? `Impersonating ${user.email}` : user.email;
}

function TeamSwitcher({
  teams,
  activeId,
  onDark,
  onSwitched,
}: {
  teams: TeamSummary[];
  activeId: string;
  onDark?: boolean;
  onSwitched?: () => void;
}) {
  const [location, navigate] = useLocation();
  const labelId = useId();
  return (
    <FormControl
      size="small"
      sx={{ minWidth: 160, maxWidth: { xs: '100%', md: 280 } }}
      fullWidth={!onDark}
    >
      <InputLabel
        id={labelId}
        sx={onDark ? { color: 'inherit', '&.Mui-focused': { color: 'inherit' } } : undefined}
      >
        Team
      </InputLabel>
      <Select
        labelId={labelId}
        label="Team"
        value={activeId}
        sx={
          onDark
            ? {
                color: 'inherit',
                '.MuiOutlinedInput-notchedOutline': { borderColor: 'rgba(255,255,255,0.6)' },
                '&.Mui-focused .MuiOutlinedInput-notchedOutline': { borderColor: '#fff' },
                '&.Mui-focused': { boxShadow: '0 0 0 3px rgba(255,255,255,0.45)' },
                '.MuiSvgIcon-root': { color: 'inherit' },
              }
            : undefined
        }
        onChange={(event) => {
          const id = String(event.target.value);
          updateSession({ activeTeamId: id });
          navigate(pathForTeam(location, id));
          onSwitched?.();
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
 * Laptop and up: the email (or "Impersonating …") opens the profile menu. Without a usable user
 * answer it is still there, as "Account", so Log Out is always reachable.
 */
function ProfileMenu({ user, impersonating }: { user: User | undefined; impersonating: boolean }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const label = profileLabel(user, impersonating);
  const showEmail = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'), { noSsr: true });
  return (
    <>
      <Button
        color="inherit"
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'profile-menu' : undefined}
        aria-label={label}
        onClick={(e) => setAnchor(e.currentTarget)}
        startIcon={user ? <UserAvatar email={user.email} size={28} /> : undefined}
        sx={{
          whiteSpace: 'nowrap',
          minWidth: 0,
          '.MuiButton-startIcon': showEmail ? {} : { m: 0 },
        }}
      >
        {showEmail || !user ? <TruncatedText text={label} maxWidth={320} /> : null}
      </Button>
      <Menu id="profile-menu" anchorEl={anchor} open={!!anchor} onClose={close}>
        {impersonating && user ? (
          <MenuItem disabled divider>
            <TruncatedText
              text={`Impersonating ${user.email}`}
              maxWidth={{ xs: '70vw', md: 360 }}
            />
          </MenuItem>
        ) : user ? (
          <MenuItem disabled divider>
            Signed in as <TruncatedText text={user.email} maxWidth={{ xs: '60vw', md: 320 }} />
          </MenuItem>
        ) : null}
        {profileItems(user, impersonating).map((item) =>
          item.href ? (
            <MenuItem key={item.label} component={RouterLink} href={item.href} onClick={close}>
              {item.label}
            </MenuItem>
          ) : (
            <MenuItem
              key={item.label}
              onClick={() => {
                close();
                item.onSelect?.();
              }}
            >
              {item.label}
            </MenuItem>
          ),
        )}
      </Menu>
    </>
  );
}

/** Apps and Docs open another site in a new tab: say so with an icon and in the name. */
function ExternalCue() {
  return (
    <>
      <OpenInNewIcon sx={{ fontSize: '1rem', ml: 0.5 }} />
      <Box component="span" sx={visuallyHidden}>
        {' '}
        (opens in a new tab)
      </Box>
    </>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function DesktopNav({ items, pathname }: { items: NavItem[]; pathname: string }) {
  return (
    <Stack direction="row" spacing={0.5} component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {items.map((item) => {
        const current = isCurrent(item, pathname);
        const common = {
          color: 'inherit' as const,
          sx: {
            px: 1.5,
            borderRadius: 1,
            whiteSpace: 'nowrap',
            fontWeight: current ? 700 : 500,
            boxShadow: current ? 'inset 0 -3px 0 #fff' : 'none',
            bgcolor: current ? 'rgba(255,255,255,0.14)' : 'transparent',
          },
        };
        return (
          <li key={item.label}>
            {item.external ? (
              <Button {...common} href={item.href} target="_blank" rel="noopener noreferrer">
                {item.label}
                <ExternalCue />
              </Button>
            ) : (
              <Button
                {...common}
                component={RouterLink}
                href={item.href}
                aria-current={current ? 'page' : undefined}
              >
                {item.label}
              </Button>
            )}
          </li>
        );
      })}
    </Stack>
  );
}

/** Phones and tablets: one drawer holds the navigation, the team switcher and the profile menu. */
function PhoneMenu({
  items,
  pathname,
  switcher,
  user,
  impersonating,
}: {
  items: NavItem[];
  pathname: string;
  switcher: { teams: TeamSummary[]; activeId: string } | null;
  user: User | undefined;
  impersonating: boolean;
}) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const current = items.find((item) => isCurrent(item, pathname));
  return (
    <>
      <IconButton
        color="inherit"
        edge="start"
        aria-label="Open the menu"
        aria-haspopup="dialog"
        aria-expanded={open ? 'true' : 'false'}
        onClick={() => setOpen(true)}
      >
        <MenuIcon />
      </IconButton>
      <Drawer
        anchor="left"
        open={open}
        onClose={close}
        slotProps={{
          paper: { sx: { width: 'min(320px, 85vw)' }, role: 'dialog', 'aria-label': 'Menu' },
        }}
      >
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1 }}
        >
          <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700 }}>
            {PRODUCT_NAME}
          </Typography>
          <IconButton aria-label="Close the menu" onClick={close}>
            <CloseIcon />
          </IconButton>
        </Stack>
        <Divider />
        <Box component="nav" aria-label="Main">
          <List>
            {items.map((item) =>
              item.external ? (
                <ListItem key={item.label} disablePadding>
                  <ListItemButton
                    component="a"
                    href={item.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    onClick={close}
                  >
                    <ListItemText primary={item.label} />
                    <ExternalCue />
                  </ListItemButton>
                </ListItem>
              ) : (
                <ListItem key={item.label} disablePadding>
                  <ListItemButton
                    component={RouterLink}
                    href={item.href}
                    selected={item === current}
                    aria-current={item === current ? 'page' : undefined}
                    onClick={close}
                    sx={{
                      borderLeft: 4,
                      borderColor: item === current ? 'primary.main' : 'transparent',
                    }}
                  >
                    <ListItemText
                      primary={item.label}
                      slotProps={{ primary: { sx: { fontWeight: item === current ? 700 : 400 } } }}
                    />
                  </ListItemButton>
                </ListItem>
              ),
            )}
          </List>
        </Box>
        {switcher ? (
          <>
            <Divider />
            <Box sx={{ px: 2, py: 2 }}>
              <TeamSwitcher
                teams={switcher.teams}
                activeId={switcher.activeId}
                onSwitched={close}
              />
            </Box>
          </>
        ) : null}
        {/* Always there, even without a usable user answer: Log Out is never out of reach. */}
        <>
          <Divider />
          <List
            aria-label="Profile"
            subheader={
              user ? (
                <ListSubheader
                  disableSticky
                  sx={{ lineHeight: 1.4, py: 1.5, display: 'flex', gap: 1, alignItems: 'center' }}
                >
                  <UserAvatar email={user.email} size={28} />
                  <BidiText text={profileLabel(user, impersonating)} />
                </ListSubheader>
              ) : undefined
            }
          >
            {profileItems(user, impersonating).map((item) =>
              item.href ? (
                <ListItem key={item.label} disablePadding>
                  <ListItemButton component={RouterLink} href={item.href} onClick={close}>
                    <ListItemText primary={item.label} />
                  </ListItemButton>
                </ListItem>
              ) : (
                <ListItem key={item.label} disablePadding>
                  <ListItemButton
                    onClick={() => {
                      close();
                      item.onSelect?.();
                    }}
                  >
                    <ListItemText primary={item.label} />
                  </ListItemButton>
                </ListItem>
              ),
            )}
          </List>
        </>
      </Drawer>
    </>
  );
}

/** While support staff act as someone else, every page says so, with the way back. */
function ImpersonationBanner({ user }: { user: User | undefined }) {
  return (
    <Alert
      severity="warning"
      variant="filled"
      square
      role="status"
      data-testid="impersonation-banner"
      sx={{ borderRadius: 0, py: 0, alignItems: 'center' }}
      action={
        <Button
          component={RouterLink}
          href="/impersonate"
          color="inherit"
          size="small"
          sx={{ whiteSpace: 'nowrap' }}
        >
          Stop impersonating
        </Button>
      }
    >
      <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
        {user ? `Impersonating ${user.email}` : 'Impersonating another user'}.
      </Box>
      <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
        {' '}
        You see and change what this user sees.
      </Box>
    </Alert>
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

/** A team id in the address that is not one of the user's teams. */
function TeamNotFound({ fallback }: { fallback: TeamSummary | null }) {
  usePageTitle('Team not found');
  const [location] = useLocation();
  return (
    <Stack spacing={2} sx={{ py: 8, textAlign: 'center', alignItems: 'center' }}>
      <Typography variant="h4" component="h1">
        Team not found
      </Typography>
      <Typography color="text.secondary">
        This team does not exist, or your account has no access to it.
      </Typography>
      {fallback ? (
        <Button
          component={RouterLink}
          href={pathForTeam(location, fallback.id)}
          variant="contained"
        >
          Go to {fallback.name}
        </Button>
      ) : null}
    </Stack>
  );
}

function Footer() {
  return (
    <Box component="footer" sx={{ py: 3, mt: 6, borderTop: 1, borderColor: 'divider' }}>
      <Container maxWidth="lg">
        <Stack
          direction="row"
          useFlexGap
          sx={{ flexWrap: 'wrap', columnGap: 3, rowGap: 1, alignItems: 'baseline' }}
        >
          <ExternalLink href={EXTERNAL_LINKS.docs}>Docs</ExternalLink>
          <ExternalLink href={EXTERNAL_LINKS.privacy}>Privacy Policy</ExternalLink>
          <ExternalLink href={EXTERNAL_LINKS.terms}>Terms</ExternalLink>
          <ReportBugButton />
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
  const [location] = useLocation();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const teamList = teams.data ?? [];
  const routeTeamId = params.teamId;
  const knownRouteTeam = routeTeamId ? teamList.find((t) => t.id === routeTeamId) : undefined;
  const unknownRouteTeam =
    !!routeTeamId && route.teamScoped && teams.isSuccess && teamList.length > 0 && !knownRouteTeam;
  const active = knownRouteTeam ?? pickActiveTeam(teamList, session.activeTeamId);
  const impersonating = session.adminToken !== null;

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
  else if (unknownRouteTeam) body = <TeamNotFound fallback={active} />;
  else body = children;

  const me = user.data;
  const items = navItems(active);
  // The switcher shows the team in view; it is hidden where the address names no known team.
  const switcher =
    route.teamScoped && active && teamList.length > 1 && !unknownRouteTeam
      ? { teams: teamList, activeId: active.id }
      : null;
  const brand = (
    <Typography
      component={RouterLink}
      href="/"
      variant="h6"
      sx={{
        color: 'inherit',
        textDecoration: 'none',
        mr: 1,
        fontSize: { xs: '1.05rem', sm: '1.2rem' },
        whiteSpace: 'nowrap',
        borderRadius: 1,
      }}
    >
      {PRODUCT_NAME}
    </Typography>
  );
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppBar position="static" color="primary" sx={{ '--focus-ring': '#fff' }}>
        {wide ? (
          <Toolbar component="nav" aria-label="Main" sx={{ gap: 1 }}>
            {brand}
            <DesktopNav items={items} pathname={location} />
            <Box sx={{ flexGrow: 1 }} />
            {switcher ? <TeamSwitcher {...switcher} onDark /> : null}
            <ProfileMenu user={me} impersonating={impersonating} />
          </Toolbar>
        ) : (
          <Toolbar sx={{ gap: 1 }}>
            <PhoneMenu
              items={items}
              pathname={location}
              switcher={switcher}
              user={me}
              impersonating={impersonating}
            />
            {brand}
          </Toolbar>
        )}
      </AppBar>
      {impersonating ? <ImpersonationBanner user={me} /> : null}
      <Container component="main" maxWidth="lg" sx={{ flexGrow: 1, pt: 3 }}>
        {me && me.hasPassword === false && route.path !== '/password/change' ? (
          <PasswordRequired blocking={!!route.requiresPassword} />
        ) : null}
        {body}
      </Container>
      <Footer />
    </Box>
  );
}
