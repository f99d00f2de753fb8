import * as v from 'valibot';
import { useSyncExternalStore } from 'react';
import { DEVICE_SORT_COLUMNS, SORT_DIRECTIONS } from '../lib/constants';
import type { DeviceSortColumn, SortDirection } from '../lib/constants';
import { isSendableToken } from '../lib/token';
import { isUuid } from '../lib/uuid';
import {
  DEFAULT_THEME_PREFERENCE,
  DEFAULT_USER_PREFERENCES,
  parsePreferencesByUser,
  themePreferenceSchema,
  withSavedView,
  withoutSavedView,
} from '../lib/user-preferences';
import type { SavedView, ThemePreference, UserPreferences } from '../lib/user-preferences';

/** The one locally stored entry of SPEC §3. */
export const SESSION_STORAGE_KEY = 'console.session';

export interface Session {
  token: string | null;
  /** null when not impersonating; holds the original token while impersonating. */
  adminToken: string | null;
  activeTeamId: string | null;
  deviceOrderBy: DeviceSortColumn;
  deviceOrderDirection: SortDirection;
  /**
   * The device table's chosen columns (not in SPEC §3: a display preference of this browser).
   * null means the default set. Kept on logout and at the next login.
   */
  deviceColumns: DeviceSortColumn[] | null;
  /**
   * The theme in force on this browser (not in SPEC §3): the signed-in person's choice, kept
   * here too so the first paint (the login page included) has it before their user answer.
   */
  theme: ThemePreference;
  /** Each person's theme and saved device-list views, by user id (not in SPEC §3). */
  preferencesByUser: Record<string, UserPreferences>;
}

export const DEFAULT_SESSION: Readonly<Session> = Object.freeze({
  token: null,
  adminToken: null,
  activeTeamId: null,
  deviceOrderBy: 'deviceName',
  deviceOrderDirection: 'asc',
  deviceColumns: null,
  theme: DEFAULT_THEME_PREFERENCE,
  preferencesByUser: {},
});

// A token that cannot travel in a header is no token: it would make every request fail unsent.
const tokenSchema = v.nullable(v.custom<string>(isSendableToken));
const fieldSchemas = {
  token: tokenSchema,
  adminToken: tokenSchema,
  activeTeamId: v.nullable(v.custom<string>(isUuid)),
  deviceOrderBy: v.picklist(DEVICE_SORT_COLUMNS),
  deviceOrderDirection: v.picklist(SORT_DIRECTIONS),
  deviceColumns: v.nullable(
    v.pipe(
      v.array(v.picklist(DEVICE_SORT_COLUMNS)),
      v.maxLength(DEVICE_SORT_COLUMNS.length),
      v.transform((columns) => [...new Set(columns)]),
    ),
  ),
  theme: themePreferenceSchema,
  // Never fails: unreadable entries are dropped one by one (lib/user-preferences.ts).
  preferencesByUser: v.pipe(v.unknown(), v.transform(parsePreferencesByUser)),
};

/**
 * Parse stored text into a session. Missing, corrupt or foreign data gives the defaults;
 * a single bad field falls back to its own default and keeps the rest.
 */
export function parseSession(raw: string | null): Session {
  if (raw === null) return { ...DEFAULT_SESSION };
  let data: unknown;
  try {
    // A byte-order mark (an editor, a sync tool) is not part of the data.
    data = JSON.parse(raw.replace(/^\uFEFF/, ''));
  } catch {
    return { ...DEFAULT_SESSION };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return { ...DEFAULT_SESSION };
  }
  const record = data as Record<string, unknown>;
  const field = <K extends keyof Session>(key: K): Session[K] => {
    const result = v.safeParse(fieldSchemas[key], record[key]);
    return result.success ? (result.output as Session[K]) : DEFAULT_SESSION[key];
  };
  const session: Session = {
    token: field('token'),
    adminToken: field('adminToken'),
    activeTeamId: field('activeTeamId'),
    deviceOrderBy: field('deviceOrderBy'),
    deviceOrderDirection: field('deviceOrderDirection'),
    deviceColumns: field('deviceColumns'),
    theme: field('theme'),
    preferencesByUser: field('preferencesByUser'),
  };
  // An admin token without a session token is meaningless: drop it.
  if (session.token === null) session.adminToken = null;
  return session;
}

/**
 * Stored text that held a session the console cannot use (a token that cannot be sent, unreadable
 * data): the person is told on the login screen instead of silently finding themselves logged out.
 */
export function unusableStoredSession(raw: string | null): boolean {
  if (raw === null || raw.trim() === '') return false;
  let data: unknown;
  try {
    data = JSON.parse(raw.replace(/^\uFEFF/, ''));
  } catch {
    return true;
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return true;
  const token = (data as Record<string, unknown>).token;
  return token !== null && token !== undefined && !isSendableToken(token);
}

export const UNUSABLE_SESSION_MESSAGE =
  'Your saved session could not be used. Please log in again.';

type Listener = () => void;
const listeners = new Set<Listener>();
let cachedRaw: string | null | undefined;
let cachedSession: Session = { ...DEFAULT_SESSION };

/**
 * When the browser will not keep the session (storage blocked, or full), it lives in memory for
 * this tab: the person stays signed in until the tab closes, and the shell says so.
 */
let memory: Session | null = null;
export type StorageStatus = 'ok' | 'unavailable' | 'full';
let storageStatus: StorageStatus = 'ok';
let notice: string | null = null;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode, sandboxed frame)
  }
}

