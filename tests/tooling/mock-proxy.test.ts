// @vitest-environment node
// npm run mock:proxy as a backend developer sees it: a deliberately faulty backend behind the
// proxy, and the terminal report for every kind of violation; stopping npm stops Prism too.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { OPENAPI_HASH } from '../../generated/openapi-hash';
import { matchOperation } from '../../scripts/lib/contract-rules';
import {
  findViolations,
  formatExchange,
  jsonPath,
  proxyOperations,
  undeclaredFields,
} from '../../scripts/lib/proxy-report';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.join(here, '..', '..');
const document = YAML.parse(fs.readFileSync(path.join(ROOT, 'openapi', 'openapi.yaml'), 'utf8'));
const operations = proxyOperations(document);
const TEAM = { id: '7e000000-0000-4000-8000-000000000001', name: 'Engineering', deviceCount: 47 };
const WRONG_HASH = '0'.repeat(64);

describe('what the proxy reports (pure)', () => {
  it('finds the operation of a request, literal paths before parameters', () => {
    expect(matchOperation(operations, 'GET', '/teams?x=1')?.operationId).toBe('listTeams');
    expect(
      matchOperation(operations, 'get', '/device/de000000-0000-4000-8000-000000000001')?.template,
    ).toBe('/device/{deviceId}');
    expect(matchOperation(operations, 'GET', '/user/admins')?.operationId).toBe('listAdmins');
    expect(matchOperation(operations, 'GET', '/nowhere')).toBeUndefined();
  });

  it('writes JSON paths a developer can paste into jq', () => {
    expect(jsonPath(['devices', '0', 'status'])).toBe('$.devices[0].status');
    expect(jsonPath(['0', 'my-field'])).toBe('$[0]["my-field"]');
    expect(jsonPath([])).toBe('$');
  });

  it('strict: finds undeclared fields through $ref, arrays, allOf and nullable unions', () => {
    const op = matchOperation(
      operations,
      'GET',
      '/team/7e000000-0000-4000-8000-000000000001/devices',
    )!;
    const schema =
      document.paths[op.template].get.responses['200'].content['application/json'].schema;
    const example =
      document.paths[op.template].get.responses['200'].content['application/json'].examples;
    const body = structuredClone(
      Object.values(example)[0] as { value: { devices: object[] } },
    ).value;
    expect(undeclaredFields(document, schema, body)).toEqual([]);
    (body.devices[1] as Record<string, unknown>).internalNote = 'x';
    (body as Record<string, unknown>).debug = true;
    expect(
      undeclaredFields(document, schema, body).map((f: { path: string[] }) => jsonPath(f.path)),
    ).toEqual(['$.devices[1].internalNote', '$.debug']);
    const open = {
      type: 'object',
      properties: { a: { type: 'string' } },
      additionalProperties: true,
    };
    expect(undeclaredFields(document, open, { a: 'x', b: 1 })).toEqual([]);
    const nullable = { oneOf: [{ type: 'object', properties: { a: {} } }, { type: 'null' }] };
    expect(undeclaredFields(document, nullable, null)).toEqual([]);
    expect(undeclaredFields(document, nullable, { a: 1, z: 2 })).toEqual([
      { path: ['z'], value: 2 },
    ]);
  });

  it('without --strict an extra field passes; with it, it is an error the proxy answers 500', () => {
    const op = matchOperation(operations, 'GET', '/teams');
    const body = JSON.stringify([{ ...TEAM, internalNote: 'x' }]);
    const backend = {
      status: 200,
      headers: { 'content-type': 'application/json', 'openapi-hash': OPENAPI_HASH },
      body,
    };
    const prism = { status: 200, headers: { ...backend.headers }, body };
    const lax = findViolations({
      document,
      operation: op,
      prism,
      backend,
      expectedHash: OPENAPI_HASH,
    });
    expect(lax).toEqual({ violations: [], replace: false });
    const strict = findViolations({
      document,
      operation: op,
      prism,
      backend,
      strict: true,
      expectedHash: OPENAPI_HASH,
    });
    expect(strict.replace).toBe(true);
    expect(strict.violations).toEqual([
      expect.objectContaining({
        where: 'body $[0].internalNote',
        rule: 'undeclared-field',
        received: '"x"',
      }),
    ]);
  });

  it('an undeclared status Prism passed through is replaced, also when Prism re-serialised the body', () => {
    const op = matchOperation(operations, 'GET', '/teams');
    const warning = JSON.stringify([
      {
        location: ['response'],
        severity: 'Warning',
        message: 'Unable to match the returned status code with those defined in the document: 200',
      },
    ]);
    const backend = {
      status: 409,
      headers: { 'content-type': 'application/json' },
      body: '{ "errors": ["x"] }',
    };
    const prism = {
      status: 409,
      headers: { 'content-type': 'application/json', 'sl-violations': warning },
      body: '{"errors":["x"]}',
    };
    const found = findViolations({
      document,
      operation: op,
      prism,
      backend,
      expectedHash: OPENAPI_HASH,
    });
    expect(found.replace).toBe(true);
    expect(found.violations).toEqual([
      expect.objectContaining({ where: 'status 409', rule: 'undeclared-status' }),
    ]);
  });

  it('prints one headline per exchange and one line per violation', () => {
    expect(
      formatExchange({
        id: 'abc',
        label: 'GET /teams (listTeams)',
        backendStatus: 200,
        status: 200,
        violations: [],
      }),
    ).toEqual(['✔ [abc] GET /teams (listTeams) → 200']);
  });
});

