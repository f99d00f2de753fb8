// The route's first request, started by the build's route-preload script (runtime.ts) and adopted
// by the app (src/api/route-prefetch.ts): the script asks exactly what the page's query asks, only
// with the stored token and only to the API base; the app uses the answer only when it passes the
// client's contract checks, and otherwise leaves the request to the page (one normal reaction).
import vm from 'node:vm';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { exampleOf, readDocument, responseExamples } from '../../scripts/lib/openapi-doc';
import { DOC_PATH } from '../../scripts/lib/paths';
import {
  type PreloadApi,
  type PreloadData,
  type PreloadWindow,
  type RoutePrefetchHandoff,
  preloadScript,
  routePreloadRuntime,
} from '../../scripts/lib/route-preload/runtime';
import { createApiClient } from '../../src/api/client';
import { CONTRACT_HASH } from '../../src/api/hash-header';
import {
  type FirstRequestQuery,
  type ReaderFactory,
  type RoutePrefetch,
  adoptRoutePrefetch,
  readPrefetchedAnswer,
  takeRoutePrefetch,
} from '../../src/api/route-prefetch';
import { firstRequestOf } from '../../src/app/first-request';
import { ROUTE_TABLE } from '../../src/app/route-table';
import {
  API_BASE_URL,
  DEVICE_LIST_DEFAULT_PAGE,
  DEVICE_LIST_DEFAULT_PAGE_SIZE,
  DEVICE_SORT_COLUMNS,
  MAX_DEVICE_NAME_LENGTH,
  ROUTE_PREFETCH_HANDOFF,
  SORT_DIRECTIONS,
} from '../../src/lib/constants';
import { DEVICE_LIST_ADDRESS_RULES, readDeviceListAddress } from '../../src/lib/device-list-query';
import { DEFAULT_SESSION, SESSION_STORAGE_KEY, parseSession } from '../../src/session/session';

const ORIGIN = 'http://console.test';
const TEAM = '3f1c6a52-8d4b-4c1e-9a57-2b6d8e0f4a11';
const DEVICE = '9b2e4c71-5a3d-4f8e-b6c0-1d7a9e3f5b22';
const TOKEN = 'stored-session-token';

const examples = responseExamples(readDocument(DOC_PATH));
const deviceList = exampleOf(examples, 'listTeamDevices', { name: 'engineering' });

const API: PreloadApi = {
  base: API_BASE_URL,
  handoff: ROUTE_PREFETCH_HANDOFF,
  timeoutMs: 5000,
  deviceList: {
    ...DEVICE_LIST_ADDRESS_RULES,
    defaultPage: DEVICE_LIST_DEFAULT_PAGE,
    defaultPageSize: DEVICE_LIST_DEFAULT_PAGE_SIZE,
    defaultOrderBy: DEFAULT_SESSION.deviceOrderBy,
    defaultDirection: DEFAULT_SESSION.deviceOrderDirection,
  },
};

/** The script's data for the real route table (no chunks: only the first requests matter here). */
function preloadData(api: PreloadApi = API): PreloadData {
  return {
    base: '/',
    sessionKey: SESSION_STORAGE_KEY,
    files: [],
    modules: [],
    routes: ROUTE_TABLE.map((route) => ({
      segments: route.path.split('/'),
      uuidParams: [...(route.uuidParams ?? [])],
      signedOut: [],
      signedIn: [],
      ...(route.firstRequest ? { firstRequest: route.firstRequest } : {}),
    })),
    unknown: { signedOut: [], signedIn: [] },
    api,
  };
}

interface Sent {
  url: string;
  headers: Record<string, string>;
}

function browser(pathname: string, search: string, stored: string | null) {
  const sent: Sent[] = [];
  const win: PreloadWindow & Record<string, unknown> = {
    location: { pathname, search },
    localStorage: { getItem: (key) => (key === SESSION_STORAGE_KEY ? stored : null) },
    document: {
      createElement: () => ({ rel: '', crossOrigin: null, href: '' }),
      head: { appendChild: () => undefined },
    },
    fetch: (url, init) => {
      sent.push({ url, headers: init.headers });
      return Promise.resolve(answer(200, deviceList));
    },
  };
  return { win, sent };
}

const session = (fields: Record<string, unknown> = {}) =>
  JSON.stringify({ ...DEFAULT_SESSION, token: TOKEN, ...fields });

function answer(status: number, body: unknown, hash: string = CONTRACT_HASH): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'openapi-hash': hash },
  });
}

/** The app's contract checks, on an absolute base (Node has no page origin). */
const reader: ReaderFactory = (fetch) =>
  createApiClient({ baseUrl: `${ORIGIN}${API_BASE_URL}`, fetch, getToken: () => null });

const prefetchOf = (url: string, response: Response | null, token = TOKEN): RoutePrefetch => ({
  url,
  token,
  response: Promise.resolve(response),
});

