/** A one-shot message that survives the reload a session-wide action does (e.g. "Authentication expired"). */
const FLASH_KEY = 'console.flash';

export function setFlash(message: string): void {
  try {
    window.sessionStorage.setItem(FLASH_KEY, message);
  } catch {
    // storage unavailable: the message is lost, the action still happens
  }
}

export function takeFlash(): string | null {
  try {
    const message = window.sessionStorage.getItem(FLASH_KEY);
    window.sessionStorage.removeItem(FLASH_KEY);
    return message && message.length <= 500 ? message : null;
  } catch {
    return null;
  }
}
