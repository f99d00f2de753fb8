import { lazy, Suspense, useEffect } from 'react';
import type { ReactNode } from 'react';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Link as RouterLink, useLocation } from 'wouter';
import { PRODUCT_NAME } from '../lib/constants';
import { adoptUserTheme } from '../session/session';
import { PageError, PageLoading } from '../ui/page-states';
import type { RouteParams } from '../ui/page-props';
import { CommandPaletteLauncher } from './command-palette-listener';
import { DesktopNav, ProfileMenu } from './desktop-nav';
import { Footer } from './footer';
import { ImpersonationBanner } from './impersonation-banner';
import { PhoneMenu } from './phone-menu';
import type { AppRoute } from './routes';
import { navItems } from './shell-nav';
import { TeamSwitcher } from './team-switcher-on-demand';
import { TeamNotFound } from './team-not-found';
import { useShellGate } from './use-shell-gate';
import type { ShellGate } from './use-shell-gate';
import { MAIN_CONTENT_ID, SkipLink } from '../ui/skip-link';
import styles from './app-shell.module.css';

// What only some users ever see is downloaded when it shows: the no-team screens (with the team
// form) and the password notice. Every signed-in page's first paint is lighter for everyone else.
const NoTeamScreen = lazy(async () => ({
  default: (await import('./no-team-screen')).NoTeamScreen,
}));
const PasswordRequired = lazy(async () => ({
  default: (await import('./password-required')).PasswordRequired,
}));

/** What the shell shows in its main area: the page, or what stands in for it. */
function GatedBody({ gate, children }: { gate: ShellGate; children: ReactNode }) {
  switch (gate.kind) {
    case 'loading':
      return <PageLoading />;
    case 'error':
      return <PageError error={gate.error} onRetry={gate.retry} />;
    case 'noTeam':
      return (
        <Suspense fallback={<PageLoading />}>
          <NoTeamScreen user={gate.user} />
        </Suspense>
      );
    case 'teamNotFound':
      return <TeamNotFound fallback={gate.fallback} />;
    case 'page':
      return <>{children}</>;
  }
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
  const { gate, user: me, impersonating, navTeam, switcher } = useShellGate(route, params);
  const [location] = useLocation();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const items = navItems(navTeam);
  // The signed-in person's remembered theme (another person may have used this browser before).
  const userId = me?.id;
  useEffect(() => {
    if (userId) adoptUserTheme(userId);
  }, [userId]);
  const search = (
    <CommandPaletteLauncher
      user={me}
      impersonating={impersonating}
      activeTeamId={navTeam?.id ?? null}
      pathname={location}
    />
  );
  const brand = (
    <RouterLink href="/" className={styles.brand}>
      {PRODUCT_NAME}
    </RouterLink>
  );
  // Plain elements with static classes (app-shell.module.css): the frame of every signed-in page.
  return (
    <div className={styles.root}>
      <SkipLink />
      <header className={styles.appBar}>
        {wide ? (
          <nav aria-label="Main" className={styles.toolbar}>
            {brand}
            <DesktopNav items={items} pathname={location} />
            <div className={styles.spacer} />
            {search}
            {switcher ? <TeamSwitcher {...switcher} onDark /> : null}
            <ProfileMenu user={me} impersonating={impersonating} />
          </nav>
        ) : (
          <div className={styles.toolbar}>
            <PhoneMenu
              items={items}
              pathname={location}
              switcher={switcher}
              user={me}
              impersonating={impersonating}
            />
            {brand}
            <div className={styles.spacer} />
            {search}
          </div>
        )}
      </header>
      {impersonating ? <ImpersonationBanner user={me} /> : null}
      {/* At least a screen high: the footer starts below the fold, so a page's content arriving
          late never pushes a visible footer down (layout shift). */}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={`${styles.container} ${styles.main}`}>
        {me && me.hasPassword === false && route.path !== '/password/change' ? (
          <Suspense fallback={null}>
            <PasswordRequired blocking={!!route.requiresPassword} />
          </Suspense>
        ) : null}
        <GatedBody gate={gate}>{children}</GatedBody>
      </main>
      <Footer />
    </div>
  );
}
