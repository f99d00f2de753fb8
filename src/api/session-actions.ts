import { navigate } from 'wouter/use-browser-location';
import { clearSession } from '../session/session';
import { setFlash } from '../session/flash';
import type { ApiError } from './error-catalogue';

/**
 * The one place where an API answer changes the whole session (SPEC §8):
 * 401 → clear, reload, login; outdated hash → clear, reload, login with the new-version notice;
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

export function runSessionAction(error: ApiError): void {
  switch (error.action) {
    case 'expireSession':
      expireAndReload(error.message, '/login');
      return;
    case 'newVersion':
      expireAndReload(error.message, '/login?new-version=true');
      return;
    case 'maintenance':
      if (window.location.pathname !== '/maintenance') navigate('/maintenance', { replace: true });
      return;
    case 'none':
      return;
  }
}
