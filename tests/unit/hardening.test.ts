import { createHash, randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isDoneAnyway, singleFlight } from '../../src/api/query';
import { ApiError } from '../../src/api/error-catalogue';
import { readLoginToken } from '../../src/app/route-match';
import { capDevicePage, exportPageCount } from '../../src/features/devices/page-bounds';
import {
  checkGoogleCallback,
  googleAuthorizeUrl,
  googleSignInOffered,
  pkceChallenge,
  PENDING_MAX_AGE_MS,
} from '../../src/features/auth/google-oauth';
import { displayText } from '../../src/lib/display-text';
import { devicePath, devicesPath, overviewPath } from '../../src/lib/paths';
import { isSendableToken } from '../../src/lib/token';
import { parseSession, unusableStoredSession } from '../../src/session/session';
import { isChunkLoadError } from '../../src/ui/chunk-reload';
import { contentSecurityPolicy, originsFromEnv } from '../../scripts/lib/security-headers';

describe('one request per intent', () => {
  it('a second call while the first runs joins it instead of starting another', async () => {
    const slot = { current: null as Promise<number> | null };
    let release!: (value: number) => void;
    const start = vi.fn(() => new Promise<number>((resolve) => (release = resolve)));
    const first = singleFlight(slot, start);
    const second = singleFlight(slot, start);
    expect(second).toBe(first);
    expect(start).toHaveBeenCalledTimes(1);
    release(7);
    await expect(first).resolves.toBe(7);
    // Settled: the next intent is a new request.
    await singleFlight(slot, async () => 8);
    expect(slot.current).toBeNull();
  });

  it('a failed run frees the slot too', async () => {
    const slot = { current: null as Promise<number> | null };
    await expect(singleFlight(slot, async () => Promise.reject(new Error('x')))).rejects.toThrow();
    expect(slot.current).toBeNull();
  });

  it('a DELETE answered 404 is done; other 404s and other errors are not', () => {
    const gone = new ApiError({ kind: 'notFound', status: 404 });
    expect(isDoneAnyway('delete', gone)).toBe(true);
    expect(isDoneAnyway('patch', gone)).toBe(false);
    expect(isDoneAnyway('delete', new ApiError({ kind: 'serverError', status: 500 }))).toBe(false);
  });
});

describe('tokens that cannot travel in a header are refused where they enter', () => {
  it.each(['abc\ndef', 'a\r\nb', 'x\u0000y', 'tok€n', '✓', 'with space', '', 'x'.repeat(4097)])(
    '%j is not a token',
    (token) => {
      expect(isSendableToken(token)).toBe(false);
      expect(parseSession(JSON.stringify({ token })).token).toBeNull();
      expect(unusableStoredSession(JSON.stringify({ token }))).toBe(true);
    },
  );

  it('a normal token is kept, and a byte-order mark does not lose it', () => {
    expect(isSendableToken('nws_7d6c5b4a3f2e1d0c9b8a7f6e5d4c3b2a1f0e9d8c')).toBe(true);
    expect(parseSession('\uFEFF{"token":"tok-1"}').token).toBe('tok-1');
  });

  it('a stored session that had a token it cannot use is told, an empty one is not', () => {
    expect(unusableStoredSession(null)).toBe(false);
    expect(unusableStoredSession(JSON.stringify({ token: null }))).toBe(false);
    expect(unusableStoredSession(JSON.stringify({ token: 'ok-token' }))).toBe(false);
    expect(unusableStoredSession('{"token":"tru')).toBe(true);
    expect(unusableStoredSession('[{"token":"x"}]')).toBe(true);
  });

  it('a link token is read only when sendable, but the query is always recognised', () => {
    expect(readLoginToken('?loginToken=abc')).toEqual({ present: true, token: 'abc' });
    expect(readLoginToken('?loginToken=%E2%9C%93')).toEqual({ present: true, token: null });
    expect(readLoginToken('?loginToken=a%0Ab')).toEqual({ present: true, token: null });
    expect(readLoginToken('?page=1')).toEqual({ present: false, token: null });
  });
});

