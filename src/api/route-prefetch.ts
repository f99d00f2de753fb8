import type { QueryClient, QueryFunctionContext } from '@tanstack/react-query';
import type { Client } from 'openapi-fetch';
import type { paths } from '../../generated/api';
import { ROUTE_PREFETCH_HANDOFF } from '../lib/constants';
import { getSession } from '../session/session';
import { APP_CONTRACT_OPTIONS, QA_SCENARIOS, createApiClient } from './client';
import { ApiError } from './error-catalogue';
import { $api } from './query';

// The route's first request, started by the build's route-preload script before the app's code
// arrived (scripts/lib/route-preload/runtime.ts), adopted here when the app starts: its answer goes
// through the same contract checks as any other (openapi-hash, status, content type, the operation's
// validator) and becomes the TanStack Query cache entry of the page's own query. When anything is
// off (another address or token, a failed request, a 401, an answer that breaks the contract) it is
// dropped without any reaction, and the page's request is made as usual: the normal path alone
// reacts (one 401 handling, one message).

/** What the preload script left: the request's address (a path of this origin), its token, its answer. */
export interface RoutePrefetch {
  url: string;
  token: string;
  response: Promise<unknown>;
}

/** The page's first request, as its query names it: openapi-react-query's [method, path, init]. */
export interface FirstRequestQuery {
  path: string;
  init: Record<string, unknown>;
}

/** Takes (once) what the preload script left on `win`; anything malformed is nothing. */
export function takeRoutePrefetch(win: object): RoutePrefetch | null {
  const holder = win as Record<string, unknown>;
  const value = holder[ROUTE_PREFETCH_HANDOFF];
  if (value === undefined) return null;
  try {
    delete holder[ROUTE_PREFETCH_HANDOFF];
  } catch {
    holder[ROUTE_PREFETCH_HANDOFF] = undefined;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { url, token, response } = value as Partial<RoutePrefetch>;
  if (typeof url !== 'string' || typeof token !== 'string' || !(response instanceof Promise))
    return null;
  return { url, token, response };
}

/** The outcome of reading an early answer: its data, or why it is not used. */
type PrefetchReading = { adopted: true; data: unknown } | { adopted: false; reason: string };

/**
 * A client with the app's contract checks and no reactions, whose one "request" is the early
 * answer, handed over only when the client would send exactly the request the script sent.
 */
export type ReaderFactory = (fetch: typeof globalThis.fetch) => Client<paths>;

const appReader: ReaderFactory = (fetch) =>
  createApiClient({ ...APP_CONTRACT_OPTIONS, fetch, getToken: () => null, onApiError: () => {} });

/**
 * Reads the early answer for `request` with `token` (the session's): the data when it passed every
 * check the app's client makes; otherwise why not. Never reacts to anything (no logout, no report).
 */
export async function readPrefetchedAnswer(
  prefetch: RoutePrefetch,
  request: FirstRequestQuery,
  token: string,
  { origin, makeReader = appReader }: { origin: string; makeReader?: ReaderFactory },
): Promise<PrefetchReading> {
  if (prefetch.token !== token) return { adopted: false, reason: 'another token' };
  let mismatch: string | null = null;
  const handOver: typeof globalThis.fetch = async (input) => {
    const asked = input instanceof Request ? input.url : String(input);
    if (asked !== new URL(prefetch.url, origin).href) {
      mismatch = 'another request';
      throw new Error(mismatch);
    }
    const response = await prefetch.response;
    if (!(response instanceof Response)) {
      mismatch = 'the early request failed';
      throw new Error(mismatch);
    }
    return response;
  };
  const reader = makeReader(handOver);
  const call = reader.GET as (
    path: string,
    init: Record<string, unknown>,
  ) => Promise<{ data?: unknown; error?: unknown }>;
  try {
    const { data, error } = await call(request.path, {
      ...request.init,
      headers: { Authorization: `Bearer ${token}` },
    });
    if (error !== undefined) return { adopted: false, reason: 'an error answer' };
    return { adopted: true, data };
  } catch (failure) {
    return {
      adopted: false,
      reason: mismatch ?? (failure instanceof Error ? failure.message : 'a failed answer'),
    };
  }
}

type Fetcher = (context: QueryFunctionContext) => Promise<unknown>;

/**
 * Starts the page's query now, fed by the early answer when it is usable (the page's useQuery then
 * finds it in the cache, or joins it in flight), else left to the page's own request (the app's
 * client: the normal reactions). Nothing is started without an early request.
 */
export function adoptRoutePrefetch(
  queryClient: QueryClient,
  prefetch: RoutePrefetch | null,
  request: FirstRequestQuery | null,
  token: string | null,
  {
    origin = globalThis.location?.origin ?? 'http://localhost',
    makeReader = appReader,
    normal,
    currentToken = () => getSession().token,
    enabled = !QA_SCENARIOS,
  }: {
    origin?: string;
    makeReader?: ReaderFactory;
    /** The page's own request (default: the query's, through the app's client) */
    normal?: Fetcher;
    currentToken?: () => string | null;
    enabled?: boolean;
  } = {},
): void {
  if (!enabled || !prefetch || !request || token === null) return;
  const options = $api.queryOptions(
    'get',
    request.path as '/device/{deviceId}',
    request.init as never,
  );
  const queryKey = options.queryKey as readonly unknown[];
  if (queryClient.getQueryState(queryKey)) return;
  const normalRequest: Fetcher = normal ?? (options.queryFn as unknown as Fetcher);
  void queryClient.prefetchQuery({
    queryKey,
    retry: false,
    queryFn: async (context) => {
      const reading = await readPrefetchedAnswer(prefetch, request, token, { origin, makeReader });
      if (reading.adopted) return reading.data;
      // Not usable. A page already waiting for it gets its own request now, through the app's
      // client (its reactions, once); with no page there yet (the usual case: the answer came
      // before the page's code), nothing is asked: the query fails quietly without data, and the
      // page, should it mount, asks itself (a query without data fetches when it mounts). Signed
      // out meanwhile (a 401 elsewhere), nothing is asked either.
      const waiting =
        queryClient.getQueryCache().find({ queryKey, exact: true })?.getObserversCount() ?? 0;
      if (waiting > 0 && currentToken() === token) return normalRequest(context);
      throw new ApiError({
        kind: 'cancelled',
        operation: request.path,
        cause: new Error(`early answer not adopted: ${reading.reason}`),
      });
    },
  });
}
