// Every operation of openapi/openapi.yaml, sent as a valid request (built from the document's own
// examples) to a Prism mock of the document: the answer has a documented status and carries the
// openapi-hash header with the hash the client was generated from.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { OPENAPI_HASH } from '../../generated/openapi-hash';
import { checkAnswer, loadGeneratedValidators } from '../../src/api/response-validation';

const EXPECTED_OPERATIONS = 50;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const DOC_PATH = path.join(ROOT, 'openapi', 'openapi.yaml');
const PRISM = path.join(ROOT, 'node_modules', '.bin', 'prism');
const STARTUP_MS = 150_000;
const REQUEST_MS = 20_000;

type Obj = Record<string, unknown>;
const doc = YAML.parse(fs.readFileSync(DOC_PATH, 'utf8'), { maxAliasCount: -1 }) as Obj;

function isObj(value: unknown): value is Obj {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Follows local $refs ('#/components/...'). */
function deref<T = Obj>(value: unknown): T {
  let node = value;
  for (let hops = 0; isObj(node) && typeof node.$ref === 'string'; hops += 1) {
    const ref = node.$ref as string;
    if (!ref.startsWith('#/') || hops > 20) throw new Error(`unsupported $ref ${ref}`);
    node = ref
      .slice(2)
      .split('/')
      .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce<unknown>((at, key) => (isObj(at) ? at[key] : undefined), doc);
    if (node === undefined) throw new Error(`dangling $ref ${ref}`);
  }
  return node as T;
}

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

interface Operation {
  id: string;
  method: (typeof METHODS)[number];
  template: string;
  operation: Obj;
  parameters: Obj[];
}

const operations: Operation[] = [];
for (const [template, rawItem] of Object.entries((doc.paths ?? {}) as Obj)) {
  const item = deref(rawItem);
  const shared = ((item.parameters ?? []) as unknown[]).map((p) => deref(p));
  for (const method of METHODS) {
    if (!isObj(item[method])) continue;
    const operation = item[method] as Obj;
    const own = ((operation.parameters ?? []) as unknown[]).map((p) => deref(p));
    const key = (p: Obj) => `${p.in}:${p.name}`;
    const parameters = [...shared.filter((p) => !own.some((o) => key(o) === key(p))), ...own];
    const id = String(operation.operationId ?? `${method.toUpperCase()} ${template}`);
    operations.push({ id, method, template, operation, parameters });
  }
}

function buildRequest({ id, method, template, operation, parameters }: Operation) {
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

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

let prism: ChildProcess | undefined;
let baseUrl = '';
let prismOutput = '';

async function startPrism(): Promise<void> {
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [PRISM, 'mock', DOC_PATH, '--port', String(port), '--host', '127.0.0.1'],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  prism = child;
  const keep = (chunk: Buffer) => {
    prismOutput = (prismOutput + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited: string | undefined;
  child.once('exit', (code, signal) => {
    exited = `Prism exited (${code ?? signal})`;
  });
  const deadline = Date.now() + STARTUP_MS;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${exited} before answering:\n${prismOutput}`);
    try {
      await fetch(`${baseUrl}/__contract_test_ready__`, { signal: AbortSignal.timeout(2_000) });
      return; // any HTTP answer means Prism is listening
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error(`Prism did not answer within ${STARTUP_MS / 1000}s:\n${prismOutput}`);
}

async function stopPrism(): Promise<void> {
  const child = prism;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

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
