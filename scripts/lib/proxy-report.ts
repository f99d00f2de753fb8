// The readable side of `npm run mock:proxy`: which operation a request is, what Prism (and the
// strict check) found wrong with it, and how that is printed in the terminal. Pure functions, so
// they are tested without a server (tests/tooling/mock-proxy.test.ts).
import { type PathMatcher, pathMatcher } from './contract-rules';
import {
  type JsonObject,
  deref,
  findOperation,
  isObject,
  listOperations,
  objectOr,
  operationParameters,
  valueAt,
} from './openapi-doc';

const PRISM_ERRORS = 'https://stoplight.io/prism/errors#';
export const PROXY_ERRORS = 'https://console.invalid/mock-proxy/errors#';
export const HASH_HEADER = 'openapi-hash';
export const HASH_MEANING =
  'the backend implements another version of openapi/openapi.yaml (or none): the console would say "New version available." and log the user out';

/** An operation of the contract as the proxy matches requests against it (contract-rules.ts matchOperation). */
export interface ProxyOperation extends PathMatcher {
  method: string;
  template: string;
  operationId?: string;
}

/** One violation of the contract in an exchange. */
export interface Violation {
  side: 'request' | 'response';
  where: string;
  rule: string;
  message: string;
  received?: string;
  expected?: string;
  note?: string;
}

