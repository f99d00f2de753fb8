// The release baseline of the contract, kept in the repository (openapi/released.json), and the
// breaking-change check against it. No git history is read: the check gives the same answer on
// main, on a branch, in a one-commit clone, detached or not.
//
// openapi/released.json is written only by `npm run contract:release`: the wire contract (what the
// hash covers, scripts/lib/contract-hash.ts wireContract) of the last released document, its version,
// its hash, its operationIds (for readable names of removed operations) and its line: the release
// that opened its major version, whose hash is the openapi-hash of every release of that line
// (contract-hash.ts lineHash). Its hash is checked on every read, so a hand edit is caught.
import fs from 'node:fs';
import path from 'node:path';
import canonicalize from 'canonicalize';
import YAML from 'yaml';
import {
  type ContractLine,
  HASH_PATTERN,
  blankHash,
  computeHash,
  lineHash,
  majorOf,
  sha256OfJson,
  wireContract,
} from './contract-hash';
import {
  type FindingGroup,
  type Pointer,
  diffContracts,
  groupFindings,
  pathText,
  pointerText,
} from './contract-diff';
import type { CheckResult } from './contract-staleness';
import { type JsonObject, isObject, listOperations, parseDocument } from './openapi-doc';
import { DOC_PATH, OPENAPI_DIR, REPO_ROOT, repoPath } from './paths';

export const RELEASED_PATH = path.join(OPENAPI_DIR, 'released.json');
export const NO_RELEASE = 'no release baseline';
const COMMENT =
  'The last released wire contract of openapi/openapi.yaml (what its hash covers). Written by npm run contract:release; never edit by hand. npm run check:contract compares the document with it.';

export interface Version {
  major: number;
  minor: number;
  patch: number;
}

export type BumpLevel = 'major' | 'minor' | 'patch';

/** openapi/released.json */
export interface Snapshot {
  $comment: string;
  version: string;
  hash: string;
  /**
   * The release that opened this major line: its hash is the openapi-hash every release of the
   * line sends (and every console built from one expects).
   */
  line: ContractLine;
  operationIds: Record<string, string>;
  contract: JsonObject;
}

// ---------------------------------------------------------------------------------------------
// Versions
// ---------------------------------------------------------------------------------------------

/** "2.1.0" → { major: 2, minor: 1, patch: 0 }; undefined when it is not MAJOR.MINOR.PATCH. */
export function parseVersion(version: unknown): Version | undefined {
  const match = /^v?(\d+)\.(\d+)\.(\d+)(?:[-+][0-9A-Za-z.+-]*)?$/.exec(String(version ?? ''));
  if (!match) return undefined;
  return { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3]) };
}

/** Negative, zero or positive, as a is lower than, equal to or higher than b (MAJOR.MINOR.PATCH). */
export function compareVersions(a: string, b: string): number {
  const x = parseVersion(a);
  const y = parseVersion(b);
  if (!x || !y) throw new Error(`not a MAJOR.MINOR.PATCH version: ${!x ? a : b}`);
  return x.major - y.major || x.minor - y.minor || x.patch - y.patch;
}

/** The next version after `version` for a bump of `level` (major, minor or patch). */
export function bumpVersion(version: string, level: string): string {
  const v = parseVersion(version);
  if (!v) throw new Error(`not a MAJOR.MINOR.PATCH version: ${version}`);
  if (level === 'major') return `${v.major + 1}.0.0`;
  if (level === 'minor') return `${v.major}.${v.minor + 1}.0`;
  if (level === 'patch') return `${v.major}.${v.minor}.${v.patch + 1}`;
  throw new Error(`--bump takes major, minor or patch, not ${JSON.stringify(level)}`);
}

// ---------------------------------------------------------------------------------------------
// The snapshot
// ---------------------------------------------------------------------------------------------

/** The wire contract of a document with its hash field blanked (what computeHash hashes). */
export function wireOf(yamlText: string): JsonObject {
  const wire = wireContract(blankHash(parseDocument(yamlText)));
  // Canonical key order, so the snapshot file is the same for the same contract.
  return JSON.parse(canonicalize(wire) ?? '{}') as JsonObject;
}

/** "GET /teams" → "listTeams" for every operation of a parsed document. */
function operationIdsOf(value: unknown): Record<string, string> {
  return Object.fromEntries(
    listOperations(value)
      .filter((op) => op.operationId !== '')
      .map((op) => [op.key, op.operationId]),
  );
}

