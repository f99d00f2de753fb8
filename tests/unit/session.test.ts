import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import {
  DEFAULT_SESSION,
  clearedSession,
  parseSession,
  startImpersonation,
  stopImpersonation,
} from '../../src/session/session';

const TEAM = '3f0c5a52-7c4e-4d6b-9a51-1f2e3d4c5b6a';

describe('the stored session', () => {
  it('missing → defaults (ascending device name, no team)', () => {
    expect(parseSession(null)).toEqual({
      token: null,
      adminToken: null,
      activeTeamId: null,
      deviceOrderBy: 'deviceName',
      deviceOrderDirection: 'asc',
      deviceColumns: null,
      theme: 'system',
      preferencesByUser: {},
    });
  });

  it.each(['', '{', 'null', '[]', '42', '"x"', '{"token": 5}'])('corrupt %j → defaults', (raw) => {
    expect(parseSession(raw)).toEqual(DEFAULT_SESSION);
  });

  it('a bad field falls back alone and keeps the rest', () => {
    const s = parseSession(
      JSON.stringify({
        token: 't',
        activeTeamId: 'not-a-uuid',
        deviceOrderBy: 'drop table',
        deviceOrderDirection: 'desc',
      }),
    );
    expect(s).toEqual({ ...DEFAULT_SESSION, token: 't', deviceOrderDirection: 'desc' });
  });

  it('keeps valid data', () => {
    const stored = {
      token: 't',
      adminToken: 'a',
      activeTeamId: TEAM,
      deviceOrderBy: 'lastCheck',
      deviceOrderDirection: 'desc',
      deviceColumns: ['deviceName', 'status', 'modelName'],
      theme: 'dark',
      preferencesByUser: {},
    };
    expect(parseSession(JSON.stringify(stored))).toEqual(stored);
  });

  it.each([
    ['not a list', 'deviceName'],
    ['an unknown column', ['deviceName', 'password']],
    ['too many entries', Array.from({ length: 14 }, () => 'status')],
  ])('device columns: %s → the default set (null), the rest kept', (_, deviceColumns) => {
    const s = parseSession(JSON.stringify({ token: 't', deviceColumns }));
    expect(s).toEqual({ ...DEFAULT_SESSION, token: 't' });
  });

  it('device columns: repeats are dropped', () => {
    const s = parseSession(JSON.stringify({ deviceColumns: ['status', 'status', 'lastCheck'] }));
    expect(s.deviceColumns).toEqual(['status', 'lastCheck']);
  });

  it('an admin token without a token is dropped', () => {
    expect(parseSession(JSON.stringify({ adminToken: 'a' })).adminToken).toBeNull();
  });

  it('never throws on any input', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (raw) => {
        const s = parseSession(raw);
        expect(['asc', 'desc']).toContain(s.deviceOrderDirection);
      }),
    );
  });
});

describe('impersonation and logout', () => {
  const base = { ...DEFAULT_SESSION, token: 'support', activeTeamId: TEAM };

  it('starting moves the current token into the admin slot', () => {
    const s = startImpersonation(base, 'user');
    expect([s.token, s.adminToken]).toEqual(['user', 'support']);
  });

  it('impersonating again keeps the original admin token', () => {
    const s = startImpersonation(startImpersonation(base, 'user1'), 'user2');
    expect([s.token, s.adminToken]).toEqual(['user2', 'support']);
  });

  it('stopping swaps them back', () => {
    const s = stopImpersonation(startImpersonation(base, 'user'));
    expect([s.token, s.adminToken]).toEqual(['support', null]);
  });

  it('logout clears the token and the admin token, keeps the ordering preference', () => {
    const s = clearedSession({ ...startImpersonation(base, 'user'), deviceOrderBy: 'status' });
    expect([s.token, s.adminToken, s.deviceOrderBy]).toEqual([null, null, 'status']);
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
