// What every answer of the sandbox goes through: a `Prefer` header is answered from the contract's
// named examples (as Prism's mock does), requests are checked like a real backend checks them
// (path ids, the session, the body against the generated request schema), one request at a time
// changes the worlds (Sandbox.transaction: saved when changed, undone when it threw), errors take
// the contract's shapes and only the statuses the operation declares, and every answer carries the
// contract's openapi-hash header. Only this machine may call: see `refusal`.
import * as v from 'valibot';
import type { paths } from '../../generated/api';
import { OPENAPI_HASH } from '../../generated/openapi-hash';
import { REQUEST_BODY_SCHEMAS } from '../../generated/component-schemas';
import {
  declares,
  errorExample,
  operation,
  parsePrefer,
  preferredAnswer,
  type ExampleAnswer,
} from './contract';
import { recorded } from './activity';
import { absentAnswer, servedHash } from './neighbour-release';
import type { FaultKind, Sandbox, Signed } from './sandbox';
import { ApiProblem, badRequest, type World } from './world';
import type { Person } from './records';

export const HASH_HEADER = 'openapi-hash';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';
/** "GET /team/{teamId}/devices": an operation of the contract (anything else is a type error). */
export type OperationKey = {
  [P in keyof paths]: {
    [M in Method]: paths[P][M] extends undefined ? never : `${Uppercase<M>} ${P & string}`;
  }[Method];
}[keyof paths];

type BodySchemas = typeof REQUEST_BODY_SCHEMAS;
/** The request body of an operation as the contract types it (undefined without one). */
export type BodyOf<Key extends string> = Key extends keyof BodySchemas
  ? v.InferOutput<BodySchemas[Key]>
  : undefined;

