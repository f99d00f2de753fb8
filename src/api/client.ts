import createClient from 'openapi-fetch';
import type { Client, Middleware } from 'openapi-fetch';
import type { paths } from '../../generated/api';
import { API_BASE_URL, REQUEST_TIMEOUT_MS } from '../lib/constants';
import { isSendableToken } from '../lib/token';
import { getSession } from '../session/session';
import { reportError } from '../telemetry/report';
import { ApiError, errorFromFailure, errorFromResponse, isApiError } from './error-catalogue';
import { CONTRACT_HASH, HASH_HEADER, readHashHeader } from './hash-header';
import { qaPreferMiddleware } from './qa-scenarios';
import { loadGeneratedValidators, responseValidation } from './response-validation';
import type { ContractViolation, ValidatorLoader } from './response-validation';
import { runSessionAction } from './session-actions';

export interface ApiClientOptions {
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
  expectedHash?: string;
  getToken?: () => string | null;
  /** Called once for every ApiError before it is thrown (session actions, error tracking). */
  onApiError?: (error: ApiError) => void;
  /** Response validators per "METHOD /path" (default: the generated ones, loaded lazily). */
  validators?: ValidatorLoader;
  /** Development and test builds: undeclared fields in answers are flagged too. */
  strictContract?: boolean;
  /** Every contract violation, including undeclared fields (which do not fail the request). */
  onContractViolation?: (violation: ContractViolation) => void;
}

