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

function reloadTo(path: string) {
  if (inFlight) return;
  inFlight = true;
  window.location.assign(path);
}

export function runSessionAction(error: ApiError): void {
  switch (error.action) {
    case 'expireSession':
      clearSession();
      setFlash(error.message);
      reloadTo('/login');
      return;
    case 'newVersion':
      clearSession();
      setFlash(error.message);
      reloadTo('/login?new-version=true');
      return;
    case 'maintenance':
      if (window.location.pathname !== '/maintenance') navigate('/maintenance', { replace: true });
      return;
    case 'none':
      return;
  }
}
