import { useId } from 'react';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { User } from '../api/current-user';
import { THEME_PREFERENCE_LABELS } from '../lib/user-preferences';
import type { ThemePreference } from '../lib/user-preferences';
import { chooseTheme, useSession } from '../session/session';
import { THEME_CHOICES } from './theme-choice';

/** Phone drawer: the same choice as three toggle buttons. */
export function ThemeToggle({ user }: { user: User | undefined }) {
  const current = useSession().theme;
  const labelId = useId();
  return (
    <Box sx={{ px: 2, py: 1.5 }}>
      <Typography id={labelId} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Theme
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={current}
        aria-labelledby={labelId}
        onChange={(_, choice: ThemePreference | null) => {
          if (choice) chooseTheme(user?.id, choice);
        }}
      >
        {THEME_CHOICES.map((choice) => (
          <ToggleButton key={choice} value={choice} sx={{ px: 2 }}>
            {THEME_PREFERENCE_LABELS[choice]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Box>
  );
}