describe("the route-preload script's first request", () => {
  it('asks, with the stored token and to the API base, exactly what the device list page asks, for any address (property)', async () => {
    // The build's script itself, run on its own: only `window` and the browser's URLSearchParams.
    const script = preloadScript(preloadData(), 'test');
    const value = fc.oneof(
      fc.constantFrom(...['0', '1', '01', '3', '20', '100', '101', '1000000', '1000001', '-1']),
      fc.constantFrom(...['1e2', ' 3', '', 'true', 'false', 'DESC', ...SORT_DIRECTIONS]),
      fc.constantFrom(...DEVICE_SORT_COLUMNS),
      fc.string({ maxLength: 8 }),
      fc
        .integer({ min: MAX_DEVICE_NAME_LENGTH - 2, max: MAX_DEVICE_NAME_LENGTH + 2 })
        .map((length) => ` ${'m'.repeat(length - 2)} `),
    );
    const name = fc.constantFrom(
      ...['page', 'pageSize', 'orderBy', 'direction', 'search', 'openInviteModal', 'columns', 'x'],
    );
    const search = fc
      .tuple(
        fc.constantFrom('', '?', '??'),
        fc.array(fc.tuple(name, value, fc.boolean()), { maxLength: 6 }),
      )
      .map(
        ([lead, pairs]) =>
          lead +
          pairs
            .map(([key, text, encode]) => `${key}=${encode ? encodeURIComponent(text) : text}`)
            .join('&'),
      );
    const sort = fc.record(
      {
        deviceOrderBy: fc.constantFrom<unknown>(...DEVICE_SORT_COLUMNS, 'nope', 42),
        deviceOrderDirection: fc.constantFrom<unknown>(...SORT_DIRECTIONS, 'sideways', null),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(search, sort, async (query, stored) => {
        const text = JSON.stringify({ token: TOKEN, ...stored });
        const { win, sent } = browser(`/devices/${TEAM}`, query, text);
        vm.runInNewContext(script, { window: win, URLSearchParams });
        expect(sent).toHaveLength(1);
        expect(sent[0]!.url.startsWith(`${API_BASE_URL}/team/${TEAM}/devices?`)).toBe(true);
        expect(sent[0]!.headers).toEqual({ Authorization: `Bearer ${TOKEN}` });
        // The app's own key for this address and stored session, read through the client.
        const request = firstRequestOf(`/devices/${TEAM}`, query, parseSession(text))!;
        const handoff = win[ROUTE_PREFETCH_HANDOFF] as RoutePrefetchHandoff;
        expect(handoff.url).toBe(sent[0]!.url);
        const reading = await readPrefetchedAnswer(
          { ...handoff, response: Promise.resolve(answer(200, deviceList)) },
          request,
          TOKEN,
          { origin: ORIGIN, makeReader: reader },
        );
        expect(reading, `${query} ${text}`).toEqual({ adopted: true, data: deviceList });
      }),
      { numRuns: 200 },
    );
  });

  it('starts the overview and device requests, and none elsewhere or signed out', () => {
    const at = (pathname: string, stored: string | null, search = '') => {
      const { win, sent } = browser(pathname, search, stored);
      routePreloadRuntime(preloadData(), win, readDeviceListAddress);
      return sent.map((s) => s.url);
    };
    expect(at(`/overview/${TEAM}`, session())).toEqual([`/api/v1/team/${TEAM}/overview`]);
    expect(at(`/device/${DEVICE}`, session())).toEqual([`/api/v1/device/${DEVICE}`]);
    expect(at(`/device/${DEVICE}/rename`, session())).toEqual([]);
    expect(at('/account', session())).toEqual([]);
    expect(at('/devices/not-a-uuid', session())).toEqual([]);
    // Signed out, a corrupt or foreign session, a sign-in link: no request.
    expect(at(`/devices/${TEAM}`, null)).toEqual([]);
    expect(at(`/devices/${TEAM}`, '{"token":')).toEqual([]);
    expect(at(`/devices/${TEAM}`, '["token"]')).toEqual([]);
    expect(at(`/devices/${TEAM}`, JSON.stringify({ token: 42 }))).toEqual([]);
    expect(at(`/devices/${TEAM}`, session(), '?loginToken=abc')).toEqual([]);
  });

  it("gives up an early request that never answers at the client's time limit from its start", async () => {
    vi.useFakeTimers();
    try {
      const { win } = browser(`/overview/${TEAM}`, '', session());
      // A server that never answers: like fetch, the request ends only when its signal aborts.
      let aborted = false;
      win.fetch = (_url, init) =>
        new Promise((_resolve, reject) => {
          const signal = init.signal as AbortSignal;
          signal.addEventListener('abort', () => {
            aborted = true;
            reject(new DOMException('aborted', 'AbortError'));
          });
        });
      win.AbortController = AbortController;
      win.setTimeout = (run, ms) => setTimeout(run, ms);
      win.clearTimeout = (timer) => clearTimeout(timer);
      routePreloadRuntime(preloadData(), win, readDeviceListAddress);
      const handoff = win[ROUTE_PREFETCH_HANDOFF] as RoutePrefetchHandoff;
      let settled: unknown = 'pending';
      void handoff.response.then((value) => (settled = value));
      await vi.advanceTimersByTimeAsync(API.timeoutMs - 1);
      expect(settled).toBe('pending');
      await vi.advanceTimersByTimeAsync(1);
      expect(aborted).toBe(true);
      // A failed early request: the app drops it and a waiting page makes its own request.
      expect(settled).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('never sends the token off this origin', () => {
    for (const base of ['https://api.example.com/v1', '//evil.example/api', '/\\evil.example']) {
      const { win, sent } = browser(`/devices/${TEAM}`, '', session());
      const result = routePreloadRuntime(preloadData({ ...API, base }), win, readDeviceListAddress);
      expect(sent).toEqual([]);
      expect(result.request).toBeNull();
      expect(win[ROUTE_PREFETCH_HANDOFF]).toBeUndefined();
    }
  });
});

describe('adopting the early answer', () => {
  const request = firstRequestOf(`/devices/${TEAM}`, '', DEFAULT_SESSION)!;
  const url = `/api/v1/team/${TEAM}/devices?page=1&pageSize=20&orderBy=deviceName&direction=asc`;
  const read = (prefetch: RoutePrefetch, wanted: FirstRequestQuery = request, token = TOKEN) =>
    readPrefetchedAnswer(prefetch, wanted, token, { origin: ORIGIN, makeReader: reader });

  it('uses an answer that passes the contract checks, and nothing else', async () => {
    expect(await read(prefetchOf(url, answer(200, deviceList)))).toEqual({
      adopted: true,
      data: deviceList,
    });
    const dropped = [
      prefetchOf(url, answer(401, { message: 'expired' })),
      prefetchOf(url, answer(200, { devices: 'not a list' })),
      prefetchOf(url, answer(200, deviceList, 'f'.repeat(64))),
      prefetchOf(url, null),
      prefetchOf(url, answer(200, deviceList), 'another-token'),
      prefetchOf(url.replace('page=1', 'page=2'), answer(200, deviceList)),
    ];
    for (const prefetch of dropped) expect((await read(prefetch)).adopted).toBe(false);
    // Another route's request is not this page's answer.
    const overview = firstRequestOf(`/overview/${TEAM}`, '', DEFAULT_SESSION)!;
    expect((await read(prefetchOf(url, answer(200, deviceList)), overview)).adopted).toBe(false);
  });

  it("puts an adopted answer under the page's own query key, without a request", async () => {
    const queryClient = new QueryClient();
    const normal = vi.fn(async () => 'asked again');
    adoptRoutePrefetch(queryClient, prefetchOf(url, answer(200, deviceList)), request, TOKEN, {
      origin: ORIGIN,
      makeReader: reader,
      normal,
      enabled: true,
      currentToken: () => TOKEN,
    });
    const key = ['get', '/team/{teamId}/devices', request.init];
    await vi.waitFor(() => expect(queryClient.getQueryData(key)).toEqual(deviceList));
    expect(normal).not.toHaveBeenCalled();
  });

  it('a stale token: the early 401 is dropped quietly, and a waiting page makes one normal request', async () => {
    const key = ['get', '/team/{teamId}/devices', request.init];
    // No page yet: no request; the query holds no data, so the page asks itself when it mounts.
    const early = new QueryClient();
    const normal = vi.fn(async () => 'asked again');
    adoptRoutePrefetch(early, prefetchOf(url, answer(401, {})), request, TOKEN, {
      origin: ORIGIN,
      makeReader: reader,
      normal,
      enabled: true,
      currentToken: () => TOKEN,
    });
    await vi.waitFor(() => expect(early.getQueryState(key)?.status).toBe('error'));
    expect(early.getQueryData(key)).toBeUndefined();
    expect(normal).not.toHaveBeenCalled();

    // The page already waiting: exactly one request of its own (which reacts as always).
    const waiting = new QueryClient();
    let release: (response: Response) => void = () => {};
    const pending = new Promise<Response>((resolve) => (release = resolve));
    const own = vi.fn(async () => 'own answer');
    adoptRoutePrefetch(waiting, { url, token: TOKEN, response: pending }, request, TOKEN, {
      origin: ORIGIN,
      makeReader: reader,
      normal: own,
      enabled: true,
      currentToken: () => TOKEN,
    });
    const observer = new QueryObserver(waiting, { queryKey: key, retry: false });
    const unsubscribe = observer.subscribe(() => {});
    release(answer(401, {}));
    await vi.waitFor(() => expect(waiting.getQueryData(key)).toBe('own answer'));
    expect(own).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('takes what the script left once, and ignores anything malformed', () => {
    const win: Record<string, unknown> = {
      [ROUTE_PREFETCH_HANDOFF]: { url: '/api/v1/x', token: TOKEN, response: Promise.resolve(null) },
    };
    expect(takeRoutePrefetch(win)?.url).toBe('/api/v1/x');
    expect(takeRoutePrefetch(win)).toBeNull();
    expect(takeRoutePrefetch({ [ROUTE_PREFETCH_HANDOFF]: { url: 1 } })).toBeNull();
    expect(takeRoutePrefetch({ [ROUTE_PREFETCH_HANDOFF]: 'x' })).toBeNull();
  });
});