describe('the session when storage is blocked or full', () => {
  let store: Map<string, string>;
  let mode: 'ok' | 'full' | 'blocked';
  beforeEach(() => {
    store = new Map();
    mode = 'ok';
    const storage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => {
        if (mode === 'full') throw new DOMException('full', 'QuotaExceededError');
        store.set(key, value);
      },
      removeItem: (key: string) => void store.delete(key),
    };
    vi.stubGlobal('window', {
      get localStorage() {
        if (mode === 'blocked') throw new DOMException('insecure', 'SecurityError');
        return storage;
      },
    });
    vi.resetModules();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('full: the token is kept in memory for the tab, and the status says so', async () => {
    const session = await import('../../src/session/session');
    mode = 'full';
    expect(session.startSession('tok-123')).toBe(true);
    expect(session.getSession().token).toBe('tok-123');
    expect(session.getStorageStatus()).toBe('full');
    mode = 'ok';
    session.clearSession();
    expect(session.getSession().token).toBeNull();
    expect(session.getStorageStatus()).toBe('ok');
  });

  it('blocked: the same, with the "unavailable" status', async () => {
    const session = await import('../../src/session/session');
    mode = 'blocked';
    session.startSession('tok-456');
    expect(session.getSession().token).toBe('tok-456');
    expect(session.getStorageStatus()).toBe('unavailable');
  });

  it('an unusable stored token is dropped from storage and leaves a notice for the login screen', async () => {
    store.set('console.session', JSON.stringify({ token: 'bad\ntoken', deviceOrderBy: 'status' }));
    const session = await import('../../src/session/session');
    expect(session.getSession().token).toBeNull();
    expect(JSON.parse(store.get('console.session')!)).toMatchObject({
      token: null,
      deviceOrderBy: 'status',
    });
    expect(session.takeSessionNotice()).toBe(session.UNUSABLE_SESSION_MESSAGE);
    expect(session.takeSessionNotice()).toBeNull();
    expect(session.startSession('bad\ntoken')).toBe(false);
  });
});

const randomVerifier = () => randomBytes(48).toString('base64url');

describe('Google sign-in: state and PKCE', () => {
  it('computes the S256 challenge: base64url(sha256(verifier)), as Node computes it', async () => {
    for (const verifier of ['dBjftJeZ4CVP-mJ92K9ZkcWwKmCh6aqAH6F3MUbJM1E', randomVerifier()]) {
      expect(await pkceChallenge(verifier)).toBe(
        createHash('sha256').update(verifier).digest('base64url'),
      );
    }
  });

  it('asks Google with state, challenge and S256', async () => {
    const url = new URL(
      await googleAuthorizeUrl(
        { state: 'st', verifier: 'dBjftJeZ4CVP-mJ92K9ZkcWwKmCh6aqAH6F3MUbJM1E', createdAt: 0 },
        { clientId: 'cid', origin: 'https://console.test' },
      ),
    );
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'cid',
      redirect_uri: 'https://console.test/oauth/google',
      state: 'st',
      code_challenge: 'GSxdbwYhe035jfZA-9piGD4FnigE4E-svYIhonOdkFM',
      code_challenge_method: 'S256',
    });
  });

  it('without PKCE (VITE_GOOGLE_PKCE=false, a backend that drops the verifier) the state stays', async () => {
    const url = new URL(
      await googleAuthorizeUrl(
        { state: 'st', verifier: 'dBjftJeZ4CVP-mJ92K9ZkcWwKmCh6aqAH6F3MUbJM1E', createdAt: 0 },
        { clientId: 'cid', origin: 'https://console.test', pkce: false },
      ),
    );
    expect(url.searchParams.get('state')).toBe('st');
    expect(url.searchParams.has('code_challenge')).toBe(false);
    expect(url.searchParams.has('code_challenge_method')).toBe(false);
  });

  it('Google sign-in is offered only with a client id (never a link to a Google error page)', () => {
    expect(googleSignInOffered('')).toBe(false);
    expect(googleSignInOffered('   ')).toBe(false);
    expect(googleSignInOffered('123.apps.googleusercontent.com')).toBe(true);
  });

  const pending = { state: 'good-state', verifier: 'v'.repeat(64), createdAt: 1_000 };
  it.each([
    [
      '?code=c&state=good-state',
      pending,
      2_000,
      { kind: 'ok', code: 'c', verifier: 'v'.repeat(64) },
    ],
    ['?code=c&state=other', pending, 2_000, { kind: 'forged' }],
    ['?code=c', pending, 2_000, { kind: 'forged' }],
    ['?code=c&state=good-state', null, 2_000, { kind: 'forged' }],
    ['?code=c&state=good-state', pending, 1_000 + PENDING_MAX_AGE_MS + 1, { kind: 'forged' }],
    ['?state=good-state', pending, 2_000, { kind: 'invalid' }],
    ['?error=access_denied&state=good-state', pending, 2_000, { kind: 'cancelled' }],
  ] as const)('%s → %j', (search, stored, now, expected) => {
    expect(checkGoogleCallback(search, stored, now)).toEqual(expected);
  });
});

