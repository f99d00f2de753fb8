import * as v from 'valibot';
import type { Middleware } from 'openapi-fetch';
import { RESPONSE_VALIDATORS } from '../../generated/response-validators';
import type { OperationValidators } from '../../generated/response-validators';

/**
 * Runtime response validation: every success answer is checked against the contract's schema of
 * its operation and status before any screen sees it. The validators are generated
 * (`npm run generate`, scripts/lib/validators.ts), one lazily loaded module per operation.
 */

/** Where an answer broke the contract, in words safe to show and to report (never the values). */
export interface ContractViolation {
  /** "GET /device/{deviceId}" */
  operation: string;
  /** JSON path into the body, e.g. $.devices[3].claims */
  path: string;
  /** The broken rule, in JSON Schema words: "required", "type: expected Object", "format uuid", ... */
  rule: string;
  /** An undeclared field (flagged in development and test builds only); the answer is still used. */
  undeclared?: boolean;
}

export type ValidatorLoader = (key: string) => Promise<OperationValidators | undefined>;

const cache = new Map<string, Promise<OperationValidators | undefined>>();

/** The generated table, each operation's module loaded once. */
export const loadGeneratedValidators: ValidatorLoader = (key) => {
  let loading = cache.get(key);
  if (!loading) {
    const load = RESPONSE_VALIDATORS[key];
    loading = load ? load() : Promise.resolve(undefined);
    // A failed chunk load is not remembered: the next answer tries again.
    loading.catch(() => cache.delete(key));
    cache.set(key, loading);
  }
  return loading;
};

const FORMATS: Record<string, string> = {
  uuid: 'format uuid',
  email: 'format email',
  url: 'format uri',
  iso_timestamp: 'format date-time',
  iso_date: 'format date',
  integer: 'type integer',
};
const BOUNDS: Record<string, string> = {
  min_value: 'minimum',
  max_value: 'maximum',
  gt_value: 'exclusiveMinimum',
  lt_value: 'exclusiveMaximum',
  multiple_of: 'multipleOf',
  min_length: 'minItems',
  max_length: 'maxItems',
};

function segment(key: unknown): string {
  if (typeof key === 'number') return `[${key}]`;
  const text = String(key);
  return /^[A-Za-z_$][\w$]*$/.test(text) ? `.${text}` : `[${JSON.stringify(text)}]`;
}

export function jsonPath(keys: readonly unknown[]): string {
  return `$${keys.map(segment).join('')}`;
}

/** The rule a valibot issue stands for, without the received value (which may be personal data). */
function ruleOf(issue: v.BaseIssue<unknown>): string {
  const last = issue.path?.at(-1);
  if (
    issue.kind === 'schema' &&
    issue.received === 'undefined' &&
    last &&
    issue.expected === JSON.stringify(last.key)
  ) {
    return 'required';
  }
  if (issue.type === 'strict_object') return 'additionalProperties false';
  if (issue.type === 'check') return issue.message;
  if (issue.type === 'picklist') return `enum ${issue.expected}`;
  if (issue.type === 'literal') return `const ${issue.expected}`;
  if (issue.type === 'regex') {
    const requirement = (issue as { requirement?: unknown }).requirement;
    return `pattern ${requirement instanceof RegExp ? requirement.source : ''}`.trim();
  }
  if (Object.hasOwn(FORMATS, issue.type)) return FORMATS[issue.type]!;
  if (Object.hasOwn(BOUNDS, issue.type)) {
    const requirement = (issue as { requirement?: unknown }).requirement;
    return `${BOUNDS[issue.type]} ${String(requirement)}`;
  }
  const expected =
    issue.expected === 'Object' ? 'object' : issue.expected === 'Array' ? 'array' : issue.expected;
  return `type: expected ${expected ?? issue.type}`;
}

/**
 * The first field of `input` that the schema's output dropped: an undeclared field (valibot's
 * object schemas keep declared fields only). Inputs are parsed JSON, so plain objects and arrays.
 */
