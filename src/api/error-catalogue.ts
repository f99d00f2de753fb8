import * as v from 'valibot';
import type { components } from '../../generated/api';
import { ERROR_BODY_BY_STATUS, ERROR_BODY_SCHEMAS } from '../../generated/error-bodies';
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

const GENERIC_REQUEST_PROBLEM = 'There was a problem with this request';
/** SPEC §8's transport message, with the reason a person can act on (try again, or tell support). */
const INVALID_RESPONSE_MESSAGE =
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
    condition:
      'openapi-hash header differs from OPENAPI_HASH (another contract line): reloads once per hash',
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

/** The contract's error bodies (generated/error-bodies.ts), by component name. */
type ErrorBodyName = keyof typeof ERROR_BODY_SCHEMAS;
/** 400 and "other statuses" (SPEC §8): the errors list, or exception, field and message. */
export type ErrorBody = components['schemas']['ErrorBody'];
/** 402: why the account has no active subscription. */
export type PaymentRequiredBody = components['schemas']['PaymentRequired'];
/** Any JSON body the contract declares for an error answer. */
export type ApiErrorBody = components['schemas'][ErrorBodyName];

/** 402 constraints and their active-subscription messages (each shown with a link to billing). */
export const SUBSCRIPTION_MESSAGES = {
  Overdue: 'Your subscription is overdue. An active subscription is required to continue.',
  Canceled: 'Your subscription has been canceled. An active subscription is required to continue.',
  Paused: 'Your subscription is paused. An active subscription is required to continue.',
} as const satisfies Record<PaymentRequiredBody['constraint'], string>;
/** The contract's constraints (a new one in the contract fails tsc above until it has a message). */
export type SubscriptionConstraint = PaymentRequiredBody['constraint'];

export interface ApiErrorInit {
  kind: ErrorKind;
  message?: string;
  status?: number;
  /** The error answer's body, only as the contract declares it (see readErrorBody). */
  body?: ApiErrorBody;
  /** The operation's path template, e.g. /device/{deviceId}; never the concrete URL. */
  operation?: string;
  constraint?: SubscriptionConstraint;
  /** invalidResponse: where the answer broke the contract (operation, JSON path, rule; no values). */
  violation?: ContractViolation;
  /** outdatedVersion: the answer's openapi-hash (another contract line's). */
  hash?: string;
  cause?: unknown;
}

/** The one typed error screens receive. */
export class ApiError extends Error {
  readonly kind: ErrorKind;
  readonly status: number | undefined;
  /**
   * The error answer's JSON body, checked against the contract's schema for its status: `undefined`
   * when there was none or it did not have the declared shape (its content is then not kept).
   */
  readonly body: ApiErrorBody | undefined;
  readonly operation: string | undefined;
  readonly constraint: SubscriptionConstraint | undefined;
  readonly violation: ContractViolation | undefined;
  /** outdatedVersion: the openapi-hash the answer carried. */
  readonly hash: string | undefined;
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
    this.hash = init.hash;
    this.report = row.report;
    this.action = row.action;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * SPEC §8 "other statuses": a status the contract declares no JSON body for (or does not declare)
 * is read as the errors list, or exception, field and message.
 */
const OTHER_STATUSES_BODY: ErrorBodyName = 'ErrorBody';
const BODY_BY_STATUS: Readonly<Record<string, ErrorBodyName>> = ERROR_BODY_BY_STATUS;

/** Which of the contract's error bodies an answer with this status carries. */
function errorBodyNameOf(status: number): ErrorBodyName {
  const code = String(status);
  return BODY_BY_STATUS[code] ?? BODY_BY_STATUS[`${code[0]}XX`] ?? OTHER_STATUSES_BODY;
}

/**
 * The parsed body of an error answer, checked with the generated schema for its status. A body
 * without the declared shape (an HTML page, a proxy's text, a wrong field type) is dropped: what a
 * screen reads is then always the contract's shape, and nothing undeclared is carried on.
 */
export function readErrorBody(status: number, body: unknown): ApiErrorBody | undefined {
  const result = v.safeParse(ERROR_BODY_SCHEMAS[errorBodyNameOf(status)], body);
  return result.success ? result.output : undefined;
}

/** The server's own words: the errors list, else "exception, field: message". */
export function serverDetails(body: ErrorBody | undefined): string[] {
  if (!body) return [];
  const list = (body.errors ?? []).filter((text) => text.trim() !== '');
  if (list.length > 0) return list;
  const parts = [body.exception, body.field, body.message].filter(
    (part): part is string => part !== undefined && part.trim() !== '',
  );
  return parts.length > 0 ? [parts.join(', ')] : [];
}

function looksLikeMaintenancePage(body: unknown): boolean {
  return typeof body === 'string' && /maintenance/i.test(body);
}

/** Map an HTTP error answer (its body as parsed from the wire) to the catalogue. */
export function errorFromResponse(
  status: number,
  received: unknown,
  options: { hadToken: boolean; operation?: string },
): ApiError {
  const body = readErrorBody(status, received);
  const base = { status, body, operation: options.operation };
  if (status === 401 && options.hadToken) return new ApiError({ ...base, kind: 'unauthorized' });
  if (status === 402) {
    // Only a PaymentRequired body has a constraint, and only one of the contract's values.
    const constraint = body && 'constraint' in body ? body.constraint : undefined;
    if (constraint) {
      return new ApiError({
        ...base,
        kind: 'paymentRequired',
        constraint,
        message: SUBSCRIPTION_MESSAGES[constraint],
      });
    }
    return new ApiError({ ...base, kind: 'paymentRequired' });
  }
  if (status === 404) return new ApiError({ ...base, kind: 'notFound' });
  if (status === 429) return new ApiError({ ...base, kind: 'tooManyRequests' });
  if (status === 500) return new ApiError({ ...base, kind: 'serverError' });
  if (status === 503 && looksLikeMaintenancePage(received)) {
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
