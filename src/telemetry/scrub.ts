/**
 * Error reports never carry the user's email or any token (SPEC §7, DESIGN "Telemetry").
 * Applied in beforeSend AND in an event processor, because feedback events skip beforeSend.
 */
export interface Secrets {
  tokens: (string | null | undefined)[];
}

const EMAIL_RE = /[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}/gi;
const BEARER_RE = /Bearer\s+[^\s"',;]+/gi;
const TOKEN_PARAM_RE = /((?:login|reset|change)?Token=)[^&#\s]*/gi;
const SENSITIVE_KEYS = new Set([
  'authorization',
  'cookie',
  'email',
  'contact_email',
  'token',
  'admintoken',
  'password',
  'ip_address',
]);

export function scrubText(text: string, secrets: Secrets): string {
  let out = text;
  for (const token of secrets.tokens) {
    if (token && token.length >= 4) out = out.split(token).join('[redacted]');
  }
  return out
    .replace(BEARER_RE, 'Bearer [redacted]')
    .replace(TOKEN_PARAM_RE, '$1[redacted]')
    .replace(EMAIL_RE, '[email]');
}

export function scrubValue<T>(value: T, secrets: Secrets, depth = 0): T {
  if (depth > 12) return value;
  if (typeof value === 'string') return scrubText(value, secrets) as T;
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, secrets, depth + 1)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      if (SENSITIVE_KEYS.has(key.toLowerCase())) continue;
      out[key] = scrubValue(item, secrets, depth + 1);
    }
    return out as T;
  }
  return value;
}

/** Scrub a Sentry event (error, message, transaction or feedback). */
export function scrubEvent<E extends object>(event: E, secrets: Secrets): E {
  return scrubValue(event, secrets);
}