function bearerOf(request: Request): string | null {
  const header = request.headers.get('Authorization');
  return header?.startsWith('Bearer ') ? header.slice(7) : null;
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
    baseUrl = API_BASE_URL,
    timeoutMs = REQUEST_TIMEOUT_MS,
    expectedHash = CONTRACT_HASH,
    getToken = () => getSession().token,
    onApiError = () => {},
    validators = loadGeneratedValidators,
    strictContract = false,
    onContractViolation = () => {},
  } = options;

  const fail = (error: ApiError): never => {
    onApiError(error);
    throw error;
  };

  const auth: Middleware = {
    onRequest({ request, schemaPath }) {
      // A request that already names its token (logout after the session was cleared) keeps it.
      if (request.headers.has('Authorization')) return request;
      const token = getToken();
      if (!token) return request;
      // The session never holds such a token (rejected where it enters); should one get through,
      // it is an expired session, not a request that fails forever before it is sent.
      if (!isSendableToken(token))
        return fail(new ApiError({ kind: 'unauthorized', operation: schemaPath }));
      request.headers.set('Authorization', `Bearer ${token}`);
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
      // A 401 ends the session only when the request carried the session's current token: a
      // late answer for a token already logged out (or replaced) must not log out the new one.
      const sent = bearerOf(request);
      return fail(
        errorFromResponse(response.status, body, {
          hadToken: sent !== null && sent === getToken(),
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
      const hash = readHashHeader(response, expectedHash);
      if (hash.state === 'different') {
        return fail(
          new ApiError({
            kind: 'outdatedVersion',
            status: response.status,
            operation: schemaPath,
            hash: hash.hash,
          }),
        );
      }
      // Prism's own 404/422 and proxies' errors carry no hash: those go on to the error mapping.
      // A success without the hash is a contract violation, not a new version (no logout loop).
      if (hash.state === 'missing' && response.ok) {
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

  const validation = responseValidation({
    load: validators,
    strict: strictContract,
    onViolation(violation, status) {
      onContractViolation(violation);
      return fail(
        new ApiError({
          kind: 'invalidResponse',
          status,
          operation: violation.operation.slice(violation.operation.indexOf(' ') + 1),
          violation,
        }),
      );
    },
    onUndeclared: onContractViolation,
  });

  const baseFetch: typeof globalThis.fetch =
    options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const fetchWithTimeout: typeof globalThis.fetch = (input, init) => {
    const signal = input instanceof Request ? timeoutSignals.get(input) : undefined;
    return baseFetch(input, signal ? { ...init, signal } : init);
  };
  const client = createClient<paths>({ baseUrl, fetch: fetchWithTimeout });
  // onResponse and onError run in reverse order: timeout settles first, then the hash check, then
  // the mapping of error statuses, then the contract check of success answers.
  client.use(auth, validation, errorMapping, hashCheck, timeout);
  // The last guard: whatever the middleware did not map (a validator chunk that cannot load, an
  // answer that breaks off while its body is read) is mapped here, so that every rejection is an
  // ApiError, as the query hooks' error type says.
  return rejectingWithApiErrors(client, (failure, operation) => {
    if (isApiError(failure)) return failure;
    const error = errorFromFailure(failure, operation);
    if (error.kind !== 'cancelled') onApiError(error);
    return error;
  });
}

const CALLS = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'] as const;
type AnyCall = (path: string, init?: unknown) => Promise<unknown>;

/** The same client, whose calls reject with what `toApiError` makes of any failure. */
function rejectingWithApiErrors(
  client: Client<paths>,
  toApiError: (failure: unknown, operation: string) => ApiError,
): Client<paths> {
  // openapi-fetch's calls are async (they never throw synchronously): a rejection is all to map.
  const mapped = (path: string, pending: Promise<unknown>) =>
    pending.catch((failure: unknown) => {
      throw toApiError(failure, path);
    });
  // One signature for the generic ones: the wrappers pass their arguments through unchanged.
  const request = client.request as (
    method: string,
    path: string,
    init?: unknown,
  ) => Promise<unknown>;
  const guarded: Client<paths> = { ...client };
  Object.assign(guarded, {
    request: (method: string, path: string, init?: unknown) =>
      mapped(path, request(method, path, init)),
  });
  for (const name of CALLS) {
    const call = client[name] as AnyCall;
    Object.assign(guarded, {
      [name]: (path: string, init?: unknown) => mapped(path, call(path, init)),
    });
  }
  return guarded;
}

/**
 * Development and test builds (`VITE_STRICT_CONTRACT=true`, set by `npm run test:e2e`) also flag
 * undeclared fields, and name every violation in the console, where the e2e fixture collects them.
 */
const STRICT_CONTRACT = import.meta.env.DEV || import.meta.env.VITE_STRICT_CONTRACT === 'true';
const CONTRACT_VIOLATION_MARK = '[contract violation]';
// A strict build says so on the page: the e2e suite refuses to run against a build that is not.
if (STRICT_CONTRACT && typeof document !== 'undefined')
  document.documentElement.setAttribute('data-strict-contract', '');

/** The app's client's contract checks (timeout, strictness, where violations are named). */
export const APP_CONTRACT_OPTIONS = {
  timeoutMs: Number(import.meta.env.VITE_REQUEST_TIMEOUT_MS) || REQUEST_TIMEOUT_MS,
  strictContract: STRICT_CONTRACT,
  onContractViolation(violation: ContractViolation) {
    if (!STRICT_CONTRACT) return;
    console.error(
      `${CONTRACT_VIOLATION_MARK} ${violation.operation} ${violation.path}: ${violation.rule}`,
    );
  },
} satisfies ApiClientOptions;

/** The app's one client. */
export const client = createApiClient({
  ...APP_CONTRACT_OPTIONS,
  onApiError(error) {
    if (error.report) reportError(error);
    runSessionAction(error);
  },
});

/**
 * QA builds pick the mock's answers per request (a header the route-preload script's early request
 * does not send): no early answer is adopted there.
 */
export const QA_SCENARIOS = import.meta.env.DEV || import.meta.env.VITE_QA_SCENARIOS === 'true';

// QA scenario picking against the Prism mock (dev server, or an explicit QA build only).
if (QA_SCENARIOS) client.use(qaPreferMiddleware);
