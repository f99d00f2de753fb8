import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  checkGoogleCallback,
  googleAuthorizeUrl,
  googleSignInOffered,
  pkceChallenge,
  PENDING_MAX_AGE_MS,
} from '../../src/features/auth/google-oauth';

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
