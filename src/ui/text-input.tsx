import { useId } from 'react';
import type { ChangeEvent, FocusEvent, InputHTMLAttributes, ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';

export interface TextInputProps {
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  name?: string;
  type?: 'text' | 'email' | 'password' | 'search';
  autoComplete?: string;
  inputMode?: InputHTMLAttributes<HTMLInputElement>['inputMode'];
  autoFocus?: boolean;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  maxLength?: number;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
}

/**
 * A single-line outlined text field that looks and behaves like MUI's `TextField` (label linked to
 * the input, helper text in `aria-describedby`, required marker, error state) but is composed from
 * its parts. `TextField` always bundles its `select` mode (Select, Menu, Popover, Modal, about
 * 17 kB gzip) even when no select is shown; the sign-in page and the other bare pages, whose
 * download is budgeted (`budgets.json`), use this instead.
 */
export function TextInput({
  label,
  helperText,
  required,
  disabled,
  error,
  maxLength,
  inputMode,
  size,
  sx,
  ...input
}: TextInputProps) {
  const id = useId();
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl
      variant="outlined"
      size={size}
      sx={sx}
      required={required}
      disabled={disabled}
      error={error}
    >
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...input}
        id={id}
        label={label}
        aria-describedby={helperId}
        inputProps={{ maxLength, inputMode }}
      />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
