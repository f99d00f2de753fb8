import * as v from 'valibot';
import { useSyncExternalStore } from 'react';
import { DEVICE_SORT_COLUMNS, SORT_DIRECTIONS } from '../lib/constants';
import type { DeviceSortColumn, SortDirection } from '../lib/constants';
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

const tokenSchema = v.nullable(v.pipe(v.string(), v.nonEmpty(), v.maxLength(4096)));
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
    data = JSON.parse(raw);
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

type Listener = () => void;
const listeners = new Set<Listener>();
let cachedRaw: string | null | undefined;
let cachedSession: Session = { ...DEFAULT_SESSION };

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode): run on defaults
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
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedSession = parseSession(raw);
  }
  return cachedSession;
}

function emit() {
  for (const listener of listeners) listener();
}

export function setSession(next: Session): void {
  try {
    storage()?.setItem(SESSION_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // quota or disabled storage: keep the in-memory copy
    cachedRaw = JSON.stringify(next);
    cachedSession = next;
  }
  emit();
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
 */
export function startSession(token: string): void {
  setSession({ ...DEFAULT_SESSION, deviceColumns: getSession().deviceColumns, token });
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
