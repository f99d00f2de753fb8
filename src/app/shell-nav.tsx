import type { TeamSummary, User } from '../api/current-user';
import { EXTERNAL_LINKS } from '../lib/constants';
import { devicesPath, overviewPath, settingsPath } from '../lib/paths';
import { OPEN_IN_NEW_PATH } from '../ui/icons';
import styles from './app-shell.module.css';

// The shell's navigation model and the pieces both the app bar (desktop-nav.tsx) and the phone
// drawer (phone-menu-drawer.tsx, its own chunk) render.

/** Switching team keeps the kind of page: /devices/A → /devices/B. */
export function pathForTeam(pathname: string, teamId: string): string {
  const match = /^\/(overview|devices|settings)\/[^/]+/.exec(pathname);
  return match ? `/${match[1]}/${encodeURIComponent(teamId)}` : overviewPath(teamId);
}

/** One entry of the main navigation. `section` is the first path segment(s) it stands for. */
export interface NavItem {
  label: string;
  href: string;
  external?: boolean;
  sections?: readonly string[];
}

/**
 * `team` needs only its id: while the teams list loads, the shell passes the team of the address,
 * so the team's links are there from the first paint and nothing moves when the list arrives.
 */
export function navItems(team: Pick<TeamSummary, 'id'> | null): NavItem[] {
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

export function isCurrent(item: NavItem, pathname: string): boolean {
  const section = pathname.split('/')[1] ?? '';
  return !!item.sections?.includes(section);
}

/**
 * One entry of the profile menu, a route. Adding an entry is one line in `profileItems`; the
 * desktop menu and the phone drawer both render this list.
 */
export interface ProfileItem {
  label: string;
  href: string;
}

/** Without a usable user answer (failed, malformed, loading) Account and Log Out still show. */
export function profileItems(user: User | undefined, impersonating: boolean): ProfileItem[] {
  return [
    { label: 'Account', href: '/account' },
    // The activity log (listActivity, a proposal) is for account admins (canReadActivity in
    // src/lib/roles.ts, read here as its flag so the shell carries no other chunk). A server
    // without it: the page says so once (openapi/PROPOSALS.md allows either).
    ...(user?.isAdmin ? [{ label: 'Activity', href: '/activity' }] : []),
    ...(user?.hasBillingRole ? [{ label: 'Billing', href: '/billing' }] : []),
    ...(user?.isSuperuser || impersonating ? [{ label: 'Impersonate', href: '/impersonate' }] : []),
    { label: 'Log Out', href: '/logout' },
  ];
}

export function profileLabel(user: User | undefined, impersonating: boolean): string {
  if (!user) return 'Account';
  return impersonating ? `Impersonating ${user.email}` : user.email;
}

/** Apps and Docs open another site in a new tab: say so with an icon and in the name. */
export function ExternalCue() {
  return (
    <>
      <svg className={styles.external} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={OPEN_IN_NEW_PATH} />
      </svg>
      <span className={styles.visuallyHidden}> (opens in a new tab)</span>
    </>
  );
}
