import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import type { User } from '../api/current-user';
import { THEME_PREFERENCE_LABELS } from '../lib/user-preferences';
import type { ThemePreference } from '../lib/user-preferences';
import { chooseTheme } from '../session/session';
import { CheckIcon } from '../ui/icons';

/** The order the choice is offered in. */
export const THEME_CHOICES: readonly ThemePreference[] = ['light', 'dark', 'system'];

/**
 * Laptop profile menu: Light, Dark, System as radio items (the menu stays open, so the change
 * shows at once). Remembered for the signed-in person in the stored session.
 */
export function themeMenuItems(user: User | undefined, current: ThemePreference) {
  return [
    <Divider key="theme-divider" />,
    <MenuItem key="theme-heading" disabled>
      Theme
    </MenuItem>,
    ...THEME_CHOICES.map((choice) => (
      <MenuItem
        key={`theme-${choice}`}
        role="menuitemradio"
        aria-checked={current === choice}
        onClick={() => chooseTheme(user?.id, choice)}
      >
        <ListItemIcon>{current === choice ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
        <ListItemText>{THEME_PREFERENCE_LABELS[choice]}</ListItemText>
      </MenuItem>
    )),
    <Divider key="theme-end" />,
  ];
}
