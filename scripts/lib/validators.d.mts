// Types for scripts/lib/validators.mjs (so TypeScript tests can import it).
export declare class UnsupportedSchemaError extends Error {}
export declare function kebab(operationId: string): string;
export interface ListedOperation {
  method: string;
  path: string;
  operationId: string;
  successes: [string, unknown][];
}
export declare function listOperations(doc: unknown): ListedOperation[];
/** [[status, componentSchemaName]] of every error status with a JSON body, sorted by status. */
export declare function listErrorBodies(doc: unknown): [string, string][];
export interface ListedRequestBody {
  /** "METHOD /path/template" */
  key: string;
  /** lower case, as in the document */
  method: string;
  path: string;
  operationId: string;
  schema: unknown;
}
/** Every operation with a JSON request body, in operationId order. */
export declare function listRequestBodies(doc: unknown): ListedRequestBody[];
export declare function renderValidators(
  doc: unknown,
  options?: { header?: string },
): Record<string, string>;