export interface Call<Body> {
  /** Path parameters, checked to be UUIDs. */
  params: Record<string, string>;
  query: URLSearchParams;
  /** The request body, checked against the contract. */
  body: Body;
  /** The valid session the request carries, if any. */
  signed: Signed | undefined;
  now: number;
  /** The console's origin (for links the sandbox writes). */
  origin: string;
  /** The signed-in person (secured operations always have one). */
  me(): Person;
  world(): World;
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const sandboxError = (message: string) => json(500, { exception: 'SandboxError', message });
const expired = () => new ApiProblem(401, errorExample(401, 'expired'));

export function problemResponse(problem: ApiProblem): Response {
  return json(problem.status, problem.body);
}

function exampleResponse(answer: ExampleAnswer): Response {
  if (answer.mediaType === null) return new Response(null, { status: answer.status });
  if (answer.mediaType.includes('json')) return json(answer.status, answer.body);
  return new Response(String(answer.body), {
    status: answer.status,
    headers: { 'content-type': `${answer.mediaType}; charset=utf-8` },
  });
}

/** The same answer with the contract hash header (a fresh Response: its headers can be set). */
export async function withHash(
  response: Response,
  hash = servedHash(OPENAPI_HASH),
): Promise<Response> {
  const headers = new Headers(response.headers);
  headers.set(HASH_HEADER, hash);
  const body =
    response.status === 204 || response.status === 304 ? null : await response.arrayBuffer();
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

function bearer(request: Request): string | null {
  const header = request.headers.get('authorization') ?? '';
  return header.startsWith('Bearer ') ? header.slice(7).trim() || null : null;
}

function issueText(issue: v.BaseIssue<unknown>): string {
  const where = issue.path?.map((item) => String(item.key)).join('.') || 'body';
  return `${where}: ${issue.message}`;
}

/** The first string leaf of an answer, made a number (or a number made a string, ...). */
function breakAnswer(body: unknown, kind: FaultKind): unknown {
  const target = Array.isArray(body) ? body[0] : body;
  if (typeof target !== 'object' || target === null) return kind === 'wrong-type' ? 42 : body;
  const record = target as Record<string, unknown>;
  const key = Object.keys(record)[0];
  if (kind === 'undeclared-field') record.sandboxFault = 'a field the contract does not declare';
  else if (key !== undefined && kind === 'missing-field') delete record[key];
  else if (key !== undefined) {
    const value = record[key];
    record[key] =
      typeof value === 'number' ? String(value) : typeof value === 'string' ? 12345 : 'wrong';
  }
  return body;
}

/** A deliberately wrong answer (test-only fault switch). */
async function faulty(key: string, response: Response, kind: FaultKind): Promise<Response> {
  if (kind === 'wrong-hash') return withHash(response, '0'.repeat(64));
  if (kind === 'server-error') {
    return withHash(json(500, errorExample(500, 'serverError')));
  }
  const text = await response.text();
  const body = text === '' ? null : (JSON.parse(text) as unknown);
  const broken = breakAnswer(body, kind);
  return withHash(
    json(response.status === 204 ? 200 : response.status, broken ?? { sandboxFault: key }),
  );
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export const isJson = (request: Request) =>
  /^application\/([\w.+-]*\+)?json\b/i.test(request.headers.get('content-type') ?? '');

/**
 * Why the sandbox refuses a request, or null: only this machine may use it. Its Host must be a
 * name of this machine (a DNS-rebinding page reaches 127.0.0.1 under its own name), and an Origin,
 * when the browser sends one, too (a page of another site in the developer's browser).
 */
export function refusal(request: Request): string | null {
  if (!LOCAL_HOSTS.has(new URL(request.url).hostname)) return 'Host is not this machine';
  const from = request.headers.get('origin');
  if (from === null) return null;
  try {
    if (LOCAL_HOSTS.has(new URL(from).hostname)) return null;
  } catch {
    // "null" or not a URL
  }
  return `Origin ${from} is not this machine`;
}

function origin(request: Request): string {
  const header = request.headers.get('origin');
  if (header && /^https?:\/\/[^/]+$/.test(header)) return header;
  return process.env.SANDBOX_APP_ORIGIN ?? `http://localhost:${process.env.DEV_PORT ?? 5173}`;
}

async function readBody(key: string, request: Request): Promise<unknown> {
  const schema = (REQUEST_BODY_SCHEMAS as Record<string, v.GenericSchema>)[key];
  if (!schema) return undefined;
  const text = await request.clone().text();
  if (text.trim() === '') throw badRequest('The request body is missing');
  if (!isJson(request))
    throw badRequest('The request body must be JSON (content-type: application/json)');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw badRequest('The request body is not valid JSON');
  }
  const result = v.safeParse(schema, data);
  if (!result.success) throw badRequest(...result.issues.map(issueText));
  return result.output;
}

/**
 * Answers a request to the operation `key` ("GET /team/{teamId}/devices") with `run`, after the
 * checks above; `run` builds the success answer (openapi-msw's typed `response` helper) or throws
 * an ApiProblem. A handler whose key is not its own method and path fails every call (a 500).
 */
export async function serve<Key extends OperationKey>(
  sandbox: Sandbox,
  key: Key,
  info: { request: Request; params: Record<string, unknown> },
  run: (call: Call<BodyOf<Key>>) => Response | Promise<Response>,
): Promise<Response> {
  const contract = operation(key);
  const { request } = info;
  const absent = absentAnswer(key);
  if (absent) return withHash(absent);
  const prefer = parsePrefer(request.headers.get('prefer'));
  if (prefer) {
    const answer = preferredAnswer(key, prefer);
    return withHash(
      answer
        ? exampleResponse(answer)
        : json(404, {
            message: `${key} has no ${prefer.code ?? ''}${prefer.code && prefer.example ? ' ' : ''}${prefer.example ? `example ${prefer.example}` : 'answer'} in the contract`,
          }),
    );
  }
  let response: Response;
  try {
    // One change at a time, saved when it changed a world and undone when it threw.
    response = await sandbox.transaction(async () => {
      const where = new URL(request.url).pathname;
      const template = new RegExp(`${contract.path.replace(/\{\w+\}/g, '[^/]+')}$`);
      if (request.method !== contract.method || !template.test(where)) {
        throw new Error(`the handler of ${key} answered ${request.method} ${where}`);
      }
      const params: Record<string, string> = {};
      for (const name of contract.params) {
        const value = String(info.params[name] ?? '');
        if (!UUID.test(value)) throw badRequest(`${name} is not a valid id`);
        params[name] = value.toLowerCase();
      }
      const signed = sandbox.signed(bearer(request));
      if (contract.secured && !signed) throw expired();
      const body = (await readBody(key, request)) as BodyOf<Key>;
      const call: Call<BodyOf<Key>> = {
        params,
        query: new URL(request.url).searchParams,
        body,
        signed,
        now: sandbox.now(),
        origin: origin(request),
        me() {
          if (!signed) throw expired();
          return signed.world.person(signed.person.id) ?? signed.person;
        },
        world() {
          if (!signed) throw expired();
          return signed.world;
        },
      };
      // A change a person made is written to the activity log (activity.ts).
      return recorded(key, call, () => run(call));
    });
  } catch (error) {
    if (error instanceof ApiProblem) {
      response = problemResponse(error);
    } else {
      sandbox.log(
        `sandbox: ${key} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      response = sandboxError(error instanceof Error ? error.message : String(error));
    }
  }
  if (!declares(key, response.status)) {
    sandbox.log(
      `sandbox: ${key} answered ${response.status}, which the contract does not declare: answering 500`,
    );
    response = sandboxError(
      `the sandbox answered ${response.status}, which ${key} does not declare`,
    );
  }
  const fault = sandbox.faultsEnabled ? sandbox.takeFault(key) : null;
  if (fault) return faulty(key, response, fault);
  return withHash(response);
}
