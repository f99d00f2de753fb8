import { useState } from 'react';
import type { FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { $api } from '../../api/query';
import { EXTERNAL_LINKS } from '../../lib/constants';
import {
  FOUND_APP_ON_OPTIONS,
  ONBOARDING_MESSAGES,
  USING_APP_FOR_OPTIONS,
  checkNotices,
} from '../../lib/onboarding';
import type { NoticesForm } from '../../lib/onboarding';
import { ExternalLink } from '../../ui/external-link';
import { FormError } from '../../ui/form-error';

const PLACEHOLDER = 'Select an option';

function Choice<T extends string>({
  label,
  value,
  options,
  error,
  onChange,
}: {
  label: string;
  value: T | '';
  options: readonly T[];
  error: boolean;
  onChange(value: T): void;
}) {
  return (
    <TextField
      select
      label={label}
      value={value}
      error={error}
      required
      fullWidth
      onChange={(event) => onChange(event.target.value as T)}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="" disabled>
        {PLACEHOLDER}
      </MenuItem>
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {option}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * Step 3 "Important notices": the cookie notice, where the user found the app, what for, and
 * the terms. Completing sends POST /user/info and hands over to `onCompleted`.
 */
export function NoticesStep({
  form,
  onChange,
  onCompleted,
}: {
  form: NoticesForm;
  onChange(form: NoticesForm): void;
  onCompleted(): Promise<void>;
}) {
  const [problem, setProblem] = useState<ReturnType<typeof checkNotices> | null>(null);
  const complete = $api.useMutation('post', '/user/info', { onSuccess: onCompleted });
  const set = (patch: Partial<NoticesForm>) => {
    const next = { ...form, ...patch };
    onChange(next);
    if (problem) {
      const again = checkNotices(next);
      setProblem(again.ok ? null : again);
    }
    if (complete.isError) complete.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (complete.isPending) return;
    const result = checkNotices(form);
    setProblem(result.ok ? null : result);
    if (result.ok) complete.mutate({ body: result.body });
  };
  const invalid = problem && !problem.ok ? problem.fields : null;
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={3}>
        <Alert severity="info" role="note">
          <AlertTitle>Cookies</AlertTitle>
          The console stores your session in this browser and uses cookies for the support chat and
          product analytics. Read more in our{' '}
          <ExternalLink href={EXTERNAL_LINKS.privacy} underline="always">
            Privacy Policy
          </ExternalLink>
          .
        </Alert>
        <Choice
          label="Where did you find us?"
          value={form.foundAppOn}
          options={FOUND_APP_ON_OPTIONS}
          error={!!invalid?.foundAppOn}
          onChange={(foundAppOn) => set({ foundAppOn })}
        />
        <Choice
          label="Who will you use the app for?"
          value={form.usingAppFor}
          options={USING_APP_FOR_OPTIONS}
          error={!!invalid?.usingAppFor}
          onChange={(usingAppFor) => set({ usingAppFor })}
        />
        <FormControlLabel
          sx={{
            color:
              problem && !problem.ok && problem.message === ONBOARDING_MESSAGES.termsRequired
                ? 'error.main'
                : undefined,
          }}
          control={
            <Checkbox
              checked={form.termsAgreed}
              onChange={(event) => set({ termsAgreed: event.target.checked })}
              slotProps={{ input: { 'aria-invalid': !!invalid?.termsAgreed } }}
            />
          }
          label={
            <>
              I accept the{' '}
              <ExternalLink href={EXTERNAL_LINKS.terms} underline="always">
                terms and conditions
              </ExternalLink>
            </>
          }
        />
      </Stack>
      <FormError
        message={
          problem && !problem.ok
            ? problem.message
            : complete.isError
              ? ONBOARDING_MESSAGES.completeFailed
              : null
        }
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 3 }}>
        <Button type="submit" variant="contained" disabled={complete.isPending}>
          {complete.isPending ? 'Completing setup' : 'Complete setup'}
        </Button>
      </Box>
    </Box>
  );
}
