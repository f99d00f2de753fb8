// Types for scripts/lib/spec-gaps.mjs (so TypeScript tests can import it).
export declare const PROPOSALS_PATH: string;
export declare const SPEC_ONLY_PATH: string;
export declare const MARK: 'x-spec-gap';
export type SpecGapKind = 'adds-call' | 'adds-field' | 'fills-gap';
export declare const SPEC_GAP_KINDS: Readonly<
  Record<SpecGapKind, { title: string; removed: boolean; intro: string }>
>;
export declare const GENERATED_NOTE: string;

export interface SpecGap {
  keys: (string | number)[];
  kind: SpecGapKind;
  why: string;
  without: string;
  title: string;
  operation?: string;
  usedBy?: string[];
}
export declare function collectSpecGaps(document: unknown): SpecGap[];
export declare function pruneToSchema(document: unknown, schema: unknown, value: unknown): unknown;
export declare function specOnlyDocument<T>(document: T): T;
export declare function renderSpecOnly(yamlText: string): string;
export declare function renderProposals(yamlText: string): string;
export declare function renderSpecGapFiles(docPath?: string): Record<string, string>;
export declare function writeSpecGapFiles(docPath?: string): string[];
export declare function checkSpecGapFiles(docPath?: string): {
  ok: boolean;
  summary: string;
  problems: string[];
};