export function findUndeclared(
  input: unknown,
  output: unknown,
  keys: unknown[] = [],
): unknown[] | null {
  if (Array.isArray(input) && Array.isArray(output)) {
    for (let i = 0; i < input.length; i += 1) {
      const found = findUndeclared(input[i], output[i], [...keys, i]);
      if (found) return found;
    }
    return null;
  }
  if (
    typeof input === 'object' &&
    input !== null &&
    typeof output === 'object' &&
    output !== null &&
    !Array.isArray(input)
  ) {
    for (const key of Object.keys(input)) {
      if (!Object.hasOwn(output, key)) return [...keys, key];
      const found = findUndeclared(
        (input as Record<string, unknown>)[key],
        (output as Record<string, unknown>)[key],
        [...keys, key],
      );
      if (found) return found;
    }
  }
  return null;
}

export interface CheckResult {
  violation: ContractViolation | null;
  undeclared: ContractViolation | null;
}

/**
 * Check one answer. `body` is the parsed JSON (undefined: no body). Returns the first violation,
 * and (when `strict`) the first undeclared field.
 */
export function checkAnswer(
  validators: OperationValidators | undefined,
  operation: string,
  status: number,
  body: unknown,
  strict: boolean,
): CheckResult {
  const none: CheckResult = { violation: null, undeclared: null };
  if (!validators) {
    return {
      violation: { operation, path: '$', rule: 'operation not in the contract' },
      undeclared: null,
    };
  }
  const { responses } = validators;
  const code = String(status);
  const declared = Object.hasOwn(responses, code)
    ? code
    : Object.hasOwn(responses, `${code[0]}XX`)
      ? `${code[0]}XX`
      : null;
  if (declared === null) {
    return {
      violation: { operation, path: '$', rule: `status ${status} not declared` },
      undeclared: null,
    };
  }
  const schema = responses[declared];
  if (schema === null || schema === undefined) {
    // No body declared: whatever came is ignored by the client, but it is still not the contract.
    return body === undefined || !strict
      ? none
      : {
          violation: null,
          undeclared: { operation, path: '$', rule: 'no body declared', undeclared: true },
        };
  }
  const result = v.safeParse(schema, body, { abortEarly: true });
  if (!result.success) {
    const issue = result.issues[0];
    return {
      violation: {
        operation,
        path: jsonPath(issue.path?.map((item) => item.key) ?? []),
        rule: ruleOf(issue),
      },
      undeclared: null,
    };
  }
  if (!strict) return none;
  const extra = findUndeclared(body, result.output);
  return extra
    ? {
        violation: null,
        undeclared: {
          operation,
          path: jsonPath(extra),
          rule: 'undeclared property',
          undeclared: true,
        },
      }
    : none;
}

async function readJson(response: Response): Promise<{ ok: true; body: unknown } | { ok: false }> {
  const text = await response.clone().text();
  if (text === '') return { ok: true, body: undefined };
  try {
    return { ok: true, body: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

export interface ValidationOptions {
  load?: ValidatorLoader;
  /** Development and test builds: undeclared fields are flagged too. */
  strict: boolean;
  /** A broken answer: the request fails with this error. */
  onViolation(violation: ContractViolation, status: number): never;
  /** An undeclared field (strict only): reported, the answer is still used. */
  onUndeclared(violation: ContractViolation): void;
}

/** The openapi-fetch middleware: success answers only (errors are mapped by the catalogue). */
export function responseValidation(options: ValidationOptions): Middleware {
  const { load = loadGeneratedValidators, strict } = options;
  return {
    async onResponse({ request, response, schemaPath }) {
      if (!response.ok) return undefined;
      const operation = `${request.method} ${schemaPath}`;
      const validators = await load(operation);
      const parsed = await readJson(response);
      if (!parsed.ok) {
        options.onViolation({ operation, path: '$', rule: 'not JSON' }, response.status);
      } else {
        const { violation, undeclared } = checkAnswer(
          validators,
          operation,
          response.status,
          parsed.body,
          strict,
        );
        if (violation) options.onViolation(violation, response.status);
        if (undeclared) options.onUndeclared(undeclared);
      }
      return undefined;
    },
  };
}
