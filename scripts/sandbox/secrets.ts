// Passwords, session tokens and time-based one-time codes (RFC 6238, what authenticator apps use).
import { createHmac, randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

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

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function newTotpSecret(): string {
  const bytes = randomBytes(20);
  let bits = '';
  for (const byte of bytes) bits += byte.toString(2).padStart(8, '0');
  let secret = '';
  for (let i = 0; i + 5 <= bits.length; i += 5) secret += BASE32[parseInt(bits.slice(i, i + 5), 2)];
  return secret;
}

function base32Decode(secret: string): Buffer {
  let bits = '';
  for (const char of secret.replace(/=+$/, '').toUpperCase()) {
    const value = BASE32.indexOf(char);
    if (value < 0) return Buffer.alloc(0);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** The 6-digit code of a base32 secret for the 30-second step that holds `time` (ms). */
export function totpCode(secret: string, time: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(time / 30_000)));
  const digest = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const value = (digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, '0');
}

/** A code is right when it is the secret's code now or one step before or after, or the sandbox code. */
export function totpMatches(secret: string, code: string, time: number): boolean {
  if (code === SANDBOX_TOTP_CODE) return true;
  return [-30_000, 0, 30_000].some((drift) => totpCode(secret, time + drift) === code);
}
