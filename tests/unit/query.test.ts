import { QueryClient } from '@tanstack/react-query';
import createQueryHooks from 'openapi-react-query';
import { describe, expect, it, vi } from 'vitest';
import { OPENAPI_HASH } from '../../generated/openapi-hash';
import { createApiClient } from '../../src/api/client';
import { ApiError } from '../../src/api/error-catalogue';
import { HASH_HEADER } from '../../src/api/hash-header';
import { isDoneAnyway, singleFlight } from '../../src/api/query';
import type { ValidatorLoader } from '../../src/api/response-validation';

describe('one request per intent', () => {
  it('a second call while the first runs joins it instead of starting another', async () => {
    const slot = { current: null as Promise<number> | null };
    let release!: (value: number) => void;
    const start = vi.fn(() => new Promise<number>((resolve) => (release = resolve)));
    const first = singleFlight(slot, start);
    const second = singleFlight(slot, start);
    expect(second).toBe(first);
    expect(start).toHaveBeenCalledTimes(1);
    release(7);
    await expect(first).resolves.toBe(7);
    // Settled: the next intent is a new request.
    await singleFlight(slot, async () => 8);
    expect(slot.current).toBeNull();
  });

  it('a failed run frees the slot too', async () => {
    const slot = { current: null as Promise<number> | null };
    await expect(singleFlight(slot, async () => Promise.reject(new Error('x')))).rejects.toThrow();
    expect(slot.current).toBeNull();
  });

  it('a DELETE answered 404 is done; other 404s and other errors are not', () => {
    const gone = new ApiError({ kind: 'notFound', status: 404 });
    expect(isDoneAnyway('delete', gone)).toBe(true);
    expect(isDoneAnyway('patch', gone)).toBe(false);
    expect(isDoneAnyway('delete', new ApiError({ kind: 'serverError', status: 500 }))).toBe(false);
  });
});

describe('a query of the hooks rejects with an ApiError, whatever went wrong', () => {
  const TEAMS = [{ id: '7e000000-0000-4000-8000-000000000001', name: 'A', deviceCount: 0 }];
  const answer =
    (status: number, body: unknown, headers: Record<string, string> = {}) =>
    async () =>
      new Response(typeof body === 'string' ? body : JSON.stringify(body), {
        status,
        headers: {
          'content-type': typeof body === 'string' ? 'text/html' : 'application/json',
          [HASH_HEADER]: OPENAPI_HASH,
          ...headers,
        },
      });

  /** What a query of openapi-react-query (the hooks' own query function) rejects with. */
  async function queryFailure(
    fetch: typeof globalThis.fetch,
    extra: { validators?: ValidatorLoader; timeoutMs?: number } = {},
  ) {
    const seen: ApiError[] = [];
    const client = createApiClient({
      baseUrl: 'http://api.test/api/v1',
      fetch,
      getToken: () => 'token',
      onApiError: (error) => seen.push(error),
      ...extra,
    });
    const hooks = createQueryHooks(client);
    const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const failure: unknown = await queries.fetchQuery(hooks.queryOptions('get', '/teams')).then(
      () => null,
      (error: unknown) => error,
    );
    return { failure, seen };
  }

  it.each([
    ['an error status', 'requestProblem', answer(400, { errors: ['No'] })],
    ['a payment problem', 'paymentRequired', answer(402, { constraint: 'Paused' })],
    ['another contract', 'outdatedVersion', answer(200, TEAMS, { [HASH_HEADER]: 'f'.repeat(64) })],
    ['a broken answer', 'invalidResponse', answer(200, [{ id: 1 }])],
    ['no network', 'network', () => Promise.reject(new TypeError('Failed to fetch'))],
  ] as const)('%s: an ApiError of kind %s', async (_case, kind, fetch) => {
    const { failure, seen } = await queryFailure(fetch);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ kind });
    expect(seen).toEqual([failure]);
  });

  it('a validator that cannot load (offline after deploy) is an ApiError, not a raw TypeError', async () => {
    const { failure, seen } = await queryFailure(answer(200, TEAMS), {
      validators: () =>
        Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    });
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ kind: 'network', operation: '/teams' });
    expect(seen).toEqual([failure]);
  });

  it('an answer that breaks off while its body is read is an ApiError, not a raw TypeError', async () => {
    const broken = async () =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('[{"id":'));
            controller.error(new TypeError('terminated'));
          },
        }),
        {
          status: 200,
          headers: { 'content-type': 'application/json', [HASH_HEADER]: OPENAPI_HASH },
        },
      );
    const { failure } = await queryFailure(broken);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ kind: 'network', operation: '/teams' });
  });
});
