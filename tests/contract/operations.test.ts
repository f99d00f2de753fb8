// Every operation of openapi/openapi.yaml, sent as a valid request (built from the document's own
// examples) to a Prism mock of the document: the answer has a documented status and carries the
// openapi-hash header with the hash the client was generated from.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_HASH } from '../../generated/openapi-hash';
import { checkAnswer, loadGeneratedValidators } from '../../src/api/response-validation';
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

const EXPECTED_OPERATIONS = 50;
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

function buildRequest({ id, method, template, operation, parameters }: TestedOperation) {
  let url = template;
  const query = new URLSearchParams();
  const headers: Record<string, string> = {
    accept: 'application/json, text/html;q=0.5, */*;q=0.1',
  };
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
    if (parameter.in === 'path') {
      url = url.replaceAll(`{${name}}`, encodeURIComponent(String(value)));
    } else if (parameter.in === 'query') {
      if (Array.isArray(value)) for (const v of value) query.append(name, String(v));
      else if (isObj(value) && parameter.explode !== false) {
        for (const [k, v] of Object.entries(value)) query.append(k, String(v));
      } else query.append(name, String(value));
    } else if (parameter.in === 'header' && parameter.required) {
      headers[name] = String(value);
    }
  }
  if (/\{[^}]+\}/.test(url)) throw new Error(`${id}: path parameters without example in ${url}`);
  if (query.size > 0) url += `?${query}`;

  const security = operation.security ?? doc.security;
  const isPublic = Array.isArray(operation.security) && operation.security.length === 0;
  if (!isPublic && security !== undefined) headers.authorization = 'Bearer test-token';

  let body: string | undefined;
  if (operation.requestBody !== undefined) {
    const requestBody = deref(operation.requestBody);
    const content = (requestBody.content ?? {}) as Obj;
    const mediaType = Object.keys(content).find((type) => /json/i.test(type));
    const example = mediaType ? exampleOf(deref(content[mediaType])) : { found: false };
    if (mediaType && example.found) {
      headers['content-type'] = mediaType;
      body = JSON.stringify(example.value);
    } else if (requestBody.required) {
      throw new Error(`${id}: required request body has no JSON example`);
    }
  }
  return { url, init: { method: method.toUpperCase(), headers, body } };
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
      const { url, init } = buildRequest(op);
      const response = await fetch(baseUrl + url, {
        ...init,
        signal: AbortSignal.timeout(REQUEST_MS),
      });
      const text = await response.text();
      const documented = documentedStatuses(op.operation);
      expect(
        isDocumented(response.status, documented),
        `${init.method} ${url} answered ${response.status} (documented: ${documented.join(', ')}): ${text.slice(0, 1_000)}`,
      ).toBe(true);
      // A valid request gets a success: a documented 400/401 here would mean the request was wrong.
      expect(response.status, `${init.method} ${url}: ${text.slice(0, 1_000)}`).toBeLessThan(300);
      // Prism reports what it found invalid in the request or its own answer in this header.
      expect(response.headers.get('sl-violations'), `${init.method} ${url}`).toBeNull();
      expect(
        response.headers.get('openapi-hash'),
        `openapi-hash header of ${init.method} ${url}`,
      ).toBe(OPENAPI_HASH);
      // The console's own runtime check (generated validators, strict: undeclared fields too).
      const key = `${init.method} ${op.template}`;
      const body = text === '' ? undefined : (JSON.parse(text) as unknown);
      const check = checkAnswer(
        await loadGeneratedValidators(key),
        key,
        response.status,
        body,
        true,
      );
      expect(check.violation ?? check.undeclared, `${key} answer`).toBeNull();
    });
  }
});
