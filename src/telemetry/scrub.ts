/**
 * Error reports never carry the user's email, any token or any other secret (SPEC §7, DESIGN
 * "Telemetry"). Applied to every error event, transaction, span, breadcrumb and feedback.
 *
 * - Strings are percent-decoded first (an email in a URL is `alice%40...`), then cleaned of the
 *   session's tokens, `Bearer` values, every query value except a short list of harmless
 *   parameters, path secrets (the password-reset token), and anything shaped like an email.
 * - Keys are checked as well as values: a sensitive key drops its value, and keys are cleaned
 *   like any string (a token or email used as a key).
 * - No depth limit lets anything through: deeper than MAX_DEPTH is replaced, not returned as is.
 */
export interface Secrets {
  tokens: (string | null | undefined)[];
}

const REDACTED = '[redacted]';
const EMAIL_MARK = '[email]';
const MAX_DEPTH = 24;

/** Query parameters whose values are never personal: list state and flags. */
const SAFE_PARAMS = new Set([
  'page',
  'pagesize',
  'orderby',
  'direction',
  'openinvitemodal',
  'new-version',
  'stage',
  'failfast',
  'fields',
]);

/** Keys whose values are secrets or personal data, compared without case, `_`, `-` or `.`. */
const SENSITIVE_KEYS = new Set([
  'authorization',
  'proxyauthorization',
  'cookie',
  'setcookie',
  'email',
  'token',
  'password',
  'pin',
  'totp',
  'otp',
  'secret',
  'uri',
  'signature',
  'code',
  'state',
  'codeverifier',
  'verifier',
  'ipaddress',
  'apikey',
  'xapikey',
  'search',
]);
const SENSITIVE_SUFFIXES = ['token', 'password', 'email', 'secret', 'signature', 'verifier'];
/** In a person's record (Sentry `user`, feedback), everything that names them. */
const PERSON_KEYS = new Set(['name', 'username', 'fullname', 'firstname', 'lastname']);
const PERSON_PARENTS = new Set(['user', 'feedback']);

function normalizeKey(key: string): string {
  return key.toLowerCase().replace(/[^a-z0-9]/g, '');
}

export function isSensitiveKey(key: string, parent = ''): boolean {
  const norm = normalizeKey(key);
  if (SENSITIVE_KEYS.has(norm)) return true;
  if (SENSITIVE_SUFFIXES.some((suffix) => norm.endsWith(suffix))) return true;
  return PERSON_PARENTS.has(normalizeKey(parent)) && PERSON_KEYS.has(norm);
}

/** Percent-decoding that never throws: every valid run of escapes is decoded, up to 3 layers. */
export function decodeLoosely(text: string): string {
  let current = text;
  for (let round = 0; round < 3 && current.includes('%'); round += 1) {
    const next = current.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
    if (next === current) break;
    current = next;
  }
  return current;
}

const BEARER_RE = /\b(Bearer|Basic|Token)\s+[^\s"',;]+/gi;
const QUERY_PARAM_RE = /([?&#;])([^=&#?\s"'<>]+)=([^&#\s"'<>]*)/g;
const RESET_PATH_RE = /(\/password\/change\/[^/?#\s"']+\/)[^/?#\s"']+/gi;
/** Email-shaped text, including IDN, quoted local parts and hosts without a dot (root@localhost). */
const EMAIL_RE =
  /(?:"[^"\r\n]+"|[\p{L}\p{N}._%+!#$&'*/=?^`{|}~-]+)@[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?(?:\.[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?)*/gu;

export function scrubText(text: string, secrets: Secrets): string {
  let out = decodeLoosely(text);
  for (const token of secrets.tokens) {
    if (token && token.length >= 4) out = out.split(token).join(REDACTED);
  }
  return out
    .replace(BEARER_RE, `$1 ${REDACTED}`)
    .replace(QUERY_PARAM_RE, (whole, lead: string, name: string) =>
      SAFE_PARAMS.has(name.toLowerCase()) ? whole : `${lead}${name}=${REDACTED}`,
    )
    .replace(RESET_PATH_RE, `$1${REDACTED}`)
    .replace(EMAIL_RE, EMAIL_MARK);
}

function scrubValue<T>(value: T, secrets: Secrets): T {
  const seen = new WeakSet<object>();
  const walk = (item: unknown, depth: number, parent: string): unknown => {
    if (typeof item === 'string') return scrubText(item, secrets);
    if (item === null || typeof item !== 'object') return item;
    if (depth > MAX_DEPTH) return '[too deep]';
    if (seen.has(item)) return '[circular]';
    seen.add(item);
    if (Array.isArray(item)) return item.map((entry) => walk(entry, depth + 1, parent));
    const out: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(item as Record<string, unknown>)) {
      if (isSensitiveKey(key, parent)) continue;
      out[scrubText(key, secrets)] = walk(entry, depth + 1, key);
    }
    return out;
  };
  return walk(value, 0, '') as T;
}

/** Scrub a Sentry event (error, message, transaction or feedback), span or breadcrumb. */
export function scrubEvent<E extends object>(event: E, secrets: Secrets): E {
  return scrubValue(event, secrets);
}
