import createClient from 'openapi-fetch';
import type { Client, Middleware } from 'openapi-fetch';
import type { paths } from '../../generated/api';
import { OPENAPI_HASH } from '../../generated/openapi-hash';
import { REQUEST_TIMEOUT_MS } from '../lib/constants';
import { getSession } from '../session/session';
import { reportError } from '../telemetry/report';
import { ApiError, errorFromFailure, errorFromResponse } from './error-catalogue';
import { qaPreferMiddleware } from './qa-scenarios';
import { runSessionAction } from './session-actions';

export const HASH_HEADER = 'openapi-hash';

export interface ApiClientOptions {
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
  expectedHash?: string;
  getToken?: () => string | null;
  /** Called once for every ApiError before it is thrown (session actions, error tracking). */
  onApiError?: (error: ApiError) => void;
}

async function readBody(response: Response): Promise<unknown> {
  let text: string;
  try {
    text = await response.clone().text();
  } catch {
    return undefined;
  }
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function createApiClient(options: ApiClientOptions = {}): Client<paths> {
  const {
    baseUrl = '/api/v1',
    timeoutMs = REQUEST_TIMEOUT_MS,
    expectedHash = OPENAPI_HASH,
    getToken = () => getSession().token,
    onApiError = () => {},
  } = options;

  const fail = (error: ApiError): never => {
    onApiError(error);
    throw error;
  };

  const auth: Middleware = {
    onRequest({ request }) {
      const token = getToken();
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      return request;
    },
  };

  // Per request (a client-level signal's timer would start when the client is created).
  // Each request's controller and timer are held here until its answer or failure: a composite
  // signal from AbortSignal.any can be garbage-collected before it fires on some engines.
  const pending = new Map<string, () => void>();
  // The signal also goes to fetch() directly as init.signal: a Request's copy of a signal
  // follows its source only weakly on some engines (undici), and can miss the abort.
  const timeoutSignals = new WeakMap<Request, AbortSignal>();
  const settle = (id: string) => {
    pending.get(id)?.();
    pending.delete(id);
  };
  const timeout: Middleware = {
    onRequest({ request, id }) {
      const controller = new AbortController();
      const timer = setTimeout(
        () =>
          controller.abort(new DOMException('No response within the time limit', 'TimeoutError')),
        timeoutMs,
      );
      const forward = () => controller.abort(request.signal.reason);
      if (request.signal.aborted) forward();
      else request.signal.addEventListener('abort', forward, { once: true });
      pending.set(id, () => {
        clearTimeout(timer);
        request.signal.removeEventListener('abort', forward);
      });
      const next = new Request(request, { signal: controller.signal });
      timeoutSignals.set(next, controller.signal);
      return next;
    },
    onResponse({ id }) {
      settle(id);
      return undefined;
    },
    onError({ id }) {
      settle(id);
      return undefined;
    },
  };

  const errorMapping: Middleware = {
    async onResponse({ request, response, schemaPath }) {
      if (response.ok) return response;
      const body = await readBody(response);
      return fail(
        errorFromResponse(response.status, body, {
          hadToken: request.headers.has('Authorization'),
          operation: schemaPath,
        }),
      );
    },
    onError({ error, schemaPath }) {
      const apiError = errorFromFailure(error, schemaPath);
      if (apiError.kind === 'cancelled') throw apiError;
      return fail(apiError);
    },
  };

  // Registered last so that its onResponse runs first (openapi-fetch runs onResponse in reverse).
  const hashCheck: Middleware = {
    onResponse({ response, schemaPath }) {
      const hash = response.headers.get(HASH_HEADER);
      if (hash !== null && hash !== expectedHash) {
        return fail(
          new ApiError({ kind: 'outdatedVersion', status: response.status, operation: schemaPath }),
        );
      }
      // Prism's own 404/422 and proxies' errors carry no hash: those go on to the error mapping.
      // A success without the hash is a contract violation, not a new version (no logout loop).
      if (hash === null && response.ok) {
        return fail(
          new ApiError({
            kind: 'transport',
            status: response.status,
            operation: schemaPath,
            cause: new Error(`missing ${HASH_HEADER} header`),
          }),
        );
      }
      const type = response.headers.get('content-type') ?? '';
      const hasBody = response.status !== 204 && response.headers.get('content-length') !== '0';
      if (response.ok && hasBody && !type.includes('json')) {
        return fail(
          new ApiError({
            kind: 'transport',
            status: response.status,
            operation: schemaPath,
            cause: new Error(`unexpected content-type ${type}`),
          }),
        );
      }
      return response;
    },
  };

  const baseFetch: typeof globalThis.fetch =
    options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const fetchWithTimeout: typeof globalThis.fetch = (input, init) => {
    const signal = input instanceof Request ? timeoutSignals.get(input) : undefined;
    return baseFetch(input, signal ? { ...init, signal } : init);
  };
  const client = createClient<paths>({ baseUrl, fetch: fetchWithTimeout });
  // onResponse and onError run in reverse order: timeout settles first, then the hash check, then the mapping.
  client.use(auth, errorMapping, hashCheck, timeout);
  return client;
}

/** The app's one client. */
export const client = createApiClient({
  timeoutMs: Number(import.meta.env.VITE_REQUEST_TIMEOUT_MS) || REQUEST_TIMEOUT_MS,
  onApiError(error) {
    if (error.report) reportError(error);
    runSessionAction(error);
  },
});

// QA scenario picking against the Prism mock (dev server, or an explicit QA build only).
if (import.meta.env.DEV || import.meta.env.VITE_QA_SCENARIOS === 'true')
  client.use(qaPreferMiddleware);
