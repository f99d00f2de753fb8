import { QueryClient } from '@tanstack/react-query';
import createQueryHooks from 'openapi-react-query';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { components, paths } from '../../generated/api';
import { OPENAPI_HASH } from '../../generated/openapi-hash';
import { createApiClient } from '../../src/api/client';
import {
  ApiError,
  SUBSCRIPTION_MESSAGES,
  errorFromResponse,
  readErrorBody,
  serverDetails,
} from '../../src/api/error-catalogue';
import type {
  ApiErrorBody,
  ErrorBody,
  PaymentRequiredBody,
  SubscriptionConstraint,
} from '../../src/api/error-catalogue';
import { CONTRACT_HASH, HASH_HEADER, readHashHeader } from '../../src/api/hash-header';
import type { HashHeader, OpenapiHash } from '../../src/api/hash-header';
import { $api } from '../../src/api/query';
import { checkAnswer, loadGeneratedValidators } from '../../src/api/response-validation';
import type { ValidatorLoader } from '../../src/api/response-validation';
import { errorExamples, successExamples } from './contract-document';

/*
 * Type-level assertions (expectTypeOf, @ts-expect-error) are checked by `npm run typecheck`
 * (tsconfig includes tests/): a wrong type fails it. The hooks cannot run outside React, so their
 * types are checked in a function that is compiled but never called.
 */

type Device = components['schemas']['Device'];

// Compiled by tsc, never run: the hooks need React.
function hookTypes() {
  const device = $api.useQuery(
    'get',
    '/device/{deviceId}',
    { params: { path: { deviceId: 'de000000-0000-4000-8000-000000000001' } } },
    {
      retry: (_count, error) => {
        expectTypeOf(error).toEqualTypeOf<ApiError>();
        return false;
      },
    },
  );
  expectTypeOf(device.error).toEqualTypeOf<ApiError | null>();
  // The library's data type (its Readable<> view of the generated schema): the same shape.
  expectTypeOf(device.data).toExtend<Device | undefined>();
  expectTypeOf<Device | undefined>().toExtend<typeof device.data>();
  if (device.isError) {
    expectTypeOf(device.error).toEqualTypeOf<ApiError>();
    expectTypeOf(device.error.body).toEqualTypeOf<ErrorBody | PaymentRequiredBody | undefined>();
    expectTypeOf(device.error.constraint).toEqualTypeOf<SubscriptionConstraint | undefined>();
  }

  // select still shapes the data; the error stays ApiError.
  const names = $api.useQuery('get', '/teams', {}, { select: (teams) => teams.map((t) => t.name) });
  expectTypeOf(names.data).toEqualTypeOf<string[] | undefined>();
  expectTypeOf(names.error).toEqualTypeOf<ApiError | null>();

  const rename = $api.useMutation('patch', '/device/{deviceId}/rename', {
    onError: (error) => expectTypeOf(error).toEqualTypeOf<ApiError>(),
  });
  expectTypeOf(rename.error).toEqualTypeOf<ApiError | null>();
  // The init is still checked against the contract: the body needs deviceName.
  // @ts-expect-error deviceName is required by the contract
  rename.mutate({ params: { path: { deviceId: 'x' } }, body: {} });

  const options = $api.queryOptions('get', '/user');
  expectTypeOf(options.queryKey[0]).toEqualTypeOf<'get'>();
  expectTypeOf(options.queryFn).returns.resolves.toEqualTypeOf<components['schemas']['User']>();
}