/** An HTTP answer: Prism's, or the backend's raw one. */
export interface Exchange {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** The operations of a parsed document, ready to match requests. */
export function proxyOperations(document: unknown): ProxyOperation[] {
  return listOperations(document)
    .filter((op) => op.path.startsWith('/'))
    .map((op) => ({
      method: op.method,
      template: op.path,
      operationId: op.operationId || undefined,
      ...pathMatcher(op.path),
    }));
}

/** "GET /teams (listTeams)" for an operation, the raw method and path otherwise. */
export function operationLabel(
  operation: ProxyOperation | undefined,
  method: string,
  url: string,
): string {
  if (!operation)
    return `${method.toUpperCase()} ${String(url).split('?')[0]} (not in the contract)`;
  return `${operation.method} ${operation.template}${operation.operationId ? ` (${operation.operationId})` : ''}`;
}

/** `$.devices[0].status` for ['devices', '0', 'status']. */
export function jsonPath(segments: readonly (string | number)[]): string {
  return segments.reduce<string>((out, segment) => {
    const text = String(segment);
    if (/^\d+$/.test(text)) return `${out}[${text}]`;
    if (/^[A-Za-z_$][\w$]*$/.test(text)) return `${out}.${text}`;
    return `${out}[${JSON.stringify(text)}]`;
  }, '$');
}

/** A short, printable form of a received value. */
export function shown(value: unknown, max = 80): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The operation object of the contract a proxy operation stands for. */
const operationObject = (document: unknown, operation: ProxyOperation): JsonObject =>
  findOperation(document, `${operation.method} ${operation.template}`)?.operation ?? {};

/** Declared statuses of an operation ("200", "4XX", "default", ...). */
export function declaredStatuses(document: unknown, operation: ProxyOperation): string[] {
  return Object.keys(objectOr(operationObject(document, operation).responses)).filter(
    (key) => !key.startsWith('x-'),
  );
}

/** The response schema for a status and media type, following $refs; undefined if none. */
export function responseSchema(
  document: unknown,
  operation: ProxyOperation,
  status: number,
  contentType = 'application/json',
): unknown {
  const responses = operationObject(document, operation).responses;
  if (!isObject(responses)) return undefined;
  const code = String(status);
  const key = [code, `${code[0]}XX`, `${code[0]}xx`, 'default'].find((k) =>
    Object.hasOwn(responses, k),
  );
  if (!key) return undefined;
  const response = objectOr(deref(document, responses[key]));
  const content = objectOr(response.content);
  const base = (String(contentType).split(';')[0] ?? '').trim().toLowerCase();
  const media = content[base] ?? content['application/json'] ?? Object.values(content)[0];
  return isObject(media) ? media.schema : undefined;
}

/**
 * Strict mode: the JSON paths of fields in `value` that the schema does not declare (objects are
 * open in the contract, so Prism lets them through). An object is checked when its schema (or one
 * of its allOf/oneOf/anyOf parts) lists properties and none allows additional ones.
 */
export function undeclaredFields(
  document: unknown,
  schema: unknown,
  value: unknown,
  at: string[] = [],
): { path: string[]; value: unknown }[] {
  const found: { path: string[]; value: unknown }[] = [];
  const parts: JsonObject[] = [];
  const collect = (node: unknown, seen: Set<unknown>) => {
    const resolved = deref<unknown>(document, node);
    if (!isObject(resolved) || seen.has(resolved)) return;
    seen.add(resolved);
    parts.push(resolved);
    for (const key of ['allOf', 'oneOf', 'anyOf']) {
      if (Array.isArray(resolved[key])) for (const sub of resolved[key]) collect(sub, seen);
    }
  };
  collect(schema, new Set());
  if (parts.length === 0) return found;
  if (Array.isArray(value)) {
    const items = parts.map((part) => part.items).filter((item) => item !== undefined);
    if (items.length === 0) return found;
    value.forEach((item, i) => {
      found.push(...undeclaredFields(document, { anyOf: items }, item, [...at, String(i)]));
    });
    return found;
  }
  if (!isObject(value)) return found;
  const declared = new Map<string, unknown[]>();
  for (const part of parts) {
    for (const [key, sub] of Object.entries(objectOr(part.properties))) {
      declared.set(key, [...(declared.get(key) ?? []), sub]);
    }
  }
  const checked = parts.some((part) => isObject(part.properties));
  const open = parts.some(
    (p) => p.additionalProperties !== undefined && p.additionalProperties !== false,
  );
  const patterns = parts.flatMap((part) =>
    Object.keys(objectOr(part.patternProperties)).map((pattern) => new RegExp(pattern, 'u')),
  );
  for (const [key, item] of Object.entries(value)) {
    const subs = declared.get(key);
    if (subs) found.push(...undeclaredFields(document, { anyOf: subs }, item, [...at, key]));
    else if (checked && !open && !patterns.some((pattern) => pattern.test(key))) {
      found.push({ path: [...at, key], value: item });
    }
  }
  return found;
}

/** Prism lower-cases parameter names in its messages: the contract's spelling instead. */
function parameterName(
  document: unknown,
  operation: ProxyOperation | undefined,
  location: string | undefined,
  name: string,
): string {
  if (!operation) return name;
  const op = findOperation(document, `${operation.method} ${operation.template}`);
  for (const resolved of op ? operationParameters(document, op) : []) {
    if (
      typeof resolved.name === 'string' &&
      resolved.name.toLowerCase() === String(name).toLowerCase() &&
      (location === undefined || resolved.in === location)
    ) {
      return resolved.name;
    }
  }
  return name;
}

export function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/**
 * Every violation of one exchange, from Prism's answer, the backend's raw answer (the tap's
 * record; undefined when the request never reached the backend) and the strict check:
 * [{ side: 'request'|'response', where, rule, message, received?, expected?, note? }].
 * `replace` is true when Prism let the answer through although it violates the contract
 * (an undeclared status, or an undeclared field in strict mode): the proxy then answers 500.
 */
export function findViolations({
  document,
  operation,
  prism,
  backend,
  strict = false,
  expectedHash,
}: {
  document: unknown;
  operation: ProxyOperation | undefined;
  prism: Exchange;
  backend?: Exchange;
  strict?: boolean;
  expectedHash: string;
}): { violations: Violation[]; replace: boolean } {
  const violations: Violation[] = [];
  let replace = false;
  let listed: JsonObject[] = [];
  const header = prism.headers['sl-violations'];
  if (typeof header === 'string') {
    const parsed = parseJson(header);
    if (parsed.ok && Array.isArray(parsed.value)) listed = parsed.value.filter(isObject);
  }
  const contentType = String(prism.headers['content-type'] ?? '');
  let problem: JsonObject | undefined;
  if (contentType.includes('problem+json')) {
    const parsed = parseJson(prism.body);
    if (parsed.ok && isObject(parsed.value)) problem = parsed.value;
  }
  const fromPrism = typeof problem?.type === 'string' && problem.type.startsWith(PRISM_ERRORS);
  if (listed.length === 0 && Array.isArray(problem?.validation)) {
    listed = problem.validation.filter(isObject);
  }
  const backendBody =
    backend && String(backend.headers['content-type'] ?? '').includes('json')
      ? parseJson(backend.body)
      : ({ ok: false } as const);

  for (const entry of listed) {
    const location = Array.isArray(entry.location) ? entry.location.map(String) : [];
    const side = location[0] === 'response' ? 'response' : 'request';
    const rest = side === 'response' ? location.slice(1) : location;
    const [part, ...segments] = rest;
    const message = String(entry.message ?? '');
    if (side === 'response' && rest.length === 0 && /status code/i.test(message)) {
      const declared = operation ? declaredStatuses(document, operation) : [];
      violations.push({
        side,
        where: `status ${backend?.status ?? prism.status}`,
        rule: 'undeclared-status',
        message: `${backend?.status ?? prism.status} is not declared for this operation (declared: ${declared.join(', ')})`,
      });
      replace = true;
      continue;
    }
    const isHash =
      side === 'response' &&
      part === 'header' &&
      (segments[0] === HASH_HEADER || message.includes(`'${HASH_HEADER}'`));
    if (isHash) {
      const received = backend?.headers[HASH_HEADER];
      violations.push({
        side,
        where: `header ${HASH_HEADER}`,
        rule: String(entry.code ?? 'hash'),
        message:
          received === undefined ? 'the contract hash header is missing' : 'wrong contract hash',
        expected: expectedHash,
        received: received === undefined ? '(no header)' : String(received),
        note: HASH_MEANING,
      });
      continue;
    }
    let where = part ?? '';
    const missing = /must have required property '([^']+)'/.exec(message)?.[1];
    if (part === 'body') {
      where = `body ${jsonPath(missing && entry.code === 'required' ? [...segments, missing] : segments)}`;
    } else if (segments.length > 0) {
      where = `${part} ${segments.map((name) => parameterName(document, operation, part, name)).join('.')}`;
    }
    const violation: Violation = { side, where, rule: String(entry.code ?? 'invalid'), message };
    if (side === 'response' && part === 'body' && backendBody.ok && entry.code !== 'required') {
      violation.received = shown(valueAt(backendBody.value, segments));
    }
    if (side === 'request') violation.note = 'the request never reached the backend';
    violations.push(violation);
  }

  // Prism answered itself (it did not pass the backend's answer through).
  const sameJson = () => {
    if (!backend) return false;
    const a = parseJson(backend.body);
    const b = parseJson(prism.body);
    return a.ok && b.ok && JSON.stringify(a.value) === JSON.stringify(b.value);
  };
  const passedThrough =
    backend !== undefined &&
    backend.status === prism.status &&
    (backend.body === prism.body || sameJson());
  if (listed.length === 0 && problem && !passedThrough && prism.status >= 400) {
    // Prism's own answers without a validation list: unknown route, no auth, a body that is not
    // JSON ({"type":"FetchError","title":"invalid json response body ..."}), ...
    const kind = fromPrism
      ? String(problem.type).slice(PRISM_ERRORS.length)
      : String(problem.type ?? 'error');
    violations.push({
      side: backend ? 'response' : 'request',
      where: backend ? 'body' : 'route',
      rule: kind,
      message: [problem.title, problem.detail].filter(Boolean).join(': '),
      ...(backend
        ? { received: shown(backend.body) }
        : { note: 'the request never reached the backend' }),
    });
  }

  if (strict && operation && backend && backendBody.ok) {
    const schema = responseSchema(
      document,
      operation,
      backend.status,
      String(backend.headers['content-type'] ?? 'application/json'),
    );
    if (schema !== undefined) {
      for (const field of undeclaredFields(document, schema, backendBody.value)) {
        violations.push({
          side: 'response',
          where: `body ${jsonPath(field.path)}`,
          rule: 'undeclared-field',
          message: 'not declared in the response schema (strict mode)',
          received: shown(field.value),
        });
        replace = true;
      }
    }
  }
  replace = replace && passedThrough;
  return { violations, replace };
}

