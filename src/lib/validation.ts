import * as v from 'valibot';
import {
  MAX_DEVICE_NAME_LENGTH,
  MAX_EMAIL_LENGTH,
  MAX_PASSWORD_LENGTH,
  MAX_TEAM_NAME_LENGTH,
} from './constants';

/** SPEC §5 rules as valibot schemas; messages verbatim. */
export const emailSchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('Please enter your email'),
  v.maxLength(MAX_EMAIL_LENGTH, `Email cannot exceed ${MAX_EMAIL_LENGTH} characters`),
  v.email('Please enter a valid email'),
);

/** SPEC §5: impersonation with an empty email reads "Please enter the email". */
export const impersonationEmailSchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('Please enter the email'),
  v.maxLength(MAX_EMAIL_LENGTH, `Email cannot exceed ${MAX_EMAIL_LENGTH} characters`),
  v.email('Please enter a valid email'),
);

export const loginPasswordSchema = v.pipe(
  v.string(),
  v.nonEmpty('Please enter your password'),
  v.maxLength(MAX_PASSWORD_LENGTH),
);

export const pinSchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('Please enter the verification code'),
);

export const teamNameSchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('Please enter a team name'),
  v.maxLength(MAX_TEAM_NAME_LENGTH, 'Team name cannot exceed 128 characters'),
);

export function deviceNameSchema(currentName: string) {
  return v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('Please enter a device name'),
    v.maxLength(
      MAX_DEVICE_NAME_LENGTH,
      `Device name cannot exceed ${MAX_DEVICE_NAME_LENGTH} characters`,
    ),
    v.check((name) => name !== currentName, 'The new name must differ from the current one'),
  );
}

export const slugSchema = v.union([
  v.literal(''),
  v.pipe(
    v.string(),
    v.regex(/^[A-Za-z0-9-]+$/, 'Use letters, digits and hyphens only'),
    v.maxLength(128, 'Use at most 128 characters'),
  ),
]);

/** The first issue's message, or null when the value is valid. */
export function validationMessage(schema: v.GenericSchema, value: unknown): string | null {
  const result = v.safeParse(schema, value);
  return result.success ? null : (result.issues[0]?.message ?? 'Invalid value');
}

export function isValid(schema: v.GenericSchema, value: unknown): boolean {
  return v.safeParse(schema, value).success;
}
