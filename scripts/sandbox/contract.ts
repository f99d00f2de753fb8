// What the sandbox reads from the contract itself (openapi/openapi.yaml): the operations with their
// declared statuses and security, and the named examples (the story it seeds worlds from, and the
// answers to a `Prefer` header, chosen the way Prism's mock chooses them).
import {
  type PathMatcher,
  matchOperation as match,
  operationIsPublic,
  pathMatcher,
} from '../lib/contract-rules';
import {
  listOperations,
  objectOr,
  operationResponses,
  readDocument,
  responseExamples,
} from '../lib/openapi-doc';
import { DOC_PATH } from '../lib/paths';

/** The story's "today" (openapi/SCENARIOS.md): every date of the examples is relative to it. */
export const STORY_NOW = '2026-11-21T12:00:00Z';
export const STORY_NOW_MS = Date.parse(STORY_NOW);

export interface ContractAnswer {
  status: number;
  /** 'application/json', 'text/html', or null for an answer without a body. */
  mediaType: string | null;
  /** Named examples of this answer, in document order. */
  examples: Map<string, unknown>;
}

export interface ContractOperation extends PathMatcher {
  /** "GET /team/{teamId}/devices" */
  key: string;
  method: string;
  path: string;
  /** false: callable signed out (contract-rules.ts operationIsPublic). */
  secured: boolean;
  answers: Map<number, ContractAnswer>;
}

const document = readDocument(DOC_PATH);

function readOperations(): ContractOperation[] {
  const examples = responseExamples(document);
  return listOperations(document).map((op) => {
    const answers = new Map<number, ContractAnswer>();
    for (const [status, response] of operationResponses(document, op)) {
      // The first media type's named examples (as Prism's mock answers them).
      const mediaType = Object.keys(objectOr(response.content))[0] ?? null;
      const named = new Map<string, unknown>();
      for (const example of examples) {
        if (example.operation !== op.key || example.status !== status) continue;
        if (example.mediaType !== mediaType || example.name === '(example)') continue;
        named.set(example.name, example.value);
      }
      answers.set(Number(status), { status: Number(status), mediaType, examples: named });
    }
    return {
      key: op.key,
      method: op.method,
      path: op.path,
      secured: !operationIsPublic(document, op.operation),
      ...pathMatcher(op.path),
      answers,
    };
  });
}

export const OPERATIONS: readonly ContractOperation[] = readOperations();
const BY_KEY = new Map(OPERATIONS.map((operation) => [operation.key, operation]));

export function operation(key: string): ContractOperation {
  const found = BY_KEY.get(key);
  if (!found) throw new Error(`the contract has no operation ${key}`);
  return found;
}

/** The operation a request names ("GET", "/team/7e00.../devices"), if the contract has one. */
export function matchOperation(method: string, pathname: string): ContractOperation | undefined {
  return match(OPERATIONS, method, pathname);
}

/** The value of a named example of an operation's answer (lowest 2xx when no status is given). */
export function example<T = unknown>(key: string, name: string, status?: number): T {
  const answers = operation(key).answers;
  const answer =
    status === undefined
      ? [...answers.values()].filter((a) => a.status < 300).sort((a, b) => a.status - b.status)[0]
      : answers.get(status);
  if (!answer?.examples.has(name)) {
    throw new Error(`the contract has no example ${name} for ${key} ${status ?? '2xx'}`);
  }
  return structuredClone(answer.examples.get(name)) as T;
}

/** The contract's error example of a status (e.g. 401 "expired"), as a value. */
export function errorExample<T = unknown>(status: number, name: string): T {
  for (const item of OPERATIONS) {
    const answer = item.answers.get(status);
    if (answer?.examples.has(name)) return structuredClone(answer.examples.get(name)) as T;
  }
  throw new Error(`the contract has no ${status} example ${name}`);
}

export interface PreferChoice {
  code?: number;
  example?: string;
}

/** Prism's `Prefer` header: `example=NAME`, `code=N` or both (comma separated). */
export function parsePrefer(header: string | null): PreferChoice | null {
  if (!header) return null;
  const choice: PreferChoice = {};
  for (const part of header.split(',')) {
    const [name = '', value = ''] = part.split('=').map((text) => text.trim());
    if (name === 'code' && /^\d{3}$/.test(value)) choice.code = Number(value);
    else if (name === 'example' && value !== '') choice.example = value;
  }
  return choice.code === undefined && choice.example === undefined ? null : choice;
}

export interface ExampleAnswer {
  status: number;
  mediaType: string | null;
  body: unknown;
}

/**
 * The answer Prism's mock gives to a `Prefer` header: the response of the chosen status (else the
 * lowest 2xx), its named example (else its first one). Null when the operation has no such status
 * or example (Prism answers those with its own 404).
 */
export function preferredAnswer(key: string, choice: PreferChoice): ExampleAnswer | null {
  const answers = [...operation(key).answers.values()].sort((a, b) => a.status - b.status);
  const answer =
    choice.code === undefined
      ? answers.find((item) => item.status >= 200 && item.status < 300)
      : answers.find((item) => item.status === choice.code);
  if (!answer) return null;
  if (answer.mediaType === null) {
    return choice.example === undefined
      ? { status: answer.status, mediaType: null, body: null }
      : null;
  }
  const name = choice.example ?? answer.examples.keys().next().value;
  if (name === undefined || !answer.examples.has(name)) return null;
  return {
    status: answer.status,
    mediaType: answer.mediaType,
    body: structuredClone(answer.examples.get(name)),
  };
}

/** Whether the contract declares `status` for the operation. */
export function declares(key: string, status: number): boolean {
  return operation(key).answers.has(status);
}
