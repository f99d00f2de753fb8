// The contract, parsed, and its examples (what Prism answers), for unit tests: read with the one
// OpenAPI document module (scripts/lib/openapi-doc.ts).
import path from 'node:path';
import {
  type NamedExample,
  type OpenApiDocument,
  isSuccessStatus,
  listOperations,
  readDocument,
  responseExamples,
} from '../../scripts/lib/openapi-doc';
import { DOC_PATH, OPENAPI_DIR } from '../../scripts/lib/paths';

export const CONTRACT = readDocument(DOC_PATH);

/** The SPEC-only contract (openapi/spec-only.yaml, generated from the contract). */
export const SPEC_ONLY_CONTRACT = readDocument(path.join(OPENAPI_DIR, 'spec-only.yaml'));

const EXAMPLES = responseExamples(CONTRACT);

export interface SuccessExample {
  /** "GET /device/{deviceId}" */
  operation: string;
  operationId: string;
  status: number;
  name: string;
  value: unknown;
}

export function operations(): { operation: string; operationId: string }[] {
  return listOperations(CONTRACT).map((op) => ({
    operation: op.key,
    operationId: op.operationId,
  }));
}

const shape = ({ operation, operationId, status, name, value }: NamedExample) => ({
  operation,
  operationId,
  status: Number(status),
  name,
  value,
});

/** Every named (or single) example of every 2xx JSON answer of every operation. */
export function successExamples(document: OpenApiDocument = CONTRACT): SuccessExample[] {
  const examples = document === CONTRACT ? EXAMPLES : responseExamples(document);
  return examples
    .filter((e) => isSuccessStatus(e.status) && e.mediaType === 'application/json')
    .map(shape);
}

/** The value of one named example. */
export function exampleOf(operation: string, name: string): unknown {
  const found = successExamples().find((e) => e.operation === operation && e.name === name);
  if (!found) throw new Error(`no example ${name} for ${operation}`);
  return structuredClone(found.value);
}

export interface ErrorExample {
  /** "GET /device/{deviceId}" */
  operation: string;
  status: number;
  media: string;
  name: string;
  value: unknown;
}

/** Every named example of every error answer (4xx, 5xx) of every operation, JSON or not. */
export function errorExamples(): ErrorExample[] {
  return EXAMPLES.filter((e) => /^[45]/.test(e.status) && e.name !== '(example)').map((e) => ({
    operation: e.operation,
    status: Number(e.status),
    media: e.mediaType,
    name: e.name,
    value: e.value,
  }));
}
