import type { ContractViolation } from './response-validation';

/**
 * SPEC §8 as ONE table: every condition the client can meet, the message a person sees,
 * whether it is reported to error tracking, and the session-wide action it triggers.
 */
export type ErrorKind =
  | 'unauthorized'
  | 'paymentRequired'
  | 'notFound'
  | 'tooManyRequests'
  | 'serverError'
  | 'maintenance'
  | 'requestProblem'
  | 'network'
  | 'timeout'
  | 'transport'
  | 'invalidResponse'
  | 'outdatedVersion'
  | 'cancelled';

/** What happens to the whole session, decided here and carried out in one place (session-actions.ts). */
export type SessionAction = 'none' | 'expireSession' | 'newVersion' | 'maintenance';

export interface CatalogueRow {
  /** How this condition is recognised, for people reading the table. */
  condition: string;
  message: string;
  report: boolean;
  action: SessionAction;
}

export const GENERIC_REQUEST_PROBLEM = 'There was a problem with this request';
/** SPEC §8's transport message, with the reason a person can act on (try again, or tell support). */
export const INVALID_RESPONSE_MESSAGE =
  'There was a problem communicating with the server: its answer was not in the expected form.';

export const ERROR_CATALOGUE: Readonly<Record<ErrorKind, CatalogueRow>> = {
  unauthorized: {
    condition: '401 on a request that carried a session token',
    message: 'Authentication expired. Please login again.',
    report: false,
    action: 'expireSession',
  },
  paymentRequired: {
    condition: '402, message chosen by the body constraint (Overdue, Canceled, Paused)',
    message: GENERIC_REQUEST_PROBLEM,
    report: false,
    action: 'none',
  },
  notFound: {
    condition: '404',
    message: 'The requested item was not found.',
    report: false,
    action: 'none',
  },
  tooManyRequests: {
    condition: '429',
    message: 'Too many requests. Please try again in a few minutes.',
    report: false,
    action: 'none',
  },
  serverError: {
    condition: '500',
    message: 'Internal server error.',
    report: true,
    action: 'none',
  },
  maintenance: {
    condition: '503 whose body is the maintenance page',
    message: 'Offline for maintenance. Please try again in a few minutes.',
    report: false,
    action: 'maintenance',
  },
  requestProblem: {
    condition: 'any other status: the server errors list, or exception, field and message',
    message: GENERIC_REQUEST_PROBLEM,
    report: true,
    action: 'none',
  },
  network: {
    condition: 'fetch rejected with a TypeError (offline, DNS, refused)',
    message: 'Network Error. Please check your internet connection.',
    report: false,
    action: 'none',
  },
  timeout: {
    condition: 'no answer within the request timeout (TimeoutError)',
    message: 'No response from the server.',
    report: true,
    action: 'none',
  },
  transport: {
    condition: 'any other transport failure: unreadable answer, missing openapi-hash on a success',
    message: 'There was a problem communicating with the server.',
    report: true,
    action: 'none',
  },
  invalidResponse: {
    condition:
      'a success answer that breaks the contract (checked by the generated validators): the error names the operation, the JSON path and the rule',
    message: INVALID_RESPONSE_MESSAGE,
    report: true,
    action: 'none',
  },
  outdatedVersion: {
    condition: 'openapi-hash header differs from OPENAPI_HASH',
    message: 'New version available.',
    report: false,
    action: 'newVersion',
  },
  cancelled: {
    condition: 'the request was aborted by the app (AbortError): not an error to show',
    message: '',
    report: false,
    action: 'none',
  },
};

/** 402 constraints and their active-subscription messages (each shown with a link to billing). */
export const SUBSCRIPTION_MESSAGES = {
  Overdue: 'Your subscription is overdue. An active subscription is required to continue.',
  Canceled: 'Your subscription has been canceled. An active subscription is required to continue.',
  Paused: 'Your subscription is paused. An active subscription is required to continue.',
} as const;
export type SubscriptionConstraint = keyof typeof SUBSCRIPTION_MESSAGES;

