/**
 * After a deploy, an open tab may ask for a chunk that no longer exists (its name has a new
 * hash). The host answers 404, the dynamic import fails, and the page reloads ONCE to pick up the
 * new build. A second failure within a minute is a real outage: the error screen shows instead of
 * a reload loop. Without sessionStorage there is no way to tell, so no automatic reload.
 */
const KEY = 'console.chunkReloadAt';
const WINDOW_MS = 60_000;

export function isChunkLoadError(error: unknown): boolean {
  const message =
    typeof error === 'object' && error !== null
      ? String((error as { message?: unknown }).message)
      : '';
  const name =
    typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : '';
  return (
    name === 'ChunkLoadError' ||
    /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
      message,
    )
  );
}

/** Reloads the page unless it already did so in the last minute; true when it reloads. */
export function reloadOnce(now: number = Date.now()): boolean {
  let store: Storage;
  try {
    store = window.sessionStorage;
    const last = Number(store.getItem(KEY));
    if (Number.isFinite(last) && now - last < WINDOW_MS) return false;
    store.setItem(KEY, String(now));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

/**
 * Vite reports failed chunk preloads and imports with this event; reload once instead of failing.
 * Its payload can also be an error thrown by code chained on the import (a library that loaded
 * fine and then refused its input): only a chunk that could not be fetched is worth a reload.
 */
export function listenForStaleChunks(): void {
  window.addEventListener('vite:preloadError', (event) => {
    const payload = (event as Event & { payload?: unknown }).payload;
    if (isChunkLoadError(payload) && reloadOnce()) event.preventDefault();
  });
}
