import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src/api/client';
import { ApiError } from '../../src/api/error-catalogue';

const HASH = 'a'.repeat(64);

function respond(
  status: number,
  body: unknown,
  headers: Record<string, string> = { 'openapi-hash': HASH },
) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const type = typeof body === 'string' ? 'text/html' : 'application/json';
  return vi.fn<typeof globalThis.fetch>(
    async () =>
      new Response(status === 204 ? null : text, {
        status,
        headers: { 'content-type': type, ...headers },
      }),
  );
}

function make(
  fetch: typeof globalThis.fetch,
  extra: Partial<Parameters<typeof createApiClient>[0]> = {},
) {
  const seen: ApiError[] = [];
  const client = createApiClient({
    baseUrl: 'http://api.test/api/v1',
    fetch,
    expectedHash: HASH,
    getToken: () => 'secret-token',
    onApiError: (e) => seen.push(e),
    ...extra,
  });
  return { client, seen };
}

describe('the API client', () => {
  it('sends the bearer token and returns data when the hash matches', async () => {
    const fetch = respond(200, [
      { id: '7e000000-0000-4000-8000-000000000001', name: 'A', deviceCount: 0 },
    ]);
    const { client } = make(fetch);
    const { data } = await client.GET('/teams');
    expect(data).toHaveLength(1);
    const request = fetch.mock.calls[0]![0] as Request;
    expect(request.headers.get('Authorization')).toBe('Bearer secret-token');
  });

  it('a mismatched hash is "New version available." with the newVersion action', async () => {
    const { client, seen } = make(respond(200, [], { 'openapi-hash': 'b'.repeat(64) }));
    await expect(client.GET('/teams')).rejects.toMatchObject({
      kind: 'outdatedVersion',
      message: 'New version available.',
    });
    expect(seen[0]?.action).toBe('newVersion');
  });

  it('a mismatched hash wins over an error status', async () => {
    const { client } = make(respond(500, {}, { 'openapi-hash': 'c'.repeat(64) }));
    await expect(client.GET('/teams')).rejects.toMatchObject({ kind: 'outdatedVersion' });
  });

  it('an absent hash on a success is a transport problem, not a logout', async () => {
    const { client, seen } = make(respond(200, [], {}));
    await expect(client.GET('/teams')).rejects.toMatchObject({ kind: 'transport' });
    expect(seen[0]?.action).toBe('none');
  });

  it('an absent hash on an error answer (Prism 422, proxies) is mapped by status', async () => {
    const { client } = make(respond(429, {}, {}));
    await expect(client.GET('/teams')).rejects.toMatchObject({ kind: 'tooManyRequests' });
  });

  it('a success that is not JSON (an HTML fallback page) is a transport problem', async () => {
    const { client } = make(respond(200, '<html>app</html>'));
    await expect(client.GET('/teams')).rejects.toMatchObject({
      kind: 'transport',
      message: 'There was a problem communicating with the server.',
    });
  });

  it('401 with a token expires the session', async () => {
    const { client, seen } = make(respond(401, {}));
    await expect(client.GET('/teams')).rejects.toBeInstanceOf(ApiError);
    expect(seen[0]?.action).toBe('expireSession');
  });

  it('503 maintenance page triggers the maintenance action', async () => {
    const { client, seen } = make(respond(503, '<html>Down for maintenance</html>'));
    await expect(client.GET('/teams')).rejects.toMatchObject({ kind: 'maintenance' });
    expect(seen[0]?.action).toBe('maintenance');
  });

  it('a network failure is "Network Error. Please check your internet connection."', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const { client } = make(fetch);
    await expect(client.GET('/teams')).rejects.toMatchObject({ kind: 'network' });
  });

  it('no answer within the timeout is "No response from the server."', async () => {
    // Like fetch(): the init signal, when given, is the one that aborts the request.
    const fetch = (req: Request, init?: RequestInit) =>
      new Promise<Response>((_, reject) => {
        const signal = init?.signal ?? req.signal;
        signal.addEventListener('abort', () => reject(signal.reason));
      });
    const { client } = make(fetch as unknown as typeof globalThis.fetch, { timeoutMs: 20 });
    await expect(client.GET('/teams')).rejects.toMatchObject({
      kind: 'timeout',
      message: 'No response from the server.',
    });
  });

  it('a cancelled request (AbortError) is neither shown nor reported', async () => {
    const fetch = vi.fn(async () => {
      throw new DOMException('The user aborted a request.', 'AbortError');
    });
    const { client, seen } = make(fetch);
    await expect(client.GET('/teams')).rejects.toMatchObject({ kind: 'cancelled' });
    expect(seen).toEqual([]);
  });

  it('the timeout is per request, not per client', async () => {
    const fetch = respond(200, []);
    vi.useFakeTimers();
    try {
      const { client } = make(fetch, { timeoutMs: 30 });
      await vi.advanceTimersByTimeAsync(60);
      await expect(client.GET('/teams')).resolves.toMatchObject({ data: [] });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the client checks every success answer against the contract', () => {
  const TEAM = { id: '7e000000-0000-4000-8000-000000000001', name: 'A', deviceCount: 0 };

  it('a conforming answer is data', async () => {
    const { client, seen } = make(respond(200, [TEAM]));
    await expect(client.GET('/teams')).resolves.toMatchObject({ data: [TEAM] });
    expect(seen).toEqual([]);
  });

  it('a non-conforming answer is an invalidResponse ApiError with operation, path and rule', async () => {
    const violations: unknown[] = [];
    const { client, seen } = make(respond(200, [null]), {
      onContractViolation: (v) => violations.push(v),
    });
    const error = await client.GET('/teams').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'invalidResponse',
      status: 200,
      operation: '/teams',
      report: true,
      message:
        'There was a problem communicating with the server: its answer was not in the expected form.',
      violation: { operation: 'GET /teams', path: '$[0]', rule: 'type: expected object' },
    });
    expect(seen).toHaveLength(1);
    expect(violations).toHaveLength(1);
  });

  it('an answer that is not JSON is an invalidResponse too', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(
      async () =>
        new Response('{"id": ', {
          status: 200,
          headers: { 'content-type': 'application/json', 'openapi-hash': HASH },
        }),
    );
    await expect(make(fetch).client.GET('/teams')).rejects.toMatchObject({
      kind: 'invalidResponse',
      violation: { rule: 'not JSON' },
    });
  });

  it('strict builds flag undeclared fields without failing the request', async () => {
    const violations: { rule: string; path: string }[] = [];
    const { client } = make(respond(200, [{ ...TEAM, extra: 1 }]), {
      strictContract: true,
      onContractViolation: (v) => violations.push(v),
    });
    await expect(client.GET('/teams')).resolves.toMatchObject({ data: [{ ...TEAM, extra: 1 }] });
    expect(violations).toEqual([
      {
        operation: 'GET /teams',
        path: '$[0].extra',
        rule: 'undeclared property',
        undeclared: true,
      },
    ]);
  });

  it("a 401 for a token that is no longer the session's does not end the new session", async () => {
    let token = 'old-token';
    const fetch = vi.fn<typeof globalThis.fetch>(async () => {
      token = 'new-token'; // the session changed while the request was out
      return new Response('{}', {
        status: 401,
        headers: { 'content-type': 'application/json', 'openapi-hash': HASH },
      });
    });
    const { client, seen } = make(fetch, { getToken: () => token });
    await expect(client.GET('/teams')).rejects.toBeInstanceOf(ApiError);
    expect(seen[0]?.action).toBe('none');
  });

  it('a token that cannot be sent in a header is an expired session, not a request that never leaves', async () => {
    const fetch = respond(200, [TEAM]);
    const { client, seen } = make(fetch, { getToken: () => 'bad\ntoken' });
    await expect(client.GET('/teams')).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(seen[0]?.action).toBe('expireSession');
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('QA scenario map', () => {
  it('keeps only well-formed "METHOD /path" → Prefer entries', async () => {
    const { parsePreferMap } = await import('../../src/api/qa-scenarios');
    expect(
      parsePreferMap(
        JSON.stringify({
          'GET /user': 'example=collaborator',
          'POST /user/login': 'code=412',
          'get /user': 'example=x',
          'GET /teams': 42,
          'GET /team/{teamId}/devices': 'example=empty\r\nX-Evil: 1',
        }),
      ),
    ).toEqual({ 'GET /user': 'example=collaborator', 'POST /user/login': 'code=412' });
    expect(parsePreferMap('not json')).toEqual({});
    expect(parsePreferMap('[1]')).toEqual({});
    expect(parsePreferMap(null)).toEqual({});
  });
});
