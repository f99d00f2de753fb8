import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { userEmailProblem } from './account-rules';

/** The email of a user to add; its problem shows once the field was left with something in it. */
export function UserEmailField({
  value,
  onChange,
}: {
  value: string;
  onChange(value: string): void;
}) {
  const [touched, setTouched] = useState(false);
  const problem = touched && value.trim() !== '' ? userEmailProblem(value) : null;
  return (
    <TextField
      label="Email"
      type="email"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={() => setTouched(true)}
      error={!!problem}
      helperText={problem ?? ' '}
      size="small"
      fullWidth
      autoComplete="off"
      sx={{ maxWidth: { sm: 420 } }}
    />
  );
}
