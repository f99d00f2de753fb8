// The sandbox's handlers driven in-process (msw's getResponse, no network) through the same typed
// client library as the console (openapi-fetch). Every answer is checked: it carries the contract
// hash, its status is declared for the operation, and its body passes the generated response
// validator of that status (undeclared fields included), or the error body schema.
import * as v from 'valibot';
import { getResponse } from 'msw';
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from '../../generated/api';
import { ERROR_BODY_BY_STATUS, ERROR_BODY_SCHEMAS } from '../../generated/error-bodies';
import { OPENAPI_HASH } from '../../generated/openapi-hash';
import { checkAnswer, loadGeneratedValidators } from '../../src/api/response-validation';
import { STORY_NOW_MS, declares, matchOperation } from '../../scripts/sandbox/contract';
import { sandboxHandlers } from '../../scripts/sandbox/handlers';
import { Sandbox, type SandboxOptions } from '../../scripts/sandbox/sandbox';

const ORIGIN = 'http://localhost:4020';

interface Answer {
  operation: string;
  status: number;
  problem: string | null;
}

/** A clock the tests move: starts at the story's "today" plus one day. */
export function testClock(start = STORY_NOW_MS + 24 * 60 * 60 * 1000) {
  let time = start;
  return {
    now: () => time,
    advance(ms: number) {
      time += ms;
    },
  };
}

/** What is wrong with an answer of the contract (null: nothing). */
async function contractProblem(request: Request, response: Response): Promise<string | null> {
  const url = new URL(request.url);
  const operation = matchOperation(request.method, url.pathname.replace(/^\/api\/v1/, ''));
  if (!operation) return `${request.method} ${url.pathname} is not an operation of the contract`;
  if (response.headers.get('openapi-hash') !== OPENAPI_HASH)
    return 'openapi-hash header missing or wrong';
  if (response.status === 501) return '501';
  if (!declares(operation.key, response.status)) return `status ${response.status} not declared`;
  const text = await response.clone().text();
  if (response.status === 503)
    return text.includes('maintenance') ? null : '503 without the maintenance page';
  const body = text === '' ? undefined : (JSON.parse(text) as unknown);
  if (response.ok) {
    const { violation, undeclared } = checkAnswer(
      await loadGeneratedValidators(operation.key),
      operation.key,
      response.status,
      body,
      true,
    );
    const found = violation ?? undeclared;
    return found ? `${found.path}: ${found.rule}` : null;
  }
  const name = ERROR_BODY_BY_STATUS[String(response.status) as keyof typeof ERROR_BODY_BY_STATUS];
  if (!name) return `no error body for ${response.status}`;
  const result = v.safeParse(ERROR_BODY_SCHEMAS[name], body);
  return result.success ? null : `error body: ${result.issues[0].message}`;
}

export interface Harness {
  sandbox: Sandbox;
  /** Every answer of the contract's operations so far. */
  answers: Answer[];
  /** Raw fetch through the handlers (control endpoints too). */
  fetch: (input: string, init?: RequestInit) => Promise<Response>;
  /** A typed client, signed in with `token` when given. */
  client(token?: string, headers?: Record<string, string>): Client<paths>;
  /** Logs in with an email; returns the session token. */
  login(email: string, password?: string): Promise<string>;
}

export async function openSandbox(options: Partial<SandboxOptions> = {}): Promise<Harness> {
  const sandbox = await Sandbox.open({ dataDir: null, faults: true, ...options });
  const handlers = sandboxHandlers(sandbox);
  const answers: Answer[] = [];
  const fetch = async (input: string | Request, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(new URL(input, ORIGIN), init);
    const response = await getResponse(handlers, request.clone(), { baseUrl: ORIGIN });
    if (!response) throw new Error(`no handler for ${request.method} ${request.url}`);
    if (new URL(request.url).pathname.startsWith('/api/v1/')) {
      const operation = matchOperation(request.method, new URL(request.url).pathname.slice(7));
      answers.push({
        operation: operation?.key ?? `${request.method} ${request.url}`,
        status: response.status,
        problem: await contractProblem(request, response),
      });
    }
    return response;
  };
  const client = (token?: string, headers: Record<string, string> = {}) =>
    createClient<paths>({
      baseUrl: `${ORIGIN}/api/v1`,
      fetch: (request: Request) => fetch(request),
      headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
    });
  return {
    sandbox,
    answers,
    fetch,
    client,
    async login(email, password = 'any password') {
      const { data, error } = await client().POST('/user/login', { body: { email, password } });
      if (!data) throw new Error(`login failed: ${JSON.stringify(error)}`);
      return data.token;
    },
  };
}
