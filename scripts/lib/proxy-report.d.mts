// Types for scripts/lib/proxy-report.mjs (so TypeScript tests can import it).
export declare const PROXY_ERRORS: string;
export declare const HASH_HEADER: string;
export declare const HASH_MEANING: string;

export interface ProxyOperation {
  method: string;
  template: string;
  operationId?: string;
  regex: RegExp;
  literal: number;
}
export interface Violation {
  side: 'request' | 'response';
  where: string;
  rule: string;
  message: string;
  received?: string;
  expected?: string;
  note?: string;
}
export interface Exchange {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export declare function listOperations(document: unknown): ProxyOperation[];
export declare function matchOperation(
  operations: ProxyOperation[],
  method: string,
  url: string,
): ProxyOperation | undefined;
export declare function operationLabel(
  operation: ProxyOperation | undefined,
  method: string,
  url: string,
): string;
export declare function jsonPath(segments: (string | number)[]): string;
export declare function shown(value: unknown, max?: number): string;
export declare function declaredStatuses(document: unknown, operation: ProxyOperation): string[];
export declare function responseSchema(
  document: unknown,
  operation: ProxyOperation,
  status: number,
  contentType?: string,
): unknown;
export declare function undeclaredFields(
  document: unknown,
  schema: unknown,
  value: unknown,
  at?: string[],
): { path: string[]; value: unknown }[];
export declare function findViolations(input: {
  document: unknown;
  operation: ProxyOperation | undefined;
  prism: Exchange;
  backend?: Exchange;
  strict?: boolean;
  expectedHash: string;
}): { violations: Violation[]; replace: boolean };
export declare function replacementAnswer(violations: Violation[]): Record<string, unknown>;
export declare function formatExchange(input: {
  id: string;
  label: string;
  backendStatus?: number;
  status: number;
  violations: Violation[];
}): string[];
export declare function formatViolation(violation: Violation): string[];
export declare function formatCall(input: {
  id: string;
  label: string;
  status?: number;
  violations: Violation[];
  note?: string;
}): string[];
