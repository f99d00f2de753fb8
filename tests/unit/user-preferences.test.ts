import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  MAX_REMEMBERED_USERS,
  MAX_SAVED_VIEWS,
  parsePreferencesByUser,
  parseSavedViews,
  parseThemePreference,
  parseUserPreferences,
  resolveTheme,
  viewNameError,
  withSavedView,
  withoutSavedView,
} from '../../src/lib/user-preferences';
import type { SavedView } from '../../src/lib/user-preferences';
import { DEFAULT_SESSION, parseSession, preferencesOf } from '../../src/session/session';

const ALICE = '6a2f41a3-c54c-fce8-32d2-0324e1c32e22';
const BOB = '0c1e7d4e-5b7a-4f61-9d3c-2a8e9b0f1c2d';

const view = (name: string, extra: Partial<SavedView> = {}): SavedView => ({
  name,
  search: '',
  orderBy: 'deviceName',
  direction: 'asc',
  pageSize: 20,
  columns: null,
  ...extra,
});

describe('the stored theme preference', () => {
  it.each(['light', 'dark', 'system'] as const)('keeps %s', (theme) => {
    expect(parseThemePreference(theme)).toBe(theme);
  });

  it.each([undefined, null, '', 'Dark', 'sepia', 1, {}, ['dark']])(
    '%j falls back to System',
    (raw) => {
      expect(parseThemePreference(raw)).toBe('system');
    },
  );

  it('System follows the operating system, Light and Dark do not', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('an old stored session (before themes) and a corrupt theme read as System, the rest kept', () => {
    const old = parseSession(JSON.stringify({ token: 't', deviceOrderBy: 'status' }));
    expect(old).toEqual({ ...DEFAULT_SESSION, token: 't', deviceOrderBy: 'status' });
    expect(old.theme).toBe('system');
    const corrupt = parseSession(JSON.stringify({ token: 't', theme: { mode: 'dark' } }));
    expect(corrupt.theme).toBe('system');
    expect(corrupt.token).toBe('t');
  });
});

describe('saved views as stored', () => {
  it('keeps a valid view, trimming its name and search', () => {
    const stored = [{ ...view('  Failing Macs '), search: ' mac ', columns: ['status', 'status'] }];
    expect(parseSavedViews(stored)).toEqual([
      view('Failing Macs', { search: 'mac', columns: ['status'] }),
    ]);
  });

  it.each([
    ['no name', { ...view(''), name: '   ' }],
    ['a name too long', view('x'.repeat(61))],
    ['an unknown sort column', { ...view('a'), orderBy: 'password' }],
    ['a bad direction', { ...view('a'), direction: 'up' }],
    ['a page size over 100', view('a', { pageSize: 500 })],
    ['a fractional page size', view('a', { pageSize: 2.5 })],
    ['an unknown column', { ...view('a'), columns: ['deviceName', 'secret'] }],
    ['no columns at all', view('a', { columns: [] })],
    ['a search too long', view('a', { search: 'x'.repeat(256) })],
    ['not an object', 'Failing Macs'],
  ])('drops a view with %s, alone', (_, bad) => {
    expect(parseSavedViews([bad, view('kept')])).toEqual([view('kept')]);
  });

  it('keeps the first of two views with the same name (case aside) and at most 20', () => {
    expect(parseSavedViews([view('Macs'), view('macs', { search: 'x' })])).toEqual([view('Macs')]);
    const many = Array.from({ length: 30 }, (_, i) => view(`v${i}`));
    expect(parseSavedViews(many)).toHaveLength(MAX_SAVED_VIEWS);
  });

  it('anything that is not a list gives no views', () => {
    for (const raw of [null, undefined, 'x', 42, { name: 'a' }])
      expect(parseSavedViews(raw)).toEqual([]);
  });

  it('never throws, whatever was stored', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (raw) => {
        const prefs = parsePreferencesByUser(raw);
        for (const entry of Object.values(prefs)) {
          expect(['light', 'dark', 'system']).toContain(entry.theme);
          expect(Array.isArray(entry.savedViews)).toBe(true);
        }
        expect(() =>
          parseSession(JSON.stringify({ token: 't', preferencesByUser: raw, theme: raw })),
        ).not.toThrow();
      }),
    );
  });
});

describe('preferences per user', () => {
  it('are kept by user id; a key that is no user id is dropped', () => {
    const stored = {
      [ALICE]: { theme: 'dark', savedViews: [view('Mine')], columns: ['deviceName', 'status'] },
      'not-a-uuid': { theme: 'light', savedViews: [] },
      [BOB]: 'garbage',
    };
    expect(parsePreferencesByUser(stored)).toEqual({
      [ALICE]: { theme: 'dark', savedViews: [view('Mine')], columns: ['deviceName', 'status'] },
      [BOB]: { theme: 'system', savedViews: [], columns: null },
    });
  });

  it('one person never sees another one’s views', () => {
    const session = parseSession(
      JSON.stringify({
        token: 't',
        preferencesByUser: { [ALICE]: { savedViews: [view('Mine')] } },
      }),
    );
    expect(preferencesOf(session, ALICE).savedViews).toEqual([view('Mine')]);
    expect(preferencesOf(session, BOB)).toEqual({ theme: 'system', savedViews: [], columns: null });
    expect(preferencesOf(session, undefined).savedViews).toEqual([]);
  });

  it('remembers at most 20 people, the latest ones', () => {
    const ids = Array.from(
      { length: 25 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const stored = Object.fromEntries(ids.map((id) => [id, { theme: 'dark' }]));
    const kept = Object.keys(parsePreferencesByUser(stored));
    expect(kept).toHaveLength(MAX_REMEMBERED_USERS);
    expect(kept).toEqual(ids.slice(-MAX_REMEMBERED_USERS));
  });

  it('a missing part of a person’s preferences is its default', () => {
    expect(parseUserPreferences({ theme: 'light' })).toEqual({
      theme: 'light',
      savedViews: [],
      columns: null,
    });
    expect(parseUserPreferences(null)).toEqual({ theme: 'system', savedViews: [], columns: null });
    // Unusable columns are the default set; the rest is kept.
    expect(parseUserPreferences({ theme: 'dark', columns: ['password'] }).columns).toBeNull();
  });
});

describe('saving and deleting views', () => {
  it('a new name goes last; the same name (case aside) replaces the view in place', () => {
    const views = [view('A'), view('B')];
    expect(withSavedView(views, view('C'))?.map((v) => v.name)).toEqual(['A', 'B', 'C']);
    const replaced = withSavedView(views, view('a', { search: 'mac' }));
    expect(replaced).toEqual([view('a', { search: 'mac' }), view('B')]);
  });

  it('refuses a 21st view, but still replaces one by name', () => {
    const full = Array.from({ length: MAX_SAVED_VIEWS }, (_, i) => view(`v${i}`));
    expect(withSavedView(full, view('new'))).toBeNull();
    expect(withSavedView(full, view('v3', { search: 'x' }))?.[3]?.search).toBe('x');
  });

  it('deletes by name, case aside, and leaves the others', () => {
    expect(withoutSavedView([view('A'), view('B')], 'a')).toEqual([view('B')]);
  });

  it('names: required, at most 60 characters', () => {
    expect(viewNameError('Failing Macs')).toBeNull();
    expect(viewNameError('   ')).toBe('Please enter a name for the view.');
    expect(viewNameError('x'.repeat(61))).toBe('A view name cannot exceed 60 characters.');
  });
});
