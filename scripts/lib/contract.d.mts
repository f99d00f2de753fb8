// Types for scripts/lib/contract.mjs (so TypeScript tests can import it).
export declare const REPO_ROOT: string;
export declare const DOC_PATH: string;
export declare const GENERATED_DIR: string;
export declare const SPECTRAL_RULESET: string;
export declare const HASH_PATH: readonly string[];
export declare const HASH_PATH_TEXT: string;
export declare const HASH_PATTERN: RegExp;
export declare const GENERATED_HEADER: string;
export declare const DOC_ONLY_KEYWORDS: readonly string[];
export declare const DIFF_LINES: number;

export type GeneratedFiles = Record<string, string>;
export interface CheckResult {
  ok: boolean;
  problems: string[];
}

export declare function wireContract(document: unknown): unknown;
export declare function computeHash(yamlText: string): string;
export declare function unifiedDiff(
  name: string,
  actual: string,
  expected: string,
  maxLines?: number,
): string;
export declare function readStampedHash(yamlText: string): unknown;
export declare function stampHash(yamlText: string, hash: string): string;
export declare function renderGenerated(docPath: string): Promise<GeneratedFiles>;
export declare function expectedOutput(docPath: string): Promise<{
  text: string;
  hash: string;
  stampedText: string;
  files: GeneratedFiles;
}>;
export declare function generate(options?: {
  docPath?: string;
  outDir?: string;
}): Promise<{ hash: string; written: string[] }>;
export declare function checkStampedHash(
  yamlText: string,
): CheckResult & { computed: string; stamped: unknown };
export declare function checkGenerated(options?: {
  docPath?: string;
  outDir?: string;
}): Promise<CheckResult & { files: string[] }>;

export interface SpectralResult {
  code: string | number;
  message: string;
  path: (string | number)[];
  severity: number;
  source?: string;
  range?: { start: { line: number; character: number }; end: { line: number; character: number } };
}
export declare function runSpectral(options?: {
  docPath?: string;
  ruleset?: string;
}): CheckResult & { errors: SpectralResult[]; warnings: SpectralResult[]; lines?: string[] };
