// Time-based one-time passwords (RFC 6238: HMAC-SHA-1, 30-second steps, 6 digits), as
// authenticator apps compute them: the sandbox checks codes with it, contract:verify and the tool
// tests' fake backend compute them.
import { createHmac, randomBytes } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const STEP_MS = 30_000;

/** The bytes of a base32 secret (case, spaces and padding ignored); undefined when it is not base32. */
function base32Bytes(secret: string): Buffer | undefined {
  let bits = '';
  for (const char of String(secret).toUpperCase().replace(/[\s=]/g, '')) {
    const value = BASE32.indexOf(char);
    if (value < 0) return undefined;
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8)
    bytes.push(Number.parseInt(bits.slice(i, i + 8), 2));
  return bytes.length > 0 ? Buffer.from(bytes) : undefined;
}

/** A new random secret: 32 base32 characters (160 bits), as authenticator apps take it. */
export const newTotpSecret = (): string =>
  Array.from(randomBytes(32), (byte) => BASE32[byte & 31]).join('');

/** The code of a base32 secret for the 30-second step that holds `time` (ms); undefined when the secret is not base32. */
export function totpCode(secret: string, time = Date.now()): string | undefined {
  const key = base32Bytes(secret);
  if (!key) return undefined;
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(time / STEP_MS)));
  const digest = createHmac('sha1', key).update(counter).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** Whether `code` is the secret's code at `time`, or one step before or after (clock drift). */
export function totpMatches(secret: string, code: string, time: number): boolean {
  return [-STEP_MS, 0, STEP_MS].some((drift) => totpCode(secret, time + drift) === code);
}
