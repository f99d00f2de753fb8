import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Link as RouterLink } from 'wouter';
import type { User } from '../api/current-user';
import { TruncatedText } from '../ui/bidi-text';
import { UserAvatar } from '../ui/user-avatar';
import { ExternalCue, isCurrent, profileLabel } from './shell-nav';
import type { NavItem } from './shell-nav';
import styles from './app-shell.module.css';

// The profile menu itself (its items and the Theme choice) is its own chunk: the first paint
// carries only the button.
const loadProfileMenu = () => import('./profile-menu-list');
const preloadProfileMenu = () => void loadProfileMenu();
const ProfileMenuList = lazy(async () => ({
  default: (await loadProfileMenu()).ProfileMenuList,
}));

// Laptop and up: the app bar's navigation and profile menu. Phones and tablets get both in one
// drawer instead (phone-menu.tsx, phone-menu-drawer.tsx); shell-nav.tsx is the model both render.

/**
 * Laptop and up: the main navigation as a row of links in the app bar: plain links with static
 * classes (app-shell.module.css), in MUI's text-button look.
 */
export function DesktopNav({ items, pathname }: { items: NavItem[]; pathname: string }) {
  return (
    <ul className={styles.navList}>
      {items.map((item) => (
        <li key={item.label}>
          {item.external ? (
            <a
              className={styles.navLink}
              href={item.href}
              target="_blank"
              rel="noopener noreferrer"
            >
              {item.label}
              <ExternalCue />
            </a>
          ) : (
            <RouterLink
              className={styles.navLink}
              href={item.href}
              aria-current={isCurrent(item, pathname) ? 'page' : undefined}
            >
              {item.label}
            </RouterLink>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * Laptop and up: the email (or "Impersonating …") opens the profile menu. Without a usable user
 * answer it is still there, as "Account", so Log Out is always reachable.
 */
export function ProfileMenu({
  user,
  impersonating,
}: {
  user: User | undefined;
  impersonating: boolean;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const label = profileLabel(user, impersonating);
  // The menu's chunk is fetched when the pointer or the focus reaches the button (at the latest
  // on the first press), and the menu stays mounted afterwards (closing transition, focus return).
  const [mounted, setMounted] = useState(false);
  const showEmail = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'), { noSsr: true });
  return (
    <>
      <Button
        color="inherit"
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'profile-menu' : undefined}
        // Named by its text where it shows the email; where only the avatar shows, by the label.
        aria-label={showEmail || !user ? undefined : label}
        onPointerEnter={preloadProfileMenu}
        onFocus={preloadProfileMenu}
        onPointerDown={preloadProfileMenu}
        onClick={(e) => {
          setMounted(true);
          setAnchor(e.currentTarget);
        }}
        startIcon={user ? <UserAvatar email={user.email} size={28} /> : undefined}
        sx={{
          whiteSpace: 'nowrap',
          minWidth: 0,
          '.MuiButton-startIcon': showEmail ? {} : { m: 0 },
        }}
      >
        {showEmail || !user ? <TruncatedText text={label} maxWidth={320} /> : null}
      </Button>
      {mounted ? (
        <Suspense fallback={null}>
          <ProfileMenuList
            anchor={anchor}
            onClose={close}
            user={user}
            impersonating={impersonating}
          />
        </Suspense>
      ) : null}
    </>
  );
}
