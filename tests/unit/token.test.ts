import { describe, expect, it } from 'vitest';
import { readLoginToken } from '../../src/app/route-match';
import { isSendableToken } from '../../src/lib/token';
import { parseSession, unusableStoredSession } from '../../src/session/session';

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
