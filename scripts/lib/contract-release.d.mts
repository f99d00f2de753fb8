// Types for scripts/lib/contract-release.mjs (so TypeScript tests can import it).
import type { FindingGroup } from './contract-diff.mjs';

export declare const RELEASED_PATH: string;
export declare const NO_RELEASE: string;

export interface Version {
  major: number;
  minor: number;
  patch: number;
}
export declare function parseVersion(version: unknown): Version | undefined;
export declare function compareVersions(a: string, b: string): number;
export declare function bumpVersion(version: string, level: 'major' | 'minor' | 'patch'): string;

export interface Snapshot {
  $comment: string;
  version: string;
  hash: string;
  operationIds: Record<string, string>;
  contract: Record<string, unknown>;
}
export declare function wireOf(yamlText: string): Record<string, unknown>;
export declare function snapshotOf(yamlText: string): Snapshot;
export declare function renderSnapshot(snapshot: Snapshot): string;
export declare function readSnapshot(
  releasedPath?: string,
):
  | { snapshot: Snapshot; error?: undefined }
  | { error: string; missing?: boolean; snapshot?: undefined };
export declare function describeChanges(
  groups: FindingGroup[],
  options: {
    lineOf: (pointer: (string | number)[]) => string;
    released: string;
    names?: Record<string, string>;
  },
): string[];
export declare function checkAgainstRelease(options?: {
  docPath?: string;
  releasedPath?: string;
  verbose?: boolean;
}): {
  ok: boolean;
  summary: string;
  problems: string[];
  notes: string[];
  breaking?: FindingGroup[];
  compatible?: FindingGroup[];
  released?: string;
  version?: string;
};
export declare function setVersion(yamlText: string, version: string): string;
