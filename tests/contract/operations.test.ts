// Every operation of openapi/openapi.yaml, called through the console's own client
// (src/api/client.ts: its auth, timeout, hash check, error mapping and strict response validation)
// with a valid request built from the document's own examples, against a Prism mock of the
// document: the call succeeds, with a documented status, the hash the client was generated from,
// and an answer the generated validators accept without an undeclared field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_HASH } from '../../generated/openapi-hash';
import { createApiClient } from '../../src/api/client';
import { isApiError } from '../../src/api/error-catalogue';
import type { ContractViolation } from '../../src/api/response-validation';
import {
  type JsonObject as Obj,
  type Operation,
  deref as derefIn,
  isObject as isObj,
  listOperations,
  operationParameters,
  readDocument,
} from '../../scripts/lib/openapi-doc';
import { DOC_PATH } from '../../scripts/lib/paths';
import { type Started, freePort, prismCommand, startProcess } from '../../scripts/lib/processes';

const EXPECTED_OPERATIONS = 55;
const STARTUP_MS = 150_000;
const REQUEST_MS = 20_000;

const doc = readDocument(DOC_PATH);

/** Follows local $refs ('#/components/...'); a dangling or non-local one fails the test. */
const deref = <T = Obj>(value: unknown): T =>
  derefIn<T>(doc, value, {
    onError: (message) => {
      throw new Error(message);
    },
  });

/** The example of a parameter, media type or schema: `example`, else the first named example. */
function exampleOf(holder: Obj | undefined): { found: boolean; value?: unknown } {
  if (!holder) return { found: false };
  if (isObj(holder.examples)) {
    const first = Object.values(holder.examples)[0];
    if (first !== undefined) return { found: true, value: deref<Obj>(first).value };
  }
  if (holder.example !== undefined) return { found: true, value: holder.example };
  const schema = isObj(holder.schema) ? deref(holder.schema) : undefined;
  if (schema?.example !== undefined) return { found: true, value: schema.example };
  if (Array.isArray(schema?.examples) && schema.examples.length > 0) {
    return { found: true, value: schema.examples[0] };
  }
  return { found: false };
}

interface TestedOperation {
  id: string;
  method: Operation['lower'];
  template: string;
  operation: Obj;
  parameters: Obj[];
}

const operations: TestedOperation[] = listOperations(doc).map((op) => ({
  id: op.operationId || op.key,
  method: op.lower,
  template: op.path,
  operation: op.operation,
  parameters: operationParameters(doc, op),
}));

/** The call's arguments for openapi-fetch (as a screen passes them), from the examples. */
function buildCall({ id, template, operation, parameters }: TestedOperation) {
  const path: Record<string, unknown> = {};
  const query: Record<string, unknown> = {};
  const header: Record<string, string> = {};
  for (const parameter of parameters) {
    const { found, value } = exampleOf(parameter);
    if (!found) {
      if (parameter.required) {
        throw new Error(
          `${id}: required ${parameter.in} parameter ${parameter.name} has no example`,
        );
      }
      continue;
    }
    const name = String(parameter.name);
    if (parameter.in === 'path') path[name] = value;
    // An exploded object (form style) is its properties, each a parameter of its own.
    else if (parameter.in === 'query' && isObj(value) && parameter.explode !== false) {
      Object.assign(query, value);
    } else if (parameter.in === 'query') query[name] = value;
    else if (parameter.in === 'header' && parameter.required) header[name] = String(value);
  }
  const missing = [...template.matchAll(/\{([^}]+)\}/g)].filter(([, name]) => !(name! in path));
  if (missing.length > 0) throw new Error(`${id}: path parameters without example in ${template}`);

  let body: unknown;
  if (operation.requestBody !== undefined) {
    const requestBody = deref(operation.requestBody);
    const content = (requestBody.content ?? {}) as Obj;
    const mediaType = Object.keys(content).find((type) => /json/i.test(type));
    const example = mediaType ? exampleOf(deref(content[mediaType])) : { found: false };
    if (mediaType && example.found) body = example.value;
    else if (requestBody.required)
      throw new Error(`${id}: required request body has no JSON example`);
  }
  return { params: { path, query, header }, body };
}

