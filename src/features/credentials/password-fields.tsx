import { useState } from 'react';
import TextField from '@mui/material/TextField';
import {
  passwordFeedback,
  type FieldFeedback,
  type PasswordField,
  type PasswordFormOptions,
  type PasswordFormValues,
  type PasswordTouched,
} from '../../lib/credential-rules';

const EMPTY: PasswordFormValues = { currentPassword: '', newPassword: '', repeatPassword: '' };

/** State of a password form: values, which fields were left once, and what each field shows. */
export function usePasswordForm(options: PasswordFormOptions) {
  const [values, setValues] = useState<PasswordFormValues>(EMPTY);
  const [touched, setTouched] = useState<PasswordTouched>({});
  const feedback = passwordFeedback(values, touched, options);
  return {
    values,
    feedback,
    options,
    set: (field: PasswordField, value: string) => setValues((old) => ({ ...old, [field]: value })),
    touch: (field: PasswordField) => setTouched((old) => ({ ...old, [field]: true })),
    touchAll: () => setTouched({ currentPassword: true, newPassword: true, repeatPassword: true }),
    clear: () => {
      setValues(EMPTY);
      setTouched({});
    },
  };
}
export type PasswordForm = ReturnType<typeof usePasswordForm>;

function helper({ lines }: FieldFeedback) {
  if (lines.length === 0) return ' ';
  return lines.map((line) => (
    <span key={line} style={{ display: 'block' }}>
      {line}
    </span>
  ));
}

/**
 * The password fields of the three password forms, with the autocomplete values password managers
 * rely on: current-password for the current one, new-password for the new one and its repeat.
 * No maxLength on the inputs: a pasted password longer than 128 is refused, never cut silently.
 */
export function PasswordFields({
  form,
  username,
  autoFocus = false,
}: {
  form: PasswordForm;
  /** The account's email, so a password manager files the new password under it. */
  username?: string;
  autoFocus?: boolean;
}) {
  const field = (name: PasswordField, label: string, autoComplete: string, focus: boolean) => {
    const shown = form.feedback.fields[name];
    return (
      <TextField
        label={label}
        name={name}
        type="password"
        value={form.values[name]}
        onChange={(event) => form.set(name, event.target.value)}
        onBlur={() => form.touch(name)}
        error={shown.error}
        helperText={helper(shown)}
        autoComplete={autoComplete}
        autoFocus={focus}
        required
        fullWidth
      />
    );
  };
  return (
    <>
      {username !== undefined ? (
        <input
          type="text"
          name="username"
          autoComplete="username"
          value={username}
          readOnly
          hidden
        />
      ) : null}
      {form.options.requireCurrent
        ? field('currentPassword', 'Current password', 'current-password', autoFocus)
        : null}
      {field(
        'newPassword',
        'New password',
        'new-password',
        autoFocus && !form.options.requireCurrent,
      )}
      {field('repeatPassword', 'Repeat new password', 'new-password', false)}
    </>
  );
}