function readRaw(): string | null {
  try {
    return storage()?.getItem(SESSION_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

export function getSession(): Session {
  if (memory) return memory;
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedSession = parseSession(raw);
    if (unusableStoredSession(raw)) {
      notice = UNUSABLE_SESSION_MESSAGE;
      // Drop the unusable token from storage so the next load starts clean (best effort).
      const cleaned = JSON.stringify(cachedSession);
      try {
        storage()?.setItem(SESSION_STORAGE_KEY, cleaned);
        cachedRaw = cleaned;
      } catch {
        // storage refuses: the parsed (token-less) session is used anyway
      }
    }
  }
  return cachedSession;
}

function emit() {
  for (const listener of listeners) listener();
}

function isQuotaError(error: unknown): boolean {
  const name =
    typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : '';
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED';
}

export function setSession(next: Session): void {
  const text = JSON.stringify(next);
  const store = storage();
  try {
    if (!store) throw new DOMException('Storage is not available', 'SecurityError');
    store.setItem(SESSION_STORAGE_KEY, text);
    memory = null;
    storageStatus = 'ok';
  } catch (error) {
    // Kept in memory for this tab; getSession() reads it from here, not from storage.
    memory = next;
    storageStatus = isQuotaError(error) ? 'full' : 'unavailable';
  }
  cachedRaw = undefined;
  emit();
}

/** Whether the session is kept by the browser, or only in this tab's memory (and why). */
export function getStorageStatus(): StorageStatus {
  return memory ? storageStatus : 'ok';
}

export function useStorageStatus(): StorageStatus {
  return useSyncExternalStore(subscribeSession, getStorageStatus, getStorageStatus);
}

/** A message for the login screen about a session that could not be used; read once. */
export function takeSessionNotice(): string | null {
  getSession();
  const text = notice;
  notice = null;
  return text;
}

export function rejectSessionInput(message: string): void {
  notice = message;
}

export function updateSession(patch: Partial<Session>): void {
  setSession({ ...getSession(), ...patch });
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Changes made in another tab reach this one through the `storage` event. */
export function listenToOtherTabs(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === SESSION_STORAGE_KEY) emit();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/**
 * A login (or login token) starts a session: ascending device-name order, no active team. The
 * display preferences (the device table's columns, the theme, each person's saved views) stay.
 * Returns false, and changes nothing, for a token that cannot be sent in a header.
 */
export function startSession(token: string): boolean {
  if (!isSendableToken(token)) return false;
  notice = null;
  const { deviceColumns, theme, preferencesByUser } = getSession();
  setSession({ ...DEFAULT_SESSION, deviceColumns, theme, preferencesByUser, token });
  return true;
}

/** Impersonation: the current token moves to the admin slot; the new token becomes the session. */
export function startImpersonation(current: Session, impersonatedToken: string): Session {
  if (current.token === null) return current;
  return {
    ...current,
    token: impersonatedToken,
    adminToken: current.adminToken ?? current.token,
    activeTeamId: null,
  };
}

/** Stopping impersonation swaps the admin token back. */
export function stopImpersonation(current: Session): Session {
  if (current.adminToken === null) return current;
  return { ...current, token: current.adminToken, adminToken: null, activeTeamId: null };
}

/** Logout (and session expiry) clears the token and the admin token; preferences stay. */
export function clearedSession(current: Session): Session {
  return { ...current, token: null, adminToken: null, activeTeamId: null };
}

export function clearSession(): void {
  setSession(clearedSession(getSession()));
}

/** A person's preferences as stored (the defaults when none are). */
export function preferencesOf(session: Session, userId: string | undefined): UserPreferences {
  return (userId ? session.preferencesByUser[userId] : undefined) ?? DEFAULT_USER_PREFERENCES;
}

function updatePreferences(userId: string, change: (current: UserPreferences) => UserPreferences) {
  const session = getSession();
  const { [userId]: current, ...others } = session.preferencesByUser;
  const next = change(current ?? DEFAULT_USER_PREFERENCES);
  // The latest person goes last: the oldest entries are the ones dropped beyond the limit.
  setSession({ ...session, preferencesByUser: { ...others, [userId]: next } });
}

/** The theme chosen in the profile menu: in force now, and remembered for this person. */
export function chooseTheme(userId: string | undefined, theme: ThemePreference): void {
  if (!userId) {
    updateSession({ theme });
    return;
  }
  const session = getSession();
  const { [userId]: current, ...others } = session.preferencesByUser;
  setSession({
    ...session,
    theme,
    preferencesByUser: { ...others, [userId]: { ...(current ?? DEFAULT_USER_PREFERENCES), theme } },
  });
}

/**
 * Once the signed-in person is known, their remembered theme is put in force (another person may
 * have used this browser before). Someone without a remembered theme keeps the one in force.
 */
export function adoptUserTheme(userId: string): void {
  const session = getSession();
  const remembered = session.preferencesByUser[userId]?.theme;
  if (remembered !== undefined && remembered !== session.theme)
    updateSession({ theme: remembered });
}

/**
 * Saves (or replaces, by name) a view; false when the limit of saved views is reached. `at` puts a
 * new view at that place (a deleted view brought back), else it goes last.
 */
export function saveView(userId: string, view: SavedView, at?: number): boolean {
  const views = withSavedView(preferencesOf(getSession(), userId).savedViews, view);
  if (!views) return false;
  const index = views.indexOf(view);
  if (at !== undefined && index === views.length - 1 && at < index) {
    views.splice(index, 1);
    views.splice(at, 0, view);
  }
  updatePreferences(userId, (current) => ({ ...current, savedViews: views }));
  return true;
}

/** The device list's columns this person chose (null: the default set), kept for them alone. */
export function chooseColumns(userId: string, columns: DeviceSortColumn[] | null): void {
  updatePreferences(userId, (current) => ({ ...current, columns }));
}

export function deleteView(userId: string, name: string): void {
  updatePreferences(userId, (current) => ({
    ...current,
    savedViews: withoutSavedView(current.savedViews, name),
  }));
}