// --- the real proxy (npm run mock:proxy) against a faulty backend ------------------------------

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitFor(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Faults picked by the x-fault request header. */
function faultyBackend(): http.Server {
  return http.createServer((req, res) => {
    const fault = String(req.headers['x-fault'] ?? 'none');
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'openapi-hash': OPENAPI_HASH,
    };
    let status = 200;
    let body: string = JSON.stringify([TEAM]);
    if (fault === 'type') body = JSON.stringify([{ ...TEAM, deviceCount: '47' }]);
    if (fault === 'missing') body = JSON.stringify([{ id: TEAM.id, name: TEAM.name }]);
    if (fault === 'extra') body = JSON.stringify([{ ...TEAM, internalNote: 'x' }]);
    if (fault === 'conflict') {
      status = 409;
      body = JSON.stringify({ errors: ['conflict'] });
    }
    if (fault === 'wrong-hash') headers['openapi-hash'] = WRONG_HASH;
    if (fault === 'no-hash') delete headers['openapi-hash'];
    if (fault === 'broken-json') body = '{"teams": [';
    res.writeHead(status, headers);
    res.end(body);
  });
}

describe('npm run mock:proxy -- --strict against a faulty backend', () => {
  let backend: http.Server;
  let proxy: ChildProcess;
  let port: number;
  let output = '';
  let prismPid = 0;
  let prismPort = 0;

  beforeAll(async () => {
    backend = faultyBackend();
    await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
    const upstream = `http://127.0.0.1:${(backend.address() as net.AddressInfo).port}/api/v1`;
    port = await freePort();
    proxy = spawn(
      'npm',
      ['run', '--silent', 'mock:proxy', '--', '--upstream', upstream, '--strict'],
      {
        cwd: ROOT,
        env: { ...process.env, MOCK_PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    proxy.stdout!.setEncoding('utf8').on('data', (text: string) => (output += text));
    proxy.stderr!.setEncoding('utf8').on('data', (text: string) => (output += text));
    await waitFor(
      () => /listening on|Prism exited|did not start/.test(output),
      90_000,
      'the proxy',
    );
    expect(output).toMatch(/listening on/);
    const started = /Prism pid (\d+) on port (\d+)/.exec(output);
    prismPid = Number(started?.[1]);
    prismPort = Number(started?.[2]);
  }, 100_000);

  afterAll(async () => {
    if (proxy.exitCode === null) proxy.kill('SIGKILL');
    await new Promise<void>((resolve) => backend.close(() => resolve()));
  });

  async function send(
    fault: string,
    id: string,
    init: { method?: string; path?: string; body?: string } = {},
  ) {
    const response = await fetch(`http://127.0.0.1:${port}${init.path ?? '/teams'}`, {
      method: init.method ?? 'GET',
      headers: {
        authorization: 'Bearer t',
        accept: 'application/json',
        'content-type': 'application/json',
        'x-fault': fault,
        'x-request-id': id,
      },
      body: init.body,
    });
    const text = await response.text();
    await expect.poll(() => output, { timeout: 10_000 }).toContain(`[${id}]`);
    const start = output.indexOf(`[${id}]`);
    const lineStart = output.lastIndexOf('\n', start) + 1;
    const after = output.slice(lineStart);
    const end = after.search(/\n[✔✖] \[/);
    return {
      status: response.status,
      text,
      report: (end === -1 ? after : after.slice(0, end)).trim(),
    };
  }

  it('passes a valid answer through and says so in one line', async () => {
    const { status, report } = await send('none', 'ok-1');
    expect(status).toBe(200);
    expect(report).toBe('✔ [ok-1] GET /teams (listTeams) → 200');
  });

  it('prints each kind of violation: operation, request id, JSON path, rule, received', async () => {
    const type = await send('type', 'type-1');
    expect(type.status).toBe(500);
    expect(type.report).toBe(
      [
        '✖ [type-1] GET /teams (listTeams) → backend 200, answered 500: 1 violation(s)',
        '    ✖ response body $[0].deviceCount · type: Response body property 0.deviceCount must be integer · received "47"',
      ].join('\n'),
    );
    const missing = await send('missing', 'missing-1');
    expect(missing.report).toContain(
      "✖ response body $[0].deviceCount · required: Response body property 0 must have required property 'deviceCount'",
    );
    const extra = await send('extra', 'extra-1');
    expect(extra.status).toBe(500);
    expect(extra.report).toContain(
      '✖ response body $[0].internalNote · undeclared-field: not declared in the response schema (strict mode) · received "x"',
    );
  });

  it('an undeclared status is an error, not a warning', async () => {
    const { status, text, report } = await send('conflict', 'conflict-1');
    expect(status).toBe(500);
    expect(JSON.parse(text)).toMatchObject({
      status: 500,
      validation: [{ code: 'undeclared-status', severity: 'Error' }],
    });
    expect(report).toBe(
      [
        '✖ [conflict-1] GET /teams (listTeams) → backend 409, answered 500: 1 violation(s)',
        '    ✖ response status 409 · undeclared-status: 409 is not declared for this operation (declared: 200, 401, 402, 404, 429, 500, 503)',
      ].join('\n'),
    );
  });

  it('a wrong or missing hash shows the expected and received hash and what it means', async () => {
    const wrong = await send('wrong-hash', 'hash-1');
    expect(wrong.status).toBe(500);
    expect(wrong.report).toContain('✖ response header openapi-hash · const: wrong contract hash');
    expect(wrong.report).toContain(`expected hash ${OPENAPI_HASH}`);
    expect(wrong.report).toContain(`received hash ${WRONG_HASH}`);
    expect(wrong.report).toContain('"New version available." and log the user out');
    const none = await send('no-hash', 'hash-2');
    expect(none.report).toContain(
      '✖ response header openapi-hash · required: the contract hash header is missing',
    );
    expect(none.report).toContain('received hash (no header)');
  });

  it('a body that is not JSON, and an invalid request that never reaches the backend', async () => {
    const broken = await send('broken-json', 'json-1');
    expect(broken.status).toBe(500);
    expect(broken.report).toMatch(
      /✖ response body · FetchError: invalid json response body.* · received "\{\\"teams\\": \["/,
    );
    const login = await send('none', 'login-1', {
      method: 'POST',
      path: '/user/login',
      body: '{"email":"a@b.example"}',
    });
    expect(login.report).toContain('POST /user/login (login) → not sent to the backend');
    expect(login.report).toContain(
      "✖ request body $.password · required: Request body must have required property 'password'",
    );
    const param = await send('none', 'uuid-1', { path: '/device/not-a-uuid' });
    expect(param.report).toContain('✖ request path deviceId · format:');
  });

  it('SIGTERM to npm stops the proxy and Prism (no process left listening)', async () => {
    expect(prismPid).toBeGreaterThan(0);
    expect(await portOpen(prismPort)).toBe(true);
    const exited = new Promise((resolve) => proxy.once('exit', resolve));
    proxy.kill('SIGTERM');
    await exited;
    await expect.poll(() => portOpen(port), { timeout: 10_000 }).toBe(false);
    await expect.poll(() => portOpen(prismPort), { timeout: 10_000 }).toBe(false);
    await expect
      .poll(
        () => {
          try {
            process.kill(prismPid, 0);
            return true;
          } catch {
            return false;
          }
        },
        { timeout: 10_000 },
      )
      .toBe(false);
  }, 30_000);
});