const versionOf = (contract: JsonObject): unknown =>
  isObject(contract.info) ? contract.info.version : undefined;

/**
 * The release snapshot of a document's text. `previous` is the release before it: a release of the
 * same major keeps its line, a raised major (or a first release) opens a line of its own.
 */
export function snapshotOf(yamlText: string, previous?: Snapshot): Snapshot {
  const contract = wireOf(yamlText);
  const version = String(versionOf(contract) ?? '');
  const hash = computeHash(yamlText);
  const line =
    previous && majorOf(previous.line.version) === majorOf(version)
      ? previous.line
      : { version, hash };
  return {
    $comment: COMMENT,
    version,
    hash,
    line,
    operationIds: operationIdsOf(parseDocument(yamlText)),
    contract,
  };
}

/** The snapshot as the file's text (stable: two-space JSON, keys in canonical order). */
export function renderSnapshot(snapshot: Snapshot): string {
  return `${JSON.stringify(snapshot, null, 2)}\n`;
}

/**
 * Reads and checks openapi/released.json: { snapshot } or { error, missing? }. A snapshot whose
 * contract does not hash to its recorded hash, or whose version is not its contract's, was edited
 * by hand.
 */
export function readSnapshot(
  releasedPath = RELEASED_PATH,
  root = REPO_ROOT,
):
  | { snapshot: Snapshot; error?: undefined; missing?: undefined }
  | { error: string; missing?: boolean; snapshot?: undefined } {
  const rel = (file: string) => repoPath(file, root);
  if (!fs.existsSync(releasedPath)) {
    return {
      missing: true,
      error: `${rel(releasedPath)} does not exist: nothing says which contract was released. Release the current document with npm run contract:release (once, when the backend implements it).`,
    };
  }
  let snapshot: unknown;
  try {
    snapshot = JSON.parse(fs.readFileSync(releasedPath, 'utf8'));
  } catch (error) {
    return { error: `${rel(releasedPath)} is not JSON: ${(error as Error).message}` };
  }
  const edited = `${rel(releasedPath)} was edited by hand (or is damaged): write it with npm run contract:release only.`;
  if (!isObject(snapshot) || !isObject(snapshot.contract) || typeof snapshot.hash !== 'string') {
    return { error: `${edited} It has no contract or hash.` };
  }
  const hash = sha256OfJson(snapshot.contract);
  if (hash !== snapshot.hash) {
    return {
      error: `${edited} Its contract hashes to ${hash}, not to the recorded ${snapshot.hash}.`,
    };
  }
  if (String(versionOf(snapshot.contract)) !== snapshot.version) {
    return {
      error: `${edited} It records version ${String(snapshot.version)}, its contract says ${String(versionOf(snapshot.contract))}.`,
    };
  }
  const line = snapshot.line;
  if (
    !isObject(line) ||
    typeof line.version !== 'string' ||
    typeof line.hash !== 'string' ||
    !HASH_PATTERN.test(line.hash) ||
    majorOf(line.version) === undefined ||
    majorOf(line.version) !== majorOf(snapshot.version) ||
    compareVersions(line.version, snapshot.version) > 0 ||
    (line.version === snapshot.version && line.hash !== snapshot.hash)
  ) {
    return {
      error: `${edited} Its line (the release that opened major ${String(majorOf(snapshot.version))}) is not one of its own major's releases up to ${snapshot.version}.`,
    };
  }
  return { snapshot: snapshot as unknown as Snapshot };
}

/**
 * The line of the last release at `releasedPath` (undefined when there is none or it cannot be
 * read: the stamped hash is then the computed one, and check:contract names the problem).
 */
export function releasedLine(releasedPath = RELEASED_PATH): ContractLine | undefined {
  return readSnapshot(releasedPath).snapshot?.line;
}

/** openapi/released.json next to a document. */
export const releasedPathFor = (docPath: string): string =>
  path.join(path.dirname(docPath), 'released.json');

/** The openapi-hash a server of the document at docPath must send (its line's hash). */
export function expectedHashOf(yamlText: string, releasedPath = RELEASED_PATH): string {
  return lineHash(yamlText, releasedLine(releasedPath));
}

