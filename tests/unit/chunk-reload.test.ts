import { afterEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, listenForStaleChunks } from '../../src/ui/chunk-reload';

/** A window that records reloads, with the sessionStorage the once-per-minute rule needs. */
function fakeWindow() {
  const target = new EventTarget();
  const store = new Map<string, string>();
  const reload = vi.fn();
  Object.assign(target, {
    location: { reload },
    sessionStorage: {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
    },
  });
  vi.stubGlobal('window', target);
  return { target, reload };
}

function preloadError(payload: unknown): Event {
  return Object.assign(new Event('vite:preloadError', { cancelable: true }), { payload });
}

afterEach(() => vi.unstubAllGlobals());

describe('stale chunks after a deploy', () => {
  it('a stale chunk is recognised', () => {
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
    ).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('a chunk that cannot be fetched reloads the page once', () => {
    const { target, reload } = fakeWindow();
    listenForStaleChunks();
    const event = preloadError(
      new TypeError('Failed to fetch dynamically imported module: /assets/x.js'),
    );
    target.dispatchEvent(event);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(event.defaultPrevented).toBe(true);
    target.dispatchEvent(
      preloadError(new TypeError('Failed to fetch dynamically imported module')),
    );
    expect(reload).toHaveBeenCalledTimes(1); // a second failure within a minute: no loop
  });

  it('an error thrown by code chained on a loaded import is not a stale chunk: no reload', () => {
    const { target, reload } = fakeWindow();
    listenForStaleChunks();
    const event = preloadError(
      new Error('The amount of data is too big to be stored in a QR Code'),
    );
    target.dispatchEvent(event);
    expect(reload).not.toHaveBeenCalled();
    expect(event.defaultPrevented).toBe(false);
  });
});