describe("the query hooks' error type is ApiError", () => {
  it('is declared so (checked by tsc in hookTypes above)', () => {
    expectTypeOf(hookTypes).toBeFunction();
  });

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

describe('error bodies are typed from the contract', () => {
  // Every operation's declared JSON error bodies, from the generated types.
  type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';
  type JsonErrorBodies = {
    [P in keyof paths]: {
      [M in Method]: paths[P][M] extends { responses: infer R }
        ? {
            [S in keyof R]: S extends 200 | 201 | 202 | 204
              ? never
              : R[S] extends { content: { 'application/json': infer B } }
                ? B
                : never;
          }[keyof R]
        : never;
    }[Method];
  }[keyof paths];

  it("ApiError.body is exactly the union of every operation's declared JSON error bodies", () => {
    expectTypeOf<JsonErrorBodies>().toEqualTypeOf<ApiErrorBody>();
    expectTypeOf<ApiErrorBody>().toEqualTypeOf<ErrorBody | PaymentRequiredBody>();
    expectTypeOf<ApiError['body']>().toEqualTypeOf<ApiErrorBody | undefined>();
    // The 402 constraint is the contract's enum, and every value has its message.
    expectTypeOf<SubscriptionConstraint>().toEqualTypeOf<'Overdue' | 'Canceled' | 'Paused'>();
    expectTypeOf<keyof typeof SUBSCRIPTION_MESSAGES>().toEqualTypeOf<SubscriptionConstraint>();
  });

  const examples = errorExamples();
  const json = examples.filter((example) => example.media === 'application/json');
  const unique = [...new Map(json.map((e) => [`${e.status} ${e.name}`, e])).values()];

  it('the contract has JSON error examples to check (400 to 500)', () => {
    expect(new Set(unique.map((e) => e.status))).toEqual(
      new Set([400, 401, 402, 404, 412, 429, 500]),
    );
  });

  it.each(unique.map((e) => [e.status, e.name, e.value] as const))(
    '%s %s: the body is read as the contract declares it',
    (status, _name, value) => {
      const error = errorFromResponse(status, value, { hadToken: true });
      expect(error.body).toEqual(value);
      expect(readErrorBody(status, value)).toEqual(value);
    },
  );

  it('402: the constraint comes from the typed body, with its active-subscription message', () => {
    for (const example of unique.filter((e) => e.status === 402)) {
      const error = errorFromResponse(402, example.value, { hadToken: true });
      const body = error.body;
      if (!body || !('constraint' in body)) throw new Error('402 without its PaymentRequired body');
      expectTypeOf(body).toEqualTypeOf<PaymentRequiredBody>();
      expect(error.constraint).toBe(body.constraint);
      expect(error.message).toBe(SUBSCRIPTION_MESSAGES[body.constraint]);
    }
  });

  it("400: the server's words come from the typed body", () => {
    const error = errorFromResponse(
      400,
      { errors: ['Device name is too long'] },
      { hadToken: true },
    );
    expect(serverDetails(error.body)).toEqual(['Device name is too long']);
    expect(error.message).toBe('There was a problem with this request: Device name is too long');
  });

  it('undeclared fields of an error body are not carried on (the body is exactly the declared shape)', () => {
    const error = errorFromResponse(
      400,
      { errors: ['No'], stackTrace: 'at Db.query (secret.js:1)', owner: 'dana@northwind.example' },
      { hadToken: true },
    );
    expect(error.body).toEqual({ errors: ['No'] });
  });

  it('503: the maintenance page (HTML, no JSON body declared) is recognised from the text; no body', () => {
    const page = examples.find((e) => e.status === 503 && e.media === 'text/html')!;
    const error = errorFromResponse(503, page.value, { hadToken: true });
    expect(error.kind).toBe('maintenance');
    expect(error.body).toBeUndefined();
  });

  it('a 402 whose body is not PaymentRequired has no constraint: the generic sentence', () => {
    const error = errorFromResponse(402, { errors: ['Pay up'] }, { hadToken: true });
    expect([error.kind, error.constraint, error.body]).toEqual([
      'paymentRequired',
      undefined,
      undefined,
    ]);
    expect(error.message).toBe('There was a problem with this request');
  });
});

describe('the openapi-hash header, typed from the generated header component', () => {
  const withHash = (hash?: string) =>
    new Response(null, { headers: hash === undefined ? {} : { [HASH_HEADER]: hash } });

  it('is typed as the component: the literal hash of this build', () => {
    expectTypeOf<OpenapiHash>().toEqualTypeOf<components['headers']['OpenapiHash']>();
    expectTypeOf<OpenapiHash>().toEqualTypeOf<typeof OPENAPI_HASH>();
    expectTypeOf(CONTRACT_HASH).toEqualTypeOf<OpenapiHash>();
    expect(CONTRACT_HASH).toBe(OPENAPI_HASH);
    // Every response of every operation declares the header with this type.
    type HashHeaders = {
      [P in keyof paths]: {
        [M in 'get' | 'put' | 'post' | 'delete' | 'patch']: paths[P][M] extends {
          responses: infer R;
        }
          ? {
              [S in keyof R]: R[S] extends { headers: { 'openapi-hash': infer H } } ? H : 'missing';
            }[keyof R]
          : never;
      }['get' | 'put' | 'post' | 'delete' | 'patch'];
    }[keyof paths];
    expectTypeOf<HashHeaders>().toEqualTypeOf<OpenapiHash>();
  });

  it('reads the current hash, typed as OpenapiHash', () => {
    const read = readHashHeader(withHash(OPENAPI_HASH), CONTRACT_HASH);
    expectTypeOf(read).toEqualTypeOf<HashHeader<OpenapiHash>>();
    expect(read).toEqual({ state: 'current', hash: OPENAPI_HASH });
    if (read.state === 'current') expectTypeOf(read.hash).toEqualTypeOf<OpenapiHash>();
  });

  it("tells a missing header from another contract's hash (which it returns as received)", () => {
    expect(readHashHeader(withHash(), CONTRACT_HASH)).toEqual({ state: 'missing' });
    const other = 'e'.repeat(64);
    const read = readHashHeader(withHash(other), CONTRACT_HASH);
    expect(read).toEqual({ state: 'different', hash: other });
    if (read.state === 'different') expectTypeOf(read.hash).toEqualTypeOf<string>();
  });

  it('is what the client checks: another hash is "New version available."', async () => {
    const client = createApiClient({
      baseUrl: 'http://api.test/api/v1',
      fetch: vi.fn(async () => new Response('[]', { headers: { [HASH_HEADER]: 'e'.repeat(64) } })),
      getToken: () => 'token',
    });
    await expect(client.GET('/teams')).rejects.toMatchObject({ kind: 'outdatedVersion' });
  });
});

describe('validated data already guarantees the unions the screens no longer re-check', () => {
  /** The first named success example of an operation, to break one field of. */
  const example = (operation: string) => {
    const found = successExamples().find((e) => e.operation === operation);
    if (!found) throw new Error(`no example for ${operation}`);
    return structuredClone(found.value) as Record<string, unknown>;
  };
  /** Production checking (no undeclared-field flags): the rule that stops the answer. */
  const rule = async (operation: string, body: unknown) =>
    checkAnswer(await loadGeneratedValidators(operation), operation, 200, body, false).violation
      ?.rule;

  it('a device status or check state the contract does not list never reaches a screen', async () => {
    const device = example('GET /device/{deviceId}');
    expect(await rule('GET /device/{deviceId}', device)).toBeUndefined();
    expect(await rule('GET /device/{deviceId}', { ...device, status: 'retired' })).toMatch(
      /^enum /,
    );
    const claims = structuredClone(device.claims) as { checks: { state: string }[] }[];
    claims[0]!.checks[0]!.state = 'skipped';
    expect(await rule('GET /device/{deviceId}', { ...device, claims })).toMatch(/^enum /);
  });

  it('so do a billing state, an impersonation answer without a token, a malformed invite id', async () => {
    const billing = example('GET /user/billing');
    expect(await rule('GET /user/billing', { ...billing, state: 'Suspended' })).toMatch(/^enum /);
    for (const answer of [{}, { token: '' }, { token: 42 }, null])
      expect(await rule('POST /user/impersonate/email', answer)).toBeDefined();
    const invite = example('POST /team/{teamId}/invite');
    expect(await rule('POST /team/{teamId}/invite', { ...invite, inviteId: 'x' })).toBe(
      'format uuid',
    );
    expect(await rule('GET /team/{teamId}/invite/{inviteId}', { deviceId: '../admin' })).toBe(
      'format uuid',
    );
    expect(await rule('POST /user/2fa', { secret: 'S' })).toBe('required');
  });
});
