import * as v from 'valibot';
import { MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './constants';

/**
 * Rules of the credential screens (SPEC §5): the one password schema shared by the three
 * password forms, what each password field shows and when, the email-verify link parser and the
 * two-factor form rule. Pure functions only: the screens live in src/features/credentials.
 */

// ---------------------------------------------------------------------------------------------
// Passwords

const PASSWORD_MESSAGES = {
  /** The problem, shown while the new password is non-empty and too short. */
  tooShort: 'New password is too short',
  /** The remedy, shown only once the field was touched (left once) and is non-empty. */
  minHint: `Should be at least ${MIN_PASSWORD_LENGTH} characters.`,
  tooLong: 'New password is too long',
  maxHint: `Should be at most ${MAX_PASSWORD_LENGTH} characters.`,
  mismatch: 'Does not match with new password',
  currentRequired: 'Please enter your current password',
} as const;

export interface PasswordFormValues {
  currentPassword: string;
  newPassword: string;
  repeatPassword: string;
}
export type PasswordField = keyof PasswordFormValues;
export type PasswordTouched = Partial<Record<PasswordField, boolean>>;

export interface PasswordFormOptions {
  /** The account already has a password: the current one must be given (SPEC §5). */
  requireCurrent: boolean;
}

/** A new password: 8 to 128 characters, taken exactly as typed (no trimming). */
const newPasswordSchema = v.pipe(
  v.string(),
  v.minLength(MIN_PASSWORD_LENGTH, PASSWORD_MESSAGES.tooShort),
  v.maxLength(MAX_PASSWORD_LENGTH, PASSWORD_MESSAGES.tooLong),
);

const currentPasswordSchema = v.pipe(
  v.string(),
  v.nonEmpty(PASSWORD_MESSAGES.currentRequired),
  v.maxLength(MAX_PASSWORD_LENGTH, PASSWORD_MESSAGES.tooLong),
);

/**
 * The one password schema of the three password forms (forgot → set new, change, set first):
 * new password 8 to 128 characters, the repeat equal to it, and the current password required
 * unless the account has none.
 */
export function passwordFormSchema({ requireCurrent }: PasswordFormOptions) {
  return v.pipe(
    v.object({
      currentPassword: requireCurrent ? currentPasswordSchema : v.string(),
      newPassword: newPasswordSchema,
      repeatPassword: v.string(),
    }),
    v.forward(
      v.check((values) => values.repeatPassword === values.newPassword, PASSWORD_MESSAGES.mismatch),
      ['repeatPassword'],
    ),
  );
}

export interface FieldFeedback {
  /** Shown in red (the field is in error). */
  error: boolean;
  /** Helper lines under the field, in order. */
  lines: string[];
}

export interface PasswordFeedback {
  fields: Record<PasswordField, FieldFeedback>;
  /** Submit is allowed: nothing empty, too short, too long or mismatched. */
  canSubmit: boolean;
}

const NONE: FieldFeedback = { error: false, lines: [] };

/**
 * What each password field shows, and when (SPEC §5):
 * - new password, non-empty and too short: "New password is too short" (neutral while it is typed
 *   for the first time, red once the field was left); "Should be at least 8 characters." is added
 *   only once the field was touched and is non-empty. Empty: nothing (the button stays disabled).
 * - new password over 128 characters: "New password is too long" and "Should be at most 128
 *   characters." at once (a paste is never cut silently).
 * - repeat, non-empty and different: "Does not match with new password" once the repeat was
 *   touched or is as long as the new password (no complaint while the first letters are typed).
 * - current password (when required), empty after it was touched: "Please enter your current password".
 */
export function passwordFeedback(
  values: PasswordFormValues,
  touched: PasswordTouched,
  options: PasswordFormOptions,
): PasswordFeedback {
  const { currentPassword, newPassword, repeatPassword } = values;
  let next: FieldFeedback = NONE;
  if (newPassword.length > MAX_PASSWORD_LENGTH) {
    next = { error: true, lines: [PASSWORD_MESSAGES.tooLong, PASSWORD_MESSAGES.maxHint] };
  } else if (newPassword !== '' && newPassword.length < MIN_PASSWORD_LENGTH) {
    next = touched.newPassword
      ? { error: true, lines: [PASSWORD_MESSAGES.tooShort, PASSWORD_MESSAGES.minHint] }
      : { error: false, lines: [PASSWORD_MESSAGES.tooShort] };
  }

  const repeatDiffers = repeatPassword !== '' && repeatPassword !== newPassword;
  const repeatDone = touched.repeatPassword || repeatPassword.length >= newPassword.length;
  const repeat: FieldFeedback =
    repeatDiffers && repeatDone ? { error: true, lines: [PASSWORD_MESSAGES.mismatch] } : NONE;

  let current: FieldFeedback = NONE;
  if (options.requireCurrent) {
    if (currentPassword === '' && touched.currentPassword)
      current = { error: true, lines: [PASSWORD_MESSAGES.currentRequired] };
    else if (currentPassword.length > MAX_PASSWORD_LENGTH)
      current = { error: true, lines: [PASSWORD_MESSAGES.tooLong, PASSWORD_MESSAGES.maxHint] };
  }

  const canSubmit = v.safeParse(passwordFormSchema(options), values).success;
  return {
    fields: { currentPassword: current, newPassword: next, repeatPassword: repeat },
    canSubmit,
  };
}

// ---------------------------------------------------------------------------------------------
// Emails

/** Forgot password (SPEC §5): an empty or invalid email both read "Please enter your email". */
export const resetEmailSchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('Please enter your email'),
  v.maxLength(MAX_EMAIL_LENGTH, 'Please enter your email'),
  v.email('Please enter your email'),
);

