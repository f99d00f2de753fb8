import { useId } from 'react';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { useLocation } from 'wouter';
import type { TeamSummary } from '../api/current-user';
import { updateSession } from '../session/session';
import { TruncatedText } from '../ui/bidi-text';
import { pathForTeam } from './shell-nav';
import {
  teamSwitcherControlSx,
  teamSwitcherLabelOnDarkSx,
  teamSwitcherOnDarkSx,
} from './team-switcher-style';

/** The team switcher: a Select of the person's teams; switching keeps the kind of page. */
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
  const labelId = useId();
  return (
    <FormControl size="small" sx={teamSwitcherControlSx} fullWidth={!onDark}>
      <InputLabel id={labelId} sx={onDark ? teamSwitcherLabelOnDarkSx : undefined}>
        Team
      </InputLabel>
      <Select
        labelId={labelId}
        label="Team"
        value={activeId}
        sx={onDark ? teamSwitcherOnDarkSx : undefined}
        onChange={(event) => {
          const id = String(event.target.value);
          updateSession({ activeTeamId: id });
          navigate(pathForTeam(location, id));
          onSwitched?.();
        }}
      >
        {teams.map((team) => (
          <MenuItem key={team.id} value={team.id}>
            <TruncatedText text={team.name} maxWidth={{ xs: '70vw', md: 360 }} />
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
