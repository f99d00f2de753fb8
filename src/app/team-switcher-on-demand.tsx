import { lazy, Suspense, useEffect } from 'react';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { TeamSummary } from '../api/current-user';
import {
  teamSwitcherControlSx,
  teamSwitcherLabelOnDarkSx,
  teamSwitcherOnDarkSx,
} from './team-switcher-style';

// The team switcher's Select (with MUI's menu, popover and modal) is its own chunk, fetched right
// after the first paint; until it is here, a read-only field of the same size shows the team.
const loadTeamSwitcher = () => import('./team-switcher');
const TeamSelect = lazy(async () => ({ default: (await loadTeamSwitcher()).TeamSwitcher }));

type TeamSwitcherProps = {
  teams: TeamSummary[];
  activeId: string;
  onDark?: boolean;
  onSwitched?: () => void;
};

/** The team switcher of the app bar: a Select of the person's teams (team-switcher.tsx). */
export function TeamSwitcher(props: TeamSwitcherProps) {
  useEffect(() => {
    void loadTeamSwitcher();
  }, []);
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
        inputProps={{ tabIndex: -1, 'aria-hidden': true }}
        sx={[
          onDark ? teamSwitcherOnDarkSx : {},
          { '.MuiInputBase-input': { pr: '32px', textOverflow: 'ellipsis' } },
        ]}
      />
    </FormControl>
  );
}
