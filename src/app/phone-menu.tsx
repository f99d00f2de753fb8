import { lazy, Suspense, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import type { TeamSummary, User } from '../api/current-user';
import { MenuIcon } from '../ui/icons';
import type { NavItem } from './shell-nav';

// The phone drawer (navigation, team switcher, profile) is downloaded when it is first opened.
const loadPhoneMenuDrawer = () => import('./phone-menu-drawer');
const PhoneMenuDrawer = lazy(async () => ({
  default: (await loadPhoneMenuDrawer()).PhoneMenuDrawer,
}));

/** Phones and tablets: one drawer holds the navigation, the team switcher and the profile menu. */
export function PhoneMenu({
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
