/**
 * A one-shot message that survives the reload a session-wide action does (e.g. "Authentication
 * expired"), addressed to the page it is for: a screen rendered elsewhere in the moment before the
 * reload (the login screen standing in for a private route) cannot take it.
 */
const FLASH_KEY = 'console.flash';

export function setFlash(message: string, forPath: string): void {
  try {
    window.sessionStorage.setItem(FLASH_KEY, JSON.stringify({ message, path: forPath }));
  } catch {
    // storage unavailable: the message is lost, the action still happens
  }
}

export function takeFlash(path: string = window.location.pathname): string | null {
  try {
    const data = JSON.parse(window.sessionStorage.getItem(FLASH_KEY) ?? 'null') as unknown;
    if (typeof data !== 'object' || data === null) return null;
    const { message, path: target } = data as { message?: unknown; path?: unknown };
    if (target !== path) return null;
    window.sessionStorage.removeItem(FLASH_KEY);
    return typeof message === 'string' && message.length <= 500 ? message : null;
  } catch {
    window.sessionStorage.removeItem(FLASH_KEY);
    return null;
  }
}
