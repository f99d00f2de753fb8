import * as v from 'valibot';
import { useSyncExternalStore } from 'react';
import { DEVICE_SORT_COLUMNS, SORT_DIRECTIONS } from '../lib/constants';
import type { DeviceSortColumn, SortDirection } from '../lib/constants';
import { isSendableToken } from '../lib/token';
import { isUuid } from '../lib/uuid';

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
}

export const DEFAULT_SESSION: Readonly<Session> = Object.freeze({
  token: null,
  adminToken: null,
  activeTeamId: null,
  deviceOrderBy: 'deviceName',
  deviceOrderDirection: 'asc',
  deviceColumns: null,
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
 * device table's column choice is a display preference of this browser and stays.
 * Returns false, and changes nothing, for a token that cannot be sent in a header.
 */
export function startSession(token: string): boolean {
  if (!isSendableToken(token)) return false;
  notice = null;
  setSession({ ...DEFAULT_SESSION, deviceColumns: getSession().deviceColumns, token });
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