// ---------------------------------------------------------------------------------------------
// The check
// ---------------------------------------------------------------------------------------------

/** A function from a pointer to "file:line" in the document's text (the deepest part that exists). */
function lineFinder(yamlText: string, file: string): (pointer: Pointer) => string {
  const lineCounter = new YAML.LineCounter();
  const doc = YAML.parseDocument(yamlText, { lineCounter });
  return (pointer) => {
    for (let length = pointer.length; length >= 0; length -= 1) {
      const node = doc.getIn(pointer.slice(0, length), true);
      const start = YAML.isNode(node) ? node.range?.[0] : undefined;
      if (typeof start === 'number') return `${file}:${lineCounter.linePos(start).line}`;
    }
    return file;
  };
}

/**
 * The findings as text: one entry per place in the document, with the operations it reaches.
 * `names` maps "GET /teams" to "listTeams".
 */
export function describeChanges(
  groups: FindingGroup[],
  {
    lineOf,
    released,
    names = {},
  }: { lineOf: (pointer: Pointer) => string; released: string; names?: Record<string, string> },
): string[] {
  return groups.map((group) => {
    const where = group.inNew ? lineOf(group.pointer) : `in ${released}`;
    const head = `${pointerText(group.pointer)}: ${group.message} [${group.rule}] (${where})`;
    const uses = group.uses.map((use) => {
      const name = names[use.operation] ? ` (${names[use.operation]})` : '';
      const part = [use.where, use.path.length > 0 ? pathText(use.path) : '']
        .filter(Boolean)
        .join(' ');
      return `${use.operation}${name}${part ? ` ${part}` : ''}`;
    });
    return `${head}\n  in ${uses.join('\n     ')}`;
  });
}

/** Operation names of both sides, so removed operations keep theirs. */
function namesOf(snapshot: Snapshot, yamlText: string): Record<string, string> {
  return { ...snapshot.operationIds, ...operationIdsOf(parseDocument(yamlText)) };
}

/**
 * The breaking-change check of the document at docPath against the release snapshot.
 * Returns { ok, summary, problems, notes, breaking, compatible, released, version }.
 */
export interface ReleaseCheck extends CheckResult {
  summary: string;
  notes: string[];
  breaking?: FindingGroup[];
  compatible?: FindingGroup[];
  released?: string;
  version?: string;
}

