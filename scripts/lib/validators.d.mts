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
export declare function renderValidators(
  doc: unknown,
  options?: { header?: string },
): Record<string, string>;