const NEW_EMAIL_MESSAGES = {
  empty: 'Please enter the new email',
  tooLong: `Email cannot exceed ${MAX_EMAIL_LENGTH} characters`,
  invalid: 'Please enter a valid email',
  same: 'This is already the email of your account',
} as const;

/** Email change (SPEC §4, §5): a valid address of at most 128 characters, not the current one. */
export function newEmailSchema(currentEmail: string | null | undefined) {
  const current = (currentEmail ?? '').trim().toLowerCase();
  return v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(NEW_EMAIL_MESSAGES.empty),
    v.maxLength(MAX_EMAIL_LENGTH, NEW_EMAIL_MESSAGES.tooLong),
    v.email(NEW_EMAIL_MESSAGES.invalid),
    v.check((email) => email.toLowerCase() !== current, NEW_EMAIL_MESSAGES.same),
  );
}

// ---------------------------------------------------------------------------------------------
// Email verification links: /email/verify?stage=CurrentEmail|NewEmail&newEmail=…&changeToken=…

type EmailVerifyStage = 'CurrentEmail' | 'NewEmail';

export interface EmailVerifyLink {
  stage: EmailVerifyStage;
  newEmail: string;
  changeToken: string;
}

/** Longest change token accepted from a link; anything longer is not a link the server sent. */
const MAX_CHANGE_TOKEN_LENGTH = 1024;

const linkEmailSchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty(),
  v.maxLength(MAX_EMAIL_LENGTH),
  v.email(),
);

/**
 * The query of the link is read by hand rather than with URLSearchParams, which turns a literal
 * "+" into a space ("alice+work@…" would become invalid). The first occurrence of a key wins.
 */
function readQuery(search: string): Map<string, string> | null {
  const query = search.startsWith('?') ? search.slice(1) : search;
  const values = new Map<string, string>();
  for (const part of query.split('&')) {
    if (part === '') continue;
    const at = part.indexOf('=');
    const rawKey = at === -1 ? part : part.slice(0, at);
    const rawValue = at === -1 ? '' : part.slice(at + 1);
    let key: string;
    let value: string;
    try {
      key = decodeURIComponent(rawKey);
      value = decodeURIComponent(rawValue);
    } catch {
      return null; // a malformed escape: not a link the server sent
    }
    if (!values.has(key)) values.set(key, value);
  }
  return values;
}

/**
 * SPEC §2/§5: a link missing a parameter, with a stage that is not one of the two, an invalid
 * new email or an unusable token is an invalid link (null): "Invalid link." and nothing is sent.
 */
export function parseEmailVerifyLink(search: string): EmailVerifyLink | null {
  const query = readQuery(search);
  if (!query) return null;
  const stage = query.get('stage');
  const newEmail = v.safeParse(linkEmailSchema, query.get('newEmail') ?? '');
  const changeToken = (query.get('changeToken') ?? '').trim();
  if (stage !== 'CurrentEmail' && stage !== 'NewEmail') return null;
  if (!newEmail.success) return null;
  if (changeToken === '' || changeToken.length > MAX_CHANGE_TOKEN_LENGTH) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\s]/.test(changeToken)) return null;
  return { stage, newEmail: newEmail.output, changeToken };
}

/** What the answer of POST /user/email/verify means for the person (SPEC §4 "Email change"). */
export type EmailVerifyOutcome = 'done' | 'currentVerified' | 'newVerified' | 'noneVerified';

export function emailVerifyOutcome(result: {
  currentEmailVerified: boolean;
  newEmailVerified: boolean;
}): EmailVerifyOutcome {
  if (result.currentEmailVerified && result.newEmailVerified) return 'done';
  if (result.currentEmailVerified) return 'currentVerified';
  if (result.newEmailVerified) return 'newVerified';
  return 'noneVerified';
}

// ---------------------------------------------------------------------------------------------
// Two-factor confirmation: the 6-digit code and the password, both required (SPEC §5)

const TWO_FACTOR_MESSAGES = {
  pinEmpty: 'Please enter the verification code',
  pinFormat: 'The verification code has 6 digits',
  passwordEmpty: 'Please enter your password',
  passwordTooLong: `Should be at most ${MAX_PASSWORD_LENGTH} characters.`,
} as const;

/**
 * Authenticator apps show the code as "492 817": spaces are dropped, then exactly six digits
 * remain. The password is taken as typed.
 */
const twoFactorFormSchema = v.object({
  pin: v.pipe(
    v.string(),
    v.transform((pin) => pin.replace(/\s+/g, '')),
    v.nonEmpty(TWO_FACTOR_MESSAGES.pinEmpty),
    v.regex(/^[0-9]{6}$/, TWO_FACTOR_MESSAGES.pinFormat),
  ),
  password: v.pipe(
    v.string(),
    v.nonEmpty(TWO_FACTOR_MESSAGES.passwordEmpty),
    v.maxLength(MAX_PASSWORD_LENGTH, TWO_FACTOR_MESSAGES.passwordTooLong),
  ),
});

export interface TwoFactorFormValues {
  pin: string;
  password: string;
}

/** The first problem of each field (null when fine), and the normalised values when both are. */
export function checkTwoFactorForm(values: TwoFactorFormValues): {
  pin: string | null;
  password: string | null;
  output: { totp: string; password: string } | null;
} {
  const result = v.safeParse(twoFactorFormSchema, values);
  if (result.success) {
    return {
      pin: null,
      password: null,
      output: { totp: result.output.pin, password: result.output.password },
    };
  }
  const flat = v.flatten<typeof twoFactorFormSchema>(result.issues).nested ?? {};
  return { pin: flat.pin?.[0] ?? null, password: flat.password?.[0] ?? null, output: null };
}