describe('bounded work', () => {
  it('a page never holds more devices than were asked for', () => {
    const page = { devices: Array.from({ length: 10_000 }, (_, i) => i), total: 10_000 };
    expect(capDevicePage(page, 20).devices).toHaveLength(20);
    const small = { devices: [1, 2], total: 2 };
    expect(capDevicePage(small, 20)).toBe(small);
  });

  it('the export asks for ceil(total / pageSize) pages, at least one', () => {
    expect(exportPageCount(1000, 100)).toBe(10);
    expect(exportPageCount(1001, 100)).toBe(11);
    expect(exportPageCount(0, 100)).toBe(1);
    expect(exportPageCount(Number.NaN, 100)).toBe(1);
  });
});

describe('hostile strings and paths', () => {
  it('shows names without bidi embeddings, overrides or isolates', () => {
    expect(displayText('\u202Eelpmaxe.live@ecila')).toBe('elpmaxe.live@ecila');
    expect(displayText('a\u2066b\u2069c\u202Ad\u202Ce')).toBe('abcde');
    expect(displayText('שלום Frank')).toBe('שלום Frank');
  });

  it('encodes ids as one path segment', () => {
    expect(devicePath('../../logout')).toBe('/device/..%2F..%2Flogout');
    expect(devicePath('a?b#c', 'rename')).toBe('/device/a%3Fb%23c/rename');
    expect(devicesPath('x/y')).toBe('/devices/x%2Fy');
    expect(overviewPath('7e000000-0000-4000-8000-000000000001')).toBe(
      '/overview/7e000000-0000-4000-8000-000000000001',
    );
  });
});

describe('deployment policy', () => {
  it('a stale chunk is recognised', () => {
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
    ).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('the CSP of this build: own scripts only, inline styles for Emotion, no framing', () => {
    const csp = contentSecurityPolicy(originsFromEnv({}));
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toContain("img-src 'self' data: https://www.gravatar.com");
  });

  it('third parties configured at build time add exactly their origins', () => {
    const csp = contentSecurityPolicy(
      originsFromEnv({
        VITE_SUPPORT_CHAT_URL: 'https://chat.example.net/l.js',
        VITE_SENTRY_DSN: 'https://key@o1.ingest.sentry.io/2',
      }),
    );
    expect(csp).toContain("script-src 'self' https://chat.example.net;");
    expect(csp).toContain(
      "connect-src 'self' https://chat.example.net https://o1.ingest.sentry.io;",
    );
  });
});