/** The answer the proxy gives instead of one Prism let through although it violates. */
export function replacementAnswer(violations: Violation[]) {
  return {
    type: `${PROXY_ERRORS}VIOLATIONS`,
    title: 'Response not valid',
    status: 500,
    detail:
      'The backend answered with a status or a field the contract does not declare; mock:proxy treats that as an error.',
    validation: violations.map((v) => ({
      location: [v.side, ...v.where.split(' ')],
      severity: 'Error',
      code: v.rule,
      message: v.message,
    })),
  };
}

/**
 * The terminal lines for one exchange: one headline, then one line per violation (and a line for
 * the expected and received hash).
 */
export function formatExchange({
  id,
  label,
  backendStatus,
  status,
  violations,
}: {
  id: string;
  label: string;
  backendStatus?: number;
  status: number;
  violations: Violation[];
}): string[] {
  const reached =
    backendStatus === undefined ? 'not sent to the backend' : `backend ${backendStatus}`;
  if (violations.length === 0) return [`✔ [${id}] ${label} → ${status}`];
  return [
    `✖ [${id}] ${label} → ${reached}, answered ${status}: ${violations.length} violation(s)`,
    ...violations.flatMap(formatViolation),
  ];
}

/** The lines of one violation (and of the expected and received hash), indented under a headline. */
export function formatViolation(v: Violation): string[] {
  const received =
    v.received !== undefined && v.expected === undefined ? ` · received ${v.received}` : '';
  const lines = [`    ✖ ${v.side} ${v.where} · ${v.rule}: ${v.message}${received}`];
  if (v.expected !== undefined) {
    lines.push(`      expected hash ${v.expected}`);
    lines.push(`      received hash ${v.received}`);
  }
  if (v.note) lines.push(`      (${v.note})`);
  return lines;
}

/**
 * The lines for one call of `npm run contract:verify`: the headline with the server's status, then
 * one line per violation, as for the proxy.
 */
export function formatCall({
  id,
  label,
  status,
  violations,
  note,
}: {
  id: string;
  label: string;
  status?: number;
  violations: Violation[];
  note?: string;
}): string[] {
  const what = `[${id}] ${label} → ${status ?? 'no answer'}${note ? ` · ${note}` : ''}`;
  if (violations.length === 0) return [`✔ ${what}`];
  return [`✖ ${what}: ${violations.length} violation(s)`, ...violations.flatMap(formatViolation)];
}
