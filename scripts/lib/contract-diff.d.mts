// Types for scripts/lib/contract-diff.mjs (so TypeScript tests can import it).
export type Pointer = (string | number)[];

export interface Finding {
  breaking: boolean;
  kind: 'narrowed' | 'widened' | 'changed' | 'removed' | 'added';
  rule: string;
  message: string;
  operation: string;
  where: string;
  path: string[];
  pointer: Pointer;
  inNew: boolean;
}
export interface FindingGroup {
  breaking: boolean;
  rule: string;
  message: string;
  pointer: Pointer;
  inNew: boolean;
  uses: { operation: string; where: string; path: string[] }[];
}

export declare function diffContracts(oldDoc: unknown, newDoc: unknown): Finding[];
export declare function groupFindings(findings: Finding[]): FindingGroup[];
export declare function pathText(path: string[]): string;
export declare function pointerText(pointer: Pointer): string;
