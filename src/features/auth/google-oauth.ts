/**
 * Google sign-in that cannot be forged (login CSRF): every sign-in this tab starts gets a random
 * `state` and a PKCE verifier (RFC 7636, S256), kept in this tab's sessionStorage until Google sends
 * the person back. /oauth/google uses a code only when its `state` is the one this tab stored, and
 * sends the verifier with it, so a code minted for someone else's browser is refused.
 */
const KEY = 'console.oauth.google';

/** The build's Google OAuth client id; without one the console does not offer Google sign-in. */
const GOOGLE_CLIENT_ID = (import.meta.env.VITE_GOOGLE_CLIENT_ID ?? '').trim();
/**
 * PKCE is on unless the build says VITE_GOOGLE_PKCE=false: for a backend that does not send the
 * verifier on to Google (POST /sso/google's codeVerifier is a proposal beyond SPEC §7), since
 * Google refuses a code whose challenge is not answered. The state check stays either way.
 */
export const GOOGLE_PKCE = import.meta.env.VITE_GOOGLE_PKCE !== 'false';

/** Google sign-in is offered only with a client id: without one Google shows an error page. */
export function googleSignInOffered(clientId: string = GOOGLE_CLIENT_ID): boolean {
  return clientId.trim() !== '';
}
/** A sign-in left unfinished for longer than this is not finished later. */
export const PENDING_MAX_AGE_MS = 10 * 60_000;

export interface PendingSignIn {
  state: string;
  verifier: string;
  createdAt: number;
}

function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function randomToken(byteLength = 32): string {
  const bytes = new Uint8Array(byteLength);
  crypto.getRandomValues(bytes);
  return base64Url(bytes);
}

/** S256 code challenge: base64url(sha256(verifier)), by the browser's Web Crypto. */
export async function pkceChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64Url(new Uint8Array(digest));
}

function store(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export async function googleAuthorizeUrl(
  pending: PendingSignIn,
  options: { clientId: string; origin: string; pkce?: boolean },
): Promise<string> {
  const params = new URLSearchParams({
    client_id: options.clientId,
    redirect_uri: `${options.origin}/oauth/google`,
    response_type: 'code',
    scope: 'openid email',
    state: pending.state,
  });
  if (options.pkce ?? true) {
    params.set('code_challenge', await pkceChallenge(pending.verifier));
    params.set('code_challenge_method', 'S256');
  }
  return `https://accounts.google.com/o/oauth2/v2/auth?${params.toString()}`;
}

/**
 * Starts a sign-in: a new state and verifier, stored for this tab. Resolves with Google's address,
 * or null when the browser will not store them (the sign-in could not be verified on return).
 */
export async function beginGoogleSignIn(now: number = Date.now()): Promise<string | null> {
  const pending: PendingSignIn = {
    state: randomToken(),
    verifier: randomToken(48),
    createdAt: now,
  };
  const storage = store();
  try {
    if (!storage) return null;
    storage.setItem(KEY, JSON.stringify(pending));
    if (storage.getItem(KEY) === null) return null;
  } catch {
    return null;
  }
  return googleAuthorizeUrl(pending, {
    clientId: GOOGLE_CLIENT_ID,
    origin: window.location.origin,
    pkce: GOOGLE_PKCE,
  });
}

/** The stored sign-in, removed (single use). */
function takePendingSignIn(): PendingSignIn | null {
  const storage = store();
  if (!storage) return null;
  let raw: string | null = null;
  try {
    raw = storage.getItem(KEY);
    storage.removeItem(KEY);
  } catch {
    return null;
  }
  try {
    const data = JSON.parse(raw ?? 'null') as Partial<PendingSignIn> | null;
    if (
      data &&
      typeof data.state === 'string' &&
      typeof data.verifier === 'string' &&
      typeof data.createdAt === 'number'
    ) {
      return { state: data.state, verifier: data.verifier, createdAt: data.createdAt };
    }
  } catch {
    // unreadable: no pending sign-in
  }
  return null;
}

export type CallbackResult =
  | { kind: 'ok'; code: string; verifier: string }
  | { kind: 'invalid' }
  | { kind: 'forged' }
  | { kind: 'cancelled' };

/** What /oauth/google received, checked against the sign-in this tab started. */
export function checkGoogleCallback(
  search: string,
  pending: PendingSignIn | null,
  now: number = Date.now(),
): CallbackResult {
  const params = new URLSearchParams(search);
  if (params.get('error')) return { kind: 'cancelled' };
  const code = params.get('code');
  if (!code) return { kind: 'invalid' };
  const state = params.get('state');
  if (
    !pending ||
    !state ||
    state !== pending.state ||
    now - pending.createdAt > PENDING_MAX_AGE_MS ||
    now < pending.createdAt
  ) {
    return { kind: 'forged' };
  }
  return { kind: 'ok', code, verifier: pending.verifier };
}

let consumed: { search: string; result: CallbackResult } | null = null;

/**
 * The callback of this page load, checked once: the stored sign-in is single-use, and a second
 * render (React's strict mode) must see the same answer, not a missing state.
 */
export function readGoogleCallback(search: string): CallbackResult {
  if (consumed?.search !== search) {
    consumed = { search, result: checkGoogleCallback(search, takePendingSignIn()) };
  }
  return consumed.result;
}
