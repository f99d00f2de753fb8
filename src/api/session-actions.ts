import { navigate } from 'wouter/use-browser-location';
import { clearSession } from '../session/session';
import { setFlash } from '../session/flash';
import type { ApiError } from './error-catalogue';

/**
 * The one place where an API answer changes the whole session (SPEC §8):
 * 401 → clear, reload, login; outdated hash → clear, reload, login with the new-version notice
 * (once per hash: see alreadyReloadedFor);
 * 503 maintenance → /maintenance. Screens never do this themselves.
 */
let inFlight = false;

/** Clear the session and reload to the login page, which shows `message` once. */
function expireAndReload(message: string, url: string) {
  if (inFlight) return;
  inFlight = true;
  setFlash(message, new URL(url, window.location.origin).pathname);
  clearSession();
  window.location.assign(url);
}

/**
 * The openapi-hash a new-version reload was made for, kept for the tab (sessionStorage, else this
 * page's memory): a reload that brings no console of that line (the host still serves this one, or
 * the backend is the older side) must not be repeated on the next answer, or the page would clear
 * and reload for ever. Another hash (a later release) reloads once again.
 */
const RELOADED_FOR_KEY = 'console.new-version-reload';
let reloadedInMemory: string | null = null;

function reloadedFor(): string | null {
  try {
    return window.sessionStorage.getItem(RELOADED_FOR_KEY) ?? reloadedInMemory;
  } catch {
    return reloadedInMemory;
  }
}

function rememberReload(hash: string) {
  reloadedInMemory = hash;
  try {
    window.sessionStorage.setItem(RELOADED_FOR_KEY, hash);
  } catch {
    // storage unavailable: remembered for this page only
  }
}

/**
 * Whether the SPEC's new-version reload was already made for this answer's hash: the screen then
 * shows the error instead (the login page says the versions differ and tries again).
 */
export function alreadyReloadedFor(error: ApiError): boolean {
  return error.kind === 'outdatedVersion' && reloadedFor() === (error.hash ?? '');
}

export function runSessionAction(error: ApiError): void {
  switch (error.action) {
    case 'expireSession':
      expireAndReload(error.message, '/login');
      return;
    case 'newVersion':
      // SPEC §8, once per contract line met: clear the session, reload, login with the notice.
      if (alreadyReloadedFor(error)) return;
      rememberReload(error.hash ?? '');
      expireAndReload(error.message, '/login?new-version=true');
      return;
    case 'maintenance':
      if (window.location.pathname !== '/maintenance') navigate('/maintenance', { replace: true });
      return;
    case 'none':
      return;
  }
}
