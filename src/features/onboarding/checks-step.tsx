import type { FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { $api } from '../../api/query';
import { ONBOARDING_MESSAGES } from '../../lib/onboarding';
import type { CheckPreset } from '../../lib/onboarding';
import { FormError } from '../../ui/form-error';

const PRESETS: { value: CheckPreset; label: string; description: string }[] = [
  {
    value: 'default',
    label: 'Recommended checks',
    description:
      'The 80/20 preset: the few checks that prevent most problems are required, the others stay optional. You can change every check later in the team settings.',
  },
  {
    value: 'all',
    label: 'All checks',
    description: 'Every check is enabled. Suits teams that must meet a strict security policy.',
  },
];

/** Step 1 "Define your required checks": the preset → POST /team/{teamId}/settings/checks/preset. */
export function ChecksStep({
  teamId,
  preset,
  onPresetChange,
  onDone,
}: {
  teamId: string;
  preset: CheckPreset;
  onPresetChange(preset: CheckPreset): void;
  onDone(): void;
}) {
  const queryClient = useQueryClient();
  const save = $api.useMutation('post', '/team/{teamId}/settings/checks/preset', {
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['get', '/team/{teamId}/settings/checks'] });
      onDone();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    save.mutate({ params: { path: { teamId } }, body: { preset } });
  };
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <FormControl>
        <FormLabel id="preset-label" sx={{ mb: 1 }}>
          Which checks should every device of your team pass?
        </FormLabel>
        <RadioGroup
          aria-labelledby="preset-label"
          name="preset"
          value={preset}
          onChange={(event) => {
            onPresetChange(event.target.value as CheckPreset);
            if (save.isError) save.reset();
          }}
        >
          {PRESETS.map((option) => (
            <FormControlLabel
              key={option.value}
              value={option.value}
              control={<Radio />}
              sx={{ alignItems: 'flex-start', mb: 1.5, '& .MuiRadio-root': { mt: -0.75 } }}
              label={
                <Box>
                  <Typography sx={{ fontWeight: 600 }}>{option.label}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {option.description}
                  </Typography>
                </Box>
              }
            />
          ))}
        </RadioGroup>
      </FormControl>
      <FormError message={save.isError ? ONBOARDING_MESSAGES.presetFailed : null} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 3 }}>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {save.isPending ? 'Saving' : 'Save and continue'}
        </Button>
      </Box>
    </Box>
  );
}
