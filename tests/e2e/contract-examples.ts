import type { components } from '../../generated/api';
import { exampleOf, readDocument, responseExamples } from '../../scripts/lib/openapi-doc';
import { DOC_PATH } from '../../scripts/lib/paths';

/** The contract's schema types: tests type the examples with these, never with copies. */
export type Schemas = components['schemas'];

/**
 * The contract's named examples are the QA scenarios; tests read their expectations from them
 * instead of copying values (read with scripts/lib/openapi-doc.ts).
 */
const EXAMPLES = responseExamples(readDocument(DOC_PATH));

/** The value of a named response example (status defaults to the first 2xx). */
export function example<T = unknown>(operationId: string, name: string, status?: string): T {
  return exampleOf<T>(EXAMPLES, operationId, { name, status });
}

/** The first (default) example Prism serves (status defaults to the first 2xx). */
export function defaultExample<T = unknown>(operationId: string, status?: string): T {
  return exampleOf<T>(EXAMPLES, operationId, { status });
}