function documentedStatuses(operation: Obj): string[] {
  return Object.keys((operation.responses ?? {}) as Obj);
}

function isDocumented(status: number, documented: string[]): boolean {
  return documented.some(
    (code) =>
      code === String(status) ||
      code.toUpperCase() === `${String(status)[0]}XX` ||
      code === 'default',
  );
}

let prism: Started | undefined;
let baseUrl = '';

async function startPrism(): Promise<void> {
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  const [node, args] = prismCommand(
    'mock',
    DOC_PATH,
    '--port',
    String(port),
    '--host',
    '127.0.0.1',
  );
  const started = startProcess(node, args, { pipe: true });
  prism = started;
  const deadline = Date.now() + STARTUP_MS;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null) {
      throw new Error(
        `Prism exited (${started.child.exitCode}) before answering:\n${started.output()}`,
      );
    }
    try {
      await fetch(`${baseUrl}/__contract_test_ready__`, { signal: AbortSignal.timeout(2_000) });
      return; // any HTTP answer means Prism is listening
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error(`Prism did not answer within ${STARTUP_MS / 1000}s:\n${started.output()}`);
}

const stopPrism = () => prism?.stop(5_000);

describe('every operation against the Prism mock', () => {
  beforeAll(startPrism, STARTUP_MS + 10_000);
  afterAll(stopPrism);

  it(`the document has ${EXPECTED_OPERATIONS} operations with unique operationIds`, () => {
    expect(operations).toHaveLength(EXPECTED_OPERATIONS);
    expect(new Set(operations.map((op) => op.id)).size).toBe(operations.length);
    expect(OPENAPI_HASH).toMatch(/^[0-9a-f]{64}$/);
  });

  for (const op of operations) {
    it(`${op.id} (${op.method.toUpperCase()} ${op.template})`, async () => {
      const violations: ContractViolation[] = [];
      const client = createApiClient({
        baseUrl,
        timeoutMs: REQUEST_MS,
        // The app sends its session's token with every call (Prism checks that secured calls
        // carry one; a public operation ignores it).
        getToken: () => 'test-token',
        strictContract: true,
        onContractViolation: (violation) => violations.push(violation),
      });
      const request = client.request as unknown as (
        method: string,
        path: string,
        init: unknown,
      ) => Promise<{ response: Response }>;
      const call = `${op.method.toUpperCase()} ${op.template}`;
      // Any failure the app would see (a wrong hash, an error status, an invalid answer) rejects
      // with the client's ApiError.
      const { response } = await request(op.method, op.template, buildCall(op)).catch(
        (error: unknown) => {
          const detail = isApiError(error)
            ? `${error.kind} ${error.status ?? ''} ${error.message} ${JSON.stringify(error.violation ?? error.body ?? '')}`
            : String(error);
          throw new Error(`${call}: the client failed: ${detail}`, { cause: error });
        },
      );
      const documented = documentedStatuses(op.operation);
      expect(
        isDocumented(response.status, documented),
        `${call} answered ${response.status} (documented: ${documented.join(', ')})`,
      ).toBe(true);
      // A valid request gets a success: a documented 400/401 here would mean the request was wrong.
      expect(response.status, call).toBeLessThan(300);
      // Prism reports what it found invalid in the request or its own answer in this header.
      expect(response.headers.get('sl-violations'), call).toBeNull();
      expect(response.headers.get('openapi-hash'), `openapi-hash header of ${call}`).toBe(
        OPENAPI_HASH,
      );
      // Strict validation: undeclared fields too (they do not fail a call, so they are collected).
      expect(violations, `${call} answer`).toEqual([]);
    });
  }
});
