import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import type { TeamSummary } from '../../api/current-user';

/** The teams a collaborator sees: one checkbox per team of the account. */
export function TeamPicker({
  teams,
  value,
  onChange,
  disabled,
  helperText,
}: {
  teams: readonly TeamSummary[];
  value: readonly string[];
  onChange(value: string[]): void;
  disabled?: boolean;
  helperText?: string;
}) {
  return (
    <FormControl component="fieldset" disabled={disabled} sx={{ display: 'block' }}>
      <FormLabel component="legend">Teams</FormLabel>
      <FormGroup row>
        {teams.map((team) => (
          <FormControlLabel
            key={team.id}
            label={team.name}
            control={
              <Checkbox
                checked={value.includes(team.id)}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? [...value, team.id]
                      : value.filter((id) => id !== team.id),
                  )
                }
              />
            }
          />
        ))}
      </FormGroup>
      {helperText ? <FormHelperText>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
