import { lazy, Suspense } from 'react';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { TeamSummary } from '../api/current-user';
import {
  teamSwitcherControlSx,
  teamSwitcherLabelOnDarkSx,
  teamSwitcherOnDarkSx,
} from './team-switcher-style';

// The team switcher's Select (with MUI's menu, popover and modal) is its own chunk, fetched when
// the shell first renders it (not part of the first paint's download); until it is here, a
// read-only field of the same shape shows the team.
const TeamSelect = lazy(async () => ({
  default: (await import('./team-switcher')).TeamSwitcher,
}));

type TeamSwitcherProps = {
  teams: TeamSummary[];
  activeId: string;
  onDark?: boolean;
  onSwitched?: () => void;
};

/** The team switcher of the app bar: a Select of the person's teams (team-switcher.tsx). */
export function TeamSwitcher(props: TeamSwitcherProps) {
  return (
    <Suspense fallback={<TeamSwitcherPlaceholder {...props} />}>
      <TeamSelect {...props} />
    </Suspense>
  );
}

/** The team's name in an outlined field shaped like the switcher, while its chunk loads. */
function TeamSwitcherPlaceholder({ teams, activeId, onDark }: TeamSwitcherProps) {
  const name = teams.find((team) => team.id === activeId)?.name ?? '';
  return (
    <FormControl size="small" sx={teamSwitcherControlSx} fullWidth={!onDark}>
      <InputLabel shrink sx={onDark ? teamSwitcherLabelOnDarkSx : undefined}>
        Team
      </InputLabel>
      <OutlinedInput
        readOnly
        notched
        label="Team"
        value={name}
        // About as wide as the Select showing the same name (its width follows its text).
        inputProps={{ tabIndex: -1, 'aria-hidden': true, size: Math.max(1, name.length) }}
        sx={[
          onDark ? teamSwitcherOnDarkSx : {},
          { '.MuiInputBase-input': { pr: '32px', textOverflow: 'ellipsis' } },
        ]}
      />
    </FormControl>
  );
}
