import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  checkTwoFactorForm,
  emailVerifyOutcome,
  newEmailSchema,
  parseEmailVerifyLink,
  passwordFeedback,
  passwordFormSchema,
  resetEmailSchema,
} from '../../src/lib/credential-rules';
import { validationMessage } from '../../src/lib/validation';

const NEW = { requireCurrent: false };
const CHANGE = { requireCurrent: true };
const values = (newPassword: string, repeatPassword = '', currentPassword = '') => ({
  currentPassword,
  newPassword,
  repeatPassword,
});

describe('password schema (one for the three forms)', () => {
  const issues = (input: ReturnType<typeof values>, options = NEW) => {
    const result = v.safeParse(passwordFormSchema(options), input);
    return result.success ? [] : result.issues.map((issue) => issue.message);
  };

  it('accepts 8 and 128 characters with a matching repeat', () => {
    expect(issues(values('12345678', '12345678'))).toEqual([]);
    const longest = 'x'.repeat(128);
    expect(issues(values(longest, longest))).toEqual([]);
  });

  it('rejects 7 characters as "New password is too short" and 129 as too long', () => {
    expect(issues(values('1234567', '1234567'))).toEqual(['New password is too short']);
    const tooLong = 'x'.repeat(129);
    expect(issues(values(tooLong, tooLong))).toEqual(['New password is too long']);
  });

  it('a different repeat is "Does not match with new password", on the repeat field', () => {
    const result = v.safeParse(passwordFormSchema(NEW), values('correct horse', 'correct hors'));
    if (result.success) throw new Error('expected a mismatch');
    const flat = v.flatten(result.issues);
    expect(flat.nested).toEqual({ repeatPassword: ['Does not match with new password'] });
  });

  it('the current password is required only when the account has one', () => {
    expect(issues(values('12345678', '12345678'), CHANGE)).toEqual([
      'Please enter your current password',
    ]);
    expect(issues(values('12345678', '12345678', 'old secret'), CHANGE)).toEqual([]);
    expect(issues(values('12345678', '12345678'), NEW)).toEqual([]);
  });

  it('takes passwords exactly as typed (spaces count, nothing trimmed)', () => {
    expect(issues(values('  1234  ', '  1234  '))).toEqual([]);
    expect(issues(values('12345678 ', '12345678'))).toEqual(['Does not match with new password']);
  });
});

