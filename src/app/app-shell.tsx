import { lazy, Suspense, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Link as RouterLink, useLocation } from 'wouter';
import { EXTERNAL_LINKS, PRODUCT_NAME } from '../lib/constants';
import { pickActiveTeam, useCurrentUser, useTeams } from '../api/current-user';
import type { TeamSummary, User } from '../api/current-user';
import {
  getSession,
  setSession,
  stopImpersonation,
  updateSession,
  useSession,
} from '../session/session';
import { TruncatedText } from '../ui/bidi-text';
import { ExternalLink } from '../ui/external-link';
import { MenuIcon } from '../ui/icons';
import { PageError, PageLoading } from '../ui/page-states';
import { ReportBugButton } from '../ui/report-bug-button';
import { usePageTitle } from '../ui/page-title';
import { UserAvatar } from '../ui/user-avatar';
import {
  ExternalCue,
  isCurrent,
  navItems,
  pathForTeam,
  profileItems,
  profileLabel,
  TeamSwitcher,
} from './shell-nav';
import type { NavItem } from './shell-nav';
import type { AppRoute } from './routes';
import type { RouteParams } from '../ui/page-props';

// What only some users ever see is downloaded when it shows: the no-team screens (with the team
// form) and the password notice. Every signed-in page's first paint is lighter for everyone else.
const NoTeamScreen = lazy(async () => ({
  default: (await import('./no-team-screen')).NoTeamScreen,
}));
const PasswordRequired = lazy(async () => ({
  default: (await import('./password-required')).PasswordRequired,
}));
// The phone drawer (navigation, team switcher, profile) is downloaded when it is first opened.
const loadPhoneMenuDrawer = () => import('./phone-menu-drawer');
const PhoneMenuDrawer = lazy(async () => ({
  default: (await loadPhoneMenuDrawer()).PhoneMenuDrawer,
}));

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
  // The drawer's chunk is fetched when the button is first pressed, and the drawer stays mounted
  // afterwards (its closing transition, focus return).
  const [mounted, setMounted] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <IconButton
        color="inherit"
        edge="start"
        aria-label="Open the menu"
        aria-haspopup="dialog"
        aria-expanded={open ? 'true' : 'false'}
        onPointerDown={() => void loadPhoneMenuDrawer()}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        <MenuIcon />
      </IconButton>
      {mounted ? (
        <Suspense fallback={null}>
          <PhoneMenuDrawer
            open={open}
            onClose={close}
            items={items}
            pathname={pathname}
            switcher={switcher}
            user={user}
            impersonating={impersonating}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * While support staff act as someone else, every page says so, with the way back: "Stop
 * impersonating" swaps the tokens back (SPEC §4) and returns to the Impersonate page, where the
 * support user can pick someone else.
 */
function ImpersonationBanner({ user }: { user: User | undefined }) {
  const [, navigate] = useLocation();
  const stop = () => {
    setSession(stopImpersonation(getSession()));
    navigate('/impersonate');
  };
  return (
    <Alert
      severity="warning"
      variant="filled"
      square
      role="status"
      data-testid="impersonation-banner"
      sx={{ borderRadius: 0, py: 0, alignItems: 'center' }}
      action={
        <Button color="inherit" size="small" onClick={stop} sx={{ whiteSpace: 'nowrap' }}>
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
    body = (
      <Suspense fallback={<PageLoading />}>
        <NoTeamScreen user={user.data} />
      </Suspense>
    );
  else if (unknownRouteTeam) body = <TeamNotFound fallback={active} />;
  else body = children;

  const me = user.data;
  // While the teams load, the address's team (or the remembered one) stands in for the links, so
  // they do not appear late and push the rest of the bar (layout shift).
  const provisionalTeamId = teams.isPending ? (routeTeamId ?? session.activeTeamId) : null;
  const items = navItems(active ?? (provisionalTeamId ? { id: provisionalTeamId } : null));
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
      {/* At least a screen high: the footer starts below the fold, so a page's content arriving
          late never pushes a visible footer down (layout shift). */}
      <Container component="main" maxWidth="lg" sx={{ flexGrow: 1, pt: 3, minHeight: '100vh' }}>
        {me && me.hasPassword === false && route.path !== '/password/change' ? (
          <Suspense fallback={null}>
            <PasswordRequired blocking={!!route.requiresPassword} />
          </Suspense>
        ) : null}
        {body}
      </Container>
      <Footer />
    </Box>
  );
}
