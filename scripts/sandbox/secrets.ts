// Passwords, session tokens and time-based one-time codes (RFC 6238, what authenticator apps use).
import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import { totpMatches as codeMatches } from '../lib/totp';

/** The code the sandbox accepts besides the authenticator app's (docs/sandbox.md, "Passwords and the second factor"). */
export const SANDBOX_TOTP_CODE = '123456';

export function hashPassword(password: string): string {
  const salt = randomBytes(16).toString('hex');
  return `scrypt$${salt}$${scryptSync(password, salt, 32).toString('hex')}`;
}

export function passwordMatches(password: string, stored: string): boolean {
  const [kind, salt = '', hash = ''] = stored.split('$');
  if (kind !== 'scrypt') return false;
  const expected = Buffer.from(hash, 'hex');
  const actual = scryptSync(password, salt, 32);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export function randomToken(prefix: string, bytes = 20): string {
  return `${prefix}_${randomBytes(bytes).toString('hex')}`;
}

export { newTotpSecret } from '../lib/totp';

/** A code is right when it is the secret's code now or one step before or after, or the sandbox code. */
export function totpMatches(secret: string, code: string, time: number): boolean {
  return code === SANDBOX_TOTP_CODE || codeMatches(secret, code, time);
}
