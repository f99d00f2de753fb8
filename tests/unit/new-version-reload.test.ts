// SPEC §8's new-version reaction (src/api/session-actions.ts) happens once per contract line met:
// clear the session, reload, login with the notice; the same hash again (the reload brought no
// console of that line) never reloads again, another release's hash does once more. And the login
// page's check for a newer console on the host (src/lib/deployed-build.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/error-catalogue';
import { hostServesAnotherBuild, moduleScriptsOf } from '../../src/lib/deployed-build';

const LINE_A = 'a'.repeat(64);
const LINE_B = 'b'.repeat(64);

/** A tab: its sessionStorage survives reloads, the page's modules do not. */
function fakeTab() {
  const store = new Map<string, string>();
  const assign = vi.fn();
  vi.stubGlobal('window', {
    location: { assign, origin: 'http://console.test', pathname: '/devices' },
    sessionStorage: {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
    },
    localStorage: {
      getItem: () => null,
      setItem: () => undefined,
      removeItem: () => undefined,
    },
    addEventListener: () => undefined,
    dispatchEvent: () => true,
  });
  /** The page after a reload: fresh modules, the same tab. */
  const load = async () => {
    vi.resetModules();
    return import('../../src/api/session-actions');
  };
  return { assign, load };
}

const outdated = (hash: string) => new ApiError({ kind: 'outdatedVersion', hash, status: 200 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('a different openapi-hash', () => {
  it('reloads to the login page once per hash, never again for the same one', async () => {
    const { assign, load } = fakeTab();
    (await load()).runSessionAction(outdated(LINE_A));
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenLastCalledWith('/login?new-version=true');

    // After the reload the host still serves this console: the login answer carries the same hash.
    const page = await load();
    expect(page.alreadyReloadedFor(outdated(LINE_A))).toBe(true);
    page.runSessionAction(outdated(LINE_A));
    page.runSessionAction(outdated(LINE_A));
    expect(assign).toHaveBeenCalledTimes(1);

    // A later release's line: the SPEC's reaction once more.
    const later = await load();
    expect(later.alreadyReloadedFor(outdated(LINE_B))).toBe(false);
    later.runSessionAction(outdated(LINE_B));
    expect(assign).toHaveBeenCalledTimes(2);
  });
});

describe('a newer console on the host', () => {
  const page = (src: string) =>
    `<!doctype html><html><head><script async src="/assets/route-preload-1.js"></script><script type="module" crossorigin src="${src}"></script></head></html>`;
  const running = (src: string) =>
    ({
      querySelectorAll: () => [{ getAttribute: () => src }],
    }) as unknown as Document;

  it('is told by index.html naming another entry script', async () => {
    expect(moduleScriptsOf(page('/assets/index-new.js'))).toEqual(['/assets/index-new.js']);
    const serve =
      (html: string, status = 200) =>
      async () =>
        new Response(html, { status });
    expect(
      await hostServesAnotherBuild(
        running('/assets/index-old.js'),
        serve(page('/assets/index-new.js')),
      ),
    ).toBe(true);
    expect(
      await hostServesAnotherBuild(
        running('/assets/index-old.js'),
        serve(page('/assets/index-old.js')),
      ),
    ).toBe(false);
    expect(await hostServesAnotherBuild(running('/assets/index-old.js'), serve('gone', 503))).toBe(
      false,
    );
    const offline = async () => Promise.reject(new TypeError('offline'));
    expect(await hostServesAnotherBuild(running('/assets/index-old.js'), offline)).toBe(false);
  });
});
