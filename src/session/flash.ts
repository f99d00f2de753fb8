/**
 * A one-shot message that survives the reload a session-wide action does (e.g. "Authentication
 * expired"), addressed to the page it is for: a screen rendered elsewhere in the moment before the
 * reload (the login screen standing in for a private route) cannot take it.
 */
const FLASH_KEY = 'console.flash';

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // blocked: no flash messages, never a crash
  }
}

export function setFlash(message: string, forPath: string): void {
  try {
    sessionStore()?.setItem(FLASH_KEY, JSON.stringify({ message, path: forPath }));
  } catch {
    // storage unavailable or full: the message is lost, the action still happens
  }
}

export function takeFlash(path: string = window.location.pathname): string | null {
  const store = sessionStore();
  if (!store) return null;
  let raw: string | null;
  try {
    raw = store.getItem(FLASH_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    data = null;
  }
  const record =
    typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : null;
  // Addressed to another page: leave it for that page.
  if (record && record.path !== path) return null;
  try {
    store.removeItem(FLASH_KEY);
  } catch {
    // cannot remove: it may show once more, which is harmless
  }
  const message = record?.message;
  return typeof message === 'string' && message.length <= 500 ? message : null;
}