export function checkAgainstRelease({
  docPath = DOC_PATH,
  releasedPath = RELEASED_PATH,
  verbose = false,
  root = REPO_ROOT,
}: {
  docPath?: string;
  releasedPath?: string;
  verbose?: boolean;
  /** The repository the files are in: messages name them relative to it. */
  root?: string;
} = {}): ReleaseCheck {
  const rel = (file: string) => repoPath(file, root);
  const notes: string[] = [];
  const read = readSnapshot(releasedPath, root);
  if (read.error !== undefined) {
    return { ok: false, summary: NO_RELEASE, problems: [read.error], notes };
  }
  const { snapshot } = read;
  const yamlText = fs.readFileSync(docPath, 'utf8');
  const current = wireOf(yamlText);
  const version = String(versionOf(current) ?? '');
  const released = `release ${snapshot.version} (${rel(releasedPath)})`;
  if (!parseVersion(version)) {
    return {
      ok: false,
      summary: `info.version ${JSON.stringify(version)} is not MAJOR.MINOR.PATCH`,
      problems: [`Set info.version in ${rel(docPath)} to a MAJOR.MINOR.PATCH version.`],
      notes,
    };
  }
  if (compareVersions(version, snapshot.version) < 0) {
    return {
      ok: false,
      summary: `info.version ${version} is lower than the released ${snapshot.version}`,
      problems: [
        `A document is never older than its last release: set info.version to ${snapshot.version} or higher, then npm run generate.`,
      ],
      notes,
    };
  }
  const findings = diffContracts(snapshot.contract, current);
  const groups = groupFindings(findings);
  const breaking = groups.filter((group) => group.breaking);
  const compatible = groups.filter((group) => !group.breaking);
  const describe = (list: FindingGroup[]) =>
    describeChanges(list, {
      lineOf: lineFinder(yamlText, rel(docPath)),
      released: rel(releasedPath),
      names: namesOf(snapshot, yamlText),
    });
  const majorRaised = parseVersion(version)!.major > (parseVersion(snapshot.version)?.major ?? 0);
  const versions = `info.version ${snapshot.version} → ${version}`;
  const result = { breaking, compatible, released: snapshot.version, version, notes };
  const hash = lineHash(yamlText, snapshot.line);
  // Breaking changes without a raised major fail below, with their own advice.
  const refused = breaking.length > 0 && !majorRaised;
  if (computeHash(yamlText) !== snapshot.hash && !refused) {
    notes.push(
      hash === snapshot.line.hash
        ? `Unreleased, same line: backends of ${snapshot.version} and consoles built from this document both use openapi-hash ${hash} (the line of ${snapshot.line.version}), so either may deploy first. Release with npm run contract:release when the backend ships it.`
        : `Unreleased, new line: backends of ${snapshot.version} send openapi-hash ${snapshot.line.hash}; a console built from this document expects ${hash}. Deploy the console right after its backend (docs/contract.md, "Deploying"). Release with npm run contract:release when the backend ships it.`,
    );
  }
  if (compatible.length > 0) {
    notes.push(
      verbose
        ? `Compatible changes:\n${describe(compatible).join('\n')}`
        : `${compatible.length} compatible change(s): npm run check:contract -- --verbose lists them`,
    );
  }
  if (breaking.length === 0) {
    const what =
      compatible.length === 0
        ? `the document is ${released}`
        : `no breaking change against ${released} (${versions}; ${compatible.length} compatible change(s))`;
    return { ...result, ok: true, summary: what, problems: [] };
  }
  if (majorRaised) {
    notes.unshift(
      `Breaking changes, allowed by the raised major version:\n${describe(breaking).join('\n')}`,
    );
    return {
      ...result,
      ok: true,
      summary: `${breaking.length} breaking change(s) against ${released}, allowed: the major version is raised (${versions})`,
      problems: [],
    };
  }
  notes.unshift(
    `Undo them, or raise the major info.version (${snapshot.version} → ${bumpVersion(snapshot.version, 'major')}) and run npm run generate; release it with npm run contract:release when the backend ships it.`,
  );
  return {
    ...result,
    ok: false,
    summary: `${breaking.length} breaking change(s) against ${released} without a raised major version (${versions})`,
    problems: describe(breaking),
  };
}

// ---------------------------------------------------------------------------------------------
// Releasing
// ---------------------------------------------------------------------------------------------

/** Replaces only the text of info.version (the rest of the document stays byte for byte). */
export function setVersion(yamlText: string, version: string): string {
  const doc = YAML.parseDocument(yamlText);
  const node = doc.getIn(['info', 'version'], true);
  if (!YAML.isScalar(node) || !node.range) throw new Error('openapi document has no info.version');
  const [start, end] = node.range;
  return `${yamlText.slice(0, start)}${version}${yamlText.slice(end)}`;
}

// ---------------------------------------------------------------------------------------------
// npm run contract:release
// ---------------------------------------------------------------------------------------------

/** A release refused: the command prints the message and exits 1. */
export class ReleaseRefused extends Error {}

/**
 * Makes the document the release baseline (writes `releasedPath`); with `bump`, raises info.version
 * from the released one first and regenerates. Returns the lines to print; throws ReleaseRefused
 * (nothing written) when the document cannot be released.
 */