export interface ApiErrorInit {
  kind: ErrorKind;
  message?: string;
  status?: number;
  body?: unknown;
  /** The operation's path template, e.g. /device/{deviceId}; never the concrete URL. */
  operation?: string;
  constraint?: SubscriptionConstraint;
  /** invalidResponse: where the answer broke the contract (operation, JSON path, rule; no values). */
  violation?: ContractViolation;
  cause?: unknown;
}

/** The one typed error screens receive. */
export class ApiError extends Error {
  readonly kind: ErrorKind;
  readonly status: number | undefined;
  readonly body: unknown;
  readonly operation: string | undefined;
  readonly constraint: SubscriptionConstraint | undefined;
  readonly violation: ContractViolation | undefined;
  readonly report: boolean;
  readonly action: SessionAction;

  constructor(init: ApiErrorInit) {
    const row = ERROR_CATALOGUE[init.kind];
    super(init.message ?? row.message, { cause: init.cause });
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status;
    this.body = init.body;
    this.operation = init.operation;
    this.constraint = init.constraint;
    this.violation = init.violation;
    this.report = row.report;
    this.action = row.action;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** The server's own words: the errors list, else "exception, field: message". */
export function serverDetails(body: unknown): string[] {
  const record = asRecord(body);
  if (!record) return [];
  if (Array.isArray(record.errors)) {
    const list = record.errors
      .map((item) => {
        if (typeof item === 'string') return item;
        const entry = asRecord(item);
        if (!entry) return '';
        const message = typeof entry.message === 'string' ? entry.message : '';
        const field = typeof entry.field === 'string' ? entry.field : '';
        return field && message ? `${field}: ${message}` : message;
      })
      .filter((text) => text.trim() !== '');
    if (list.length > 0) return list;
  }
  const parts = (['exception', 'field', 'message'] as const)
    .map((key) => record[key])
    .filter((value): value is string => typeof value === 'string' && value.trim() !== '');
  return parts.length > 0 ? [parts.join(', ')] : [];
}

export function looksLikeMaintenancePage(body: unknown): boolean {
  return typeof body === 'string' && /maintenance/i.test(body);
}

/** Map an HTTP error answer to the catalogue. */
export function errorFromResponse(
  status: number,
  body: unknown,
  options: { hadToken: boolean; operation?: string },
): ApiError {
  const base = { status, body, operation: options.operation };
  if (status === 401 && options.hadToken) return new ApiError({ ...base, kind: 'unauthorized' });
  if (status === 402) {
    const constraint = asRecord(body)?.constraint;
    if (typeof constraint === 'string' && constraint in SUBSCRIPTION_MESSAGES) {
      const known = constraint as SubscriptionConstraint;
      return new ApiError({
        ...base,
        kind: 'paymentRequired',
        constraint: known,
        message: SUBSCRIPTION_MESSAGES[known],
      });
    }
    return new ApiError({ ...base, kind: 'paymentRequired' });
  }
  if (status === 404) return new ApiError({ ...base, kind: 'notFound' });
  if (status === 429) return new ApiError({ ...base, kind: 'tooManyRequests' });
  if (status === 500) return new ApiError({ ...base, kind: 'serverError' });
  if (status === 503 && looksLikeMaintenancePage(body)) {
    return new ApiError({ ...base, kind: 'maintenance' });
  }
  const details = serverDetails(body);
  return new ApiError({
    ...base,
    kind: 'requestProblem',
    message:
      details.length > 0
        ? `${GENERIC_REQUEST_PROBLEM}: ${details.join('; ')}`
        : GENERIC_REQUEST_PROBLEM,
  });
}

/** Map a fetch rejection to the catalogue. */
export function errorFromFailure(error: unknown, operation?: string): ApiError {
  if (isApiError(error)) return error;
  const name =
    typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : '';
  if (name === 'TimeoutError') return new ApiError({ kind: 'timeout', operation, cause: error });
  if (name === 'AbortError') return new ApiError({ kind: 'cancelled', operation, cause: error });
  if (error instanceof TypeError) return new ApiError({ kind: 'network', operation, cause: error });
  return new ApiError({ kind: 'transport', operation, cause: error });
}

/** What a screen shows for any thrown value. */
export function messageOf(error: unknown): string {
  if (isApiError(error)) return error.message;
  return ERROR_CATALOGUE.transport.message;
}
