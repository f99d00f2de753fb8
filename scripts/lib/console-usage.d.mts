// Types for scripts/lib/console-usage.mjs (so TypeScript tests can import it).
export declare const USAGE_PATH: string;
export interface CodeUsage {
  /** "METHOD /path/template" → the files that call it */
  calls: Map<string, Set<string>>;
  /** declaration paths in generated/api.d.ts of the properties the code reads */
  reads: Set<string>;
}
export declare function analyseCode(options?: {
  srcDir?: string;
  apiTypes?: string;
  followTypes?: boolean;
}): CodeUsage;
export declare function fieldsOf(
  document: unknown,
  schema: unknown,
  prefix: string[],
  at?: string,
): { path: string; key: string }[];
export declare function renderUsage(document: unknown, usage: CodeUsage): string;
export declare function expectedUsage(options?: { docPath?: string; fresh?: boolean }): string;
export declare function checkUsage(options?: { usagePath?: string }): {
  ok: boolean;
  summary: string;
  problems: string[];
};
