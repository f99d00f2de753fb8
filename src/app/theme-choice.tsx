import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import type { User } from '../api/current-user';
import { THEME_PREFERENCE_LABELS } from '../lib/user-preferences';
import type { ThemePreference } from '../lib/user-preferences';
import { chooseTheme } from '../session/session';
import { CheckIcon } from '../ui/icons';

/** The order the choice is offered in. */
export const THEME_CHOICES: readonly ThemePreference[] = ['light', 'dark', 'system'];

/**
 * Laptop profile menu: Light, Dark, System as radio items below a "Theme" heading, the last one
 * closing the group with a divider (the menu stays open, so the change shows at once).
 * Remembered for the signed-in person in the stored session.
 */
export function themeMenuItems(user: User | undefined, current: ThemePreference) {
  return [
    <MenuItem key="theme-heading" disabled>
      Theme
    </MenuItem>,
    ...THEME_CHOICES.map((choice, index) => (
      <MenuItem
        key={`theme-${choice}`}
        role="menuitemradio"
        aria-checked={current === choice}
        divider={index === THEME_CHOICES.length - 1}
        onClick={() => chooseTheme(user?.id, choice)}
      >
        <Box component="span" sx={{ display: 'inline-flex', width: 28 }}>
          {current === choice ? <CheckIcon fontSize="small" /> : null}
        </Box>
        {THEME_PREFERENCE_LABELS[choice]}
      </MenuItem>
    )),
  ];
}