describe('password field messages and their timing', () => {
  const fb = (
    input: ReturnType<typeof values>,
    touched: Record<string, boolean> = {},
    options = NEW,
  ) => passwordFeedback(input, touched, options);

  it('an empty form shows nothing and cannot be submitted', () => {
    const result = fb(values(''));
    expect(result.fields.newPassword).toEqual({ error: false, lines: [] });
    expect(result.fields.repeatPassword).toEqual({ error: false, lines: [] });
    expect(result.fields.currentPassword).toEqual({ error: false, lines: [] });
    expect(result.canSubmit).toBe(false);
  });

  it('too short while typing: "New password is too short" only, not yet red', () => {
    expect(fb(values('abc')).fields.newPassword).toEqual({
      error: false,
      lines: ['New password is too short'],
    });
  });

  it('too short after the field was touched: red, with "Should be at least 8 characters."', () => {
    expect(fb(values('abc'), { newPassword: true }).fields.newPassword).toEqual({
      error: true,
      lines: ['New password is too short', 'Should be at least 8 characters.'],
    });
  });

  it('"Should be at least 8 characters." never shows for an empty field, touched or not', () => {
    expect(fb(values(''), { newPassword: true }).fields.newPassword.lines).toEqual([]);
  });

  it('long enough: no message at any time', () => {
    expect(fb(values('12345678'), { newPassword: true }).fields.newPassword.lines).toEqual([]);
  });

  it('over 128 characters: too long at once, never cut', () => {
    expect(fb(values('x'.repeat(129))).fields.newPassword).toEqual({
      error: true,
      lines: ['New password is too long', 'Should be at most 128 characters.'],
    });
  });

  it('the repeat complains only once it was touched or is as long as the new password', () => {
    const typing = fb(values('correct horse', 'corr'));
    expect(typing.fields.repeatPassword.lines).toEqual([]);
    expect(typing.canSubmit).toBe(false);
    expect(
      fb(values('correct horse', 'corr'), { repeatPassword: true }).fields.repeatPassword,
    ).toEqual({ error: true, lines: ['Does not match with new password'] });
    expect(fb(values('correct horse', 'correct horsf')).fields.repeatPassword.lines).toEqual([
      'Does not match with new password',
    ]);
    // Changing the new password after the repeat re-checks it.
    expect(fb(values('correct horse!', 'correct horse'), { repeatPassword: true }).canSubmit).toBe(
      false,
    );
  });

  it('a matching repeat clears the message and allows submit', () => {
    const result = fb(values('correct horse', 'correct horse'), {
      newPassword: true,
      repeatPassword: true,
    });
    expect(result.fields.repeatPassword.lines).toEqual([]);
    expect(result.canSubmit).toBe(true);
  });

  it('the current password: message once touched and empty; submit needs it', () => {
    const untouched = fb(values('correct horse', 'correct horse'), {}, CHANGE);
    expect(untouched.fields.currentPassword.lines).toEqual([]);
    expect(untouched.canSubmit).toBe(false);
    expect(
      fb(values('correct horse', 'correct horse'), { currentPassword: true }, CHANGE).fields
        .currentPassword,
    ).toEqual({ error: true, lines: ['Please enter your current password'] });
    expect(fb(values('correct horse', 'correct horse', 'old'), {}, CHANGE).canSubmit).toBe(true);
  });

  it('submit is disabled for each of: empty, too short, too long, mismatched', () => {
    expect(fb(values('', '')).canSubmit).toBe(false);
    expect(fb(values('1234567', '1234567')).canSubmit).toBe(false);
    expect(fb(values('x'.repeat(129), 'x'.repeat(129))).canSubmit).toBe(false);
    expect(fb(values('12345678', '12345679')).canSubmit).toBe(false);
    expect(fb(values('12345678', '')).canSubmit).toBe(false);
    expect(fb(values('12345678', '12345678')).canSubmit).toBe(true);
  });
});

describe('emails', () => {
  it('forgot password: empty and invalid both read "Please enter your email"', () => {
    expect(validationMessage(resetEmailSchema, '')).toBe('Please enter your email');
    expect(validationMessage(resetEmailSchema, '   ')).toBe('Please enter your email');
    expect(validationMessage(resetEmailSchema, 'alice@')).toBe('Please enter your email');
    expect(validationMessage(resetEmailSchema, `${'a'.repeat(120)}@example.com`)).toBe(
      'Please enter your email',
    );
    expect(v.parse(resetEmailSchema, ' alice@northwind.example ')).toBe('alice@northwind.example');
  });

  it('email change: valid, at most 128 characters, not the current address', () => {
    const schema = newEmailSchema('alice@northwind.example');
    expect(validationMessage(schema, '')).toBe('Please enter the new email');
    expect(validationMessage(schema, 'alice.moreau@')).toBe('Please enter a valid email');
    expect(validationMessage(schema, `${'a'.repeat(117)}@example.com`)).toBe(
      'Email cannot exceed 128 characters',
    );
    expect(validationMessage(schema, 'Alice@Northwind.example')).toBe(
      'This is already the email of your account',
    );
    expect(v.parse(schema, ' alice.moreau@northwind.example ')).toBe(
      'alice.moreau@northwind.example',
    );
  });
});

