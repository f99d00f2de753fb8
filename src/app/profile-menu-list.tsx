import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { Link as RouterLink } from 'wouter';
import type { User } from '../api/current-user';
import { useSession } from '../session/session';
import { TruncatedText } from '../ui/bidi-text';
import { themeMenuItems } from './theme-choice';
import { profileItems } from './shell-nav';

/**
 * Laptop and up: the profile menu's items, the Theme choice and Log Out, below the app bar's
 * email button (desktop-nav.tsx). Its own chunk, loaded when the button is approached or pressed.
 */
export function ProfileMenuList({
  anchor,
  onClose,
  user,
  impersonating,
}: {
  anchor: HTMLElement | null;
  onClose: () => void;
  user: User | undefined;
  impersonating: boolean;
}) {
  const theme = useSession().theme;
  const items = profileItems(user, impersonating);
  const logOut = items.filter((item) => item.href === '/logout');
  return (
    <Menu id="profile-menu" anchorEl={anchor} open={!!anchor} onClose={onClose}>
      {impersonating && user ? (
        <MenuItem disabled divider>
          <TruncatedText text={`Impersonating ${user.email}`} maxWidth={{ xs: '70vw', md: 360 }} />
        </MenuItem>
      ) : user ? (
        <MenuItem disabled divider>
          {/* One inline run: as a flex item of its own, the text's last space would be dropped. */}
          <span>
            Signed in as <TruncatedText text={user.email} maxWidth={{ xs: '60vw', md: 320 }} />
          </span>
        </MenuItem>
      ) : null}
      {items
        .filter((item) => !logOut.includes(item))
        .map((item, index, shown) => (
          <MenuItem
            key={item.label}
            component={RouterLink}
            href={item.href}
            onClick={onClose}
            divider={index === shown.length - 1}
          >
            {item.label}
          </MenuItem>
        ))}
      {themeMenuItems(user, theme)}
      {logOut.map((item) => (
        <MenuItem key={item.label} component={RouterLink} href={item.href} onClick={onClose}>
          {item.label}
        </MenuItem>
      ))}
    </Menu>
  );
}
