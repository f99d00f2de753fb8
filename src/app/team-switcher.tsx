import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useLocation } from 'wouter';
import type { TeamSummary } from '../api/current-user';
import { displayText } from '../lib/display-text';
import { updateSession } from '../session/session';
import { TruncatedText } from '../ui/bidi-text';
import { pathForTeam } from './shell-nav';
import {
  teamSwitcherControlSx,
  teamSwitcherLabelOnDarkSx,
  teamSwitcherOnDarkSx,
} from './team-switcher-style';

/**
 * At most this many teams are listed at once: an account with thousands of teams (an IT provider)
 * opens the list as fast as one with three; typing finds the others.
 */
export const TEAM_OPTIONS_SHOWN = 50;
const filterTeams = createFilterOptions<TeamSummary>({
  limit: TEAM_OPTIONS_SHOWN,
  stringify: (team) => team.name,
});

/**
 * The team switcher: a combobox of the person's teams, typed into to find one; switching keeps
 * the kind of page.
 */
export function TeamSwitcher({
  teams,
  activeId,
  onDark,
  onSwitched,
}: {
  teams: TeamSummary[];
  activeId: string;
  onDark?: boolean;
  onSwitched?: () => void;
}) {
  const [location, navigate] = useLocation();
  const active = teams.find((team) => team.id === activeId) ?? null;
  return (
    <Autocomplete
      size="small"
      sx={teamSwitcherControlSx}
      fullWidth={!onDark}
      options={teams}
      value={active}
      disableClearable={active !== null}
      autoHighlight
      filterOptions={filterTeams}
      getOptionLabel={(team) => displayText(team.name)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText="No team of that name"
      onChange={(_, team) => {
        if (!team || team.id === activeId) return;
        updateSession({ activeTeamId: team.id });
        navigate(pathForTeam(location, team.id));
        onSwitched?.();
      }}
      renderOption={({ key, ...props }, team) => (
        <li key={key} {...props}>
          <TruncatedText text={team.name} maxWidth={{ xs: '70vw', md: 360 }} />
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Team"
          slotProps={{
            ...params.slotProps,
            inputLabel: {
              ...params.slotProps.inputLabel,
              sx: onDark ? teamSwitcherLabelOnDarkSx : undefined,
            },
          }}
          sx={onDark ? { '.MuiOutlinedInput-root': teamSwitcherOnDarkSx } : undefined}
        />
      )}
    />
  );
}