describe('email-verify link parser', () => {
  const good = 'stage=CurrentEmail&newEmail=alice.moreau%40northwind.example&changeToken=chg_5d41';

  it('reads the three parameters, with or without the leading "?"', () => {
    const expected = {
      stage: 'CurrentEmail',
      newEmail: 'alice.moreau@northwind.example',
      changeToken: 'chg_5d41',
    };
    expect(parseEmailVerifyLink(`?${good}`)).toEqual(expected);
    expect(parseEmailVerifyLink(good)).toEqual(expected);
    expect(
      parseEmailVerifyLink('?changeToken=t1&stage=NewEmail&newEmail=bob@northwind.example'),
    ).toEqual({ stage: 'NewEmail', newEmail: 'bob@northwind.example', changeToken: 't1' });
  });

  it('keeps a literal "+" in the address (plus addressing), and the first of repeated keys', () => {
    expect(
      parseEmailVerifyLink('?stage=NewEmail&newEmail=alice+work@northwind.example&changeToken=t')
        ?.newEmail,
    ).toBe('alice+work@northwind.example');
    expect(parseEmailVerifyLink(`?${good}&stage=NewEmail&changeToken=other`)?.changeToken).toBe(
      'chg_5d41',
    );
  });

  it.each([
    ['nothing', ''],
    ['no stage', '?newEmail=a%40b.example&changeToken=t'],
    ['no newEmail', '?stage=CurrentEmail&changeToken=t'],
    ['no changeToken', '?stage=CurrentEmail&newEmail=a%40b.example'],
    ['empty stage', '?stage=&newEmail=a%40b.example&changeToken=t'],
    ['empty changeToken', '?stage=NewEmail&newEmail=a%40b.example&changeToken='],
    ['blank changeToken', '?stage=NewEmail&newEmail=a%40b.example&changeToken=%20%20'],
    ['unknown stage', '?stage=OldEmail&newEmail=a%40b.example&changeToken=t'],
    ['stage in lower case', '?stage=currentemail&newEmail=a%40b.example&changeToken=t'],
    ['invalid email', '?stage=NewEmail&newEmail=not-an-email&changeToken=t'],
    ['email too long', `?stage=NewEmail&newEmail=${'a'.repeat(120)}%40example.com&changeToken=t`],
    ['malformed escape', '?stage=NewEmail&newEmail=a%40b.example&changeToken=%E0%A4%A'],
    ['token with a line break', '?stage=NewEmail&newEmail=a%40b.example&changeToken=a%0Ab'],
    ['token too long', `?stage=NewEmail&newEmail=a%40b.example&changeToken=${'t'.repeat(1025)}`],
  ])('%s is an invalid link', (_, search) => {
    expect(parseEmailVerifyLink(search)).toBeNull();
  });

  it('the answer decides the outcome: both, one of the two, or none verified', () => {
    const outcome = (currentEmailVerified: boolean, newEmailVerified: boolean) =>
      emailVerifyOutcome({ currentEmailVerified, newEmailVerified });
    expect(outcome(true, true)).toBe('done');
    expect(outcome(true, false)).toBe('currentVerified');
    expect(outcome(false, true)).toBe('newVerified');
    expect(outcome(false, false)).toBe('noneVerified');
  });
});

describe('two-factor form rule: 6-digit code and password, both required', () => {
  it('both empty: a message for each, nothing to send', () => {
    expect(checkTwoFactorForm({ pin: '', password: '' })).toEqual({
      pin: 'Please enter the verification code',
      password: 'Please enter your password',
      output: null,
    });
  });

  it('the code has exactly 6 digits; spaces between groups are dropped', () => {
    expect(checkTwoFactorForm({ pin: '49281', password: 'pw' }).pin).toBe(
      'The verification code has 6 digits',
    );
    expect(checkTwoFactorForm({ pin: '4928170', password: 'pw' }).pin).toBe(
      'The verification code has 6 digits',
    );
    expect(checkTwoFactorForm({ pin: '49281a', password: 'pw' }).pin).toBe(
      'The verification code has 6 digits',
    );
    expect(checkTwoFactorForm({ pin: ' 492 817 ', password: 'pw' }).output).toEqual({
      totp: '492817',
      password: 'pw',
    });
  });

  it('a code without a password, or a password without a code, is not enough', () => {
    expect(checkTwoFactorForm({ pin: '492817', password: '' })).toEqual({
      pin: null,
      password: 'Please enter your password',
      output: null,
    });
    expect(checkTwoFactorForm({ pin: '   ', password: 'pw' }).pin).toBe(
      'Please enter the verification code',
    );
  });

  it('the password is sent exactly as typed', () => {
    expect(checkTwoFactorForm({ pin: '492817', password: ' my pass ' }).output?.password).toBe(
      ' my pass ',
    );
  });
});