export async function releaseContract({
  bump,
  docPath = DOC_PATH,
  releasedPath = RELEASED_PATH,
  outDir,
  root = REPO_ROOT,
}: {
  bump?: BumpLevel;
  docPath?: string;
  releasedPath?: string;
  /** generated/ (default: next to the document's folder) */
  outDir?: string;
  /** The repository the files are in: messages name them relative to it. */
  root?: string;
} = {}): Promise<string[]> {
  const rel = (file: string) => repoPath(file, root);
  // Generation is heavy (openapi-typescript): loaded only for a release.
  const { checkGenerated, generateContract } = await import('./contract-generate');
  const { checkStampedHash } = await import('./contract-staleness');
  const generatedDir = outDir ?? path.join(path.dirname(path.dirname(docPath)), 'generated');
  const lines: string[] = [];
  const read = readSnapshot(releasedPath, root);
  if (read.error && !read.missing) throw new ReleaseRefused(read.error);
  const previous = read.snapshot;

  if (bump) {
    const text = fs.readFileSync(docPath, 'utf8');
    const current = snapshotOf(text).version;
    if (!parseVersion(current)) {
      throw new ReleaseRefused(`info.version ${JSON.stringify(current)} is not MAJOR.MINOR.PATCH`);
    }
    const next = bumpVersion(previous?.version ?? current, bump);
    if (compareVersions(current, next) > 0) {
      throw new ReleaseRefused(
        `info.version is already ${current}, higher than --bump ${bump} gives (${next}): release without --bump`,
      );
    }
    if (previous) {
      // Refuse before anything is written: a breaking change needs a major release.
      const breaking = groupFindings(diffContracts(previous.contract, wireOf(text))).filter(
        (group) => group.breaking,
      );
      if (
        breaking.length > 0 &&
        parseVersion(next)!.major <= parseVersion(previous.version)!.major
      ) {
        throw new ReleaseRefused(
          `${breaking.length} breaking change(s) since release ${previous.version} need a major release: npm run contract:release -- --bump major (${bumpVersion(previous.version, 'major')}); npm run check:contract lists them`,
        );
      }
    }
    if (current !== next) {
      fs.writeFileSync(docPath, setVersion(text, next));
      // As npm run generate does: generated/, and the proposals and the SPEC-only contract, which
      // carry the version too.
      const { written } = await generateContract({ docPath, outDir: generatedDir, releasedPath });
      lines.push(
        `contract:release: info.version ${current} → ${next}; wrote ${written.map(rel).join(', ')}`,
      );
    }
  }

  const text = fs.readFileSync(docPath, 'utf8');
  const stale = [
    ...checkStampedHash(text, previous?.line).problems,
    ...(await checkGenerated({ docPath, outDir: generatedDir, releasedPath })).problems,
  ];
  if (stale.length > 0) {
    throw new ReleaseRefused(
      `the document and generated/ are not current: run npm run generate first\n${stale.map((p) => `  ✖ ${p.split('\n')[0]}`).join('\n')}`,
    );
  }
  const snapshot = snapshotOf(text, previous);

  if (previous) {
    if (previous.hash === snapshot.hash) {
      return [
        ...lines,
        `contract:release: nothing to release: ${rel(docPath)} is release ${previous.version} (hash ${previous.hash})`,
      ];
    }
    const check = checkAgainstRelease({ docPath, releasedPath, verbose: true, root });
    const breaking = check.breaking?.length ?? 0;
    if (!check.ok) {
      const hint =
        breaking > 0
          ? `\nA breaking change needs a major release: npm run contract:release -- --bump major (${bumpVersion(previous.version, 'major')}).`
          : '';
      throw new ReleaseRefused(
        `${check.summary}\n${check.problems.map((p) => `  ✖ ${p.replaceAll('\n', '\n    ')}`).join('\n')}${hint}`,
      );
    }
    if (compareVersions(snapshot.version, previous.version) <= 0) {
      const level = breaking > 0 ? 'major' : 'minor';
      throw new ReleaseRefused(
        `the contract changed since release ${previous.version} but info.version did not: run npm run contract:release -- --bump ${level} (${bumpVersion(previous.version, level)})`,
      );
    }
    lines.push(`contract:release: changes since release ${previous.version}:`);
    for (const note of check.notes.filter((note) => !note.startsWith('Unreleased'))) {
      lines.push(`  ${note.replaceAll('\n', '\n    ')}`);
    }
  }

  fs.writeFileSync(releasedPath, renderSnapshot(snapshot));
  lines.push(
    `contract:release: released ${snapshot.version} (openapi-hash ${snapshot.line.hash}) into ${rel(releasedPath)}` +
      `${previous ? `, replacing ${previous.version}` : ''}. Commit it with ${rel(docPath)} and ${rel(generatedDir)}/.`,
    snapshot.line.version === snapshot.version
      ? `contract:release: ${snapshot.version} opens contract line ${String(majorOf(snapshot.version))}: servers of it send, and consoles built from it expect, openapi-hash ${snapshot.line.hash}; consoles and backends of an older line see a new version.`
      : `contract:release: ${snapshot.version} is compatible with line ${String(majorOf(snapshot.version))} (opened by ${snapshot.line.version}): the openapi-hash stays ${snapshot.line.hash}, so consoles and backends of the line keep working in either deploy order.`,
  );
  return lines;
}
