// The release baseline of the contract, kept in the repository (openapi/released.json), and the
// breaking-change check against it. No git history is read: the check gives the same answer on
// main, on a branch, in a one-commit clone, detached or not.
//
// openapi/released.json is written only by `npm run contract:release`: the wire contract (what the
// hash covers, scripts/lib/contract.mjs wireContract) of the last released document, its version,
// its hash and its operationIds (for readable names of removed operations). Its hash is checked on
// every read, so a hand edit is caught.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import canonicalize from 'canonicalize';
import YAML from 'yaml';
import { DOC_PATH, HASH_PATH, REPO_ROOT, computeHash, wireContract } from './contract.mjs';
import { diffContracts, groupFindings, pathText, pointerText } from './contract-diff.mjs';

export const RELEASED_PATH = path.join(REPO_ROOT, 'openapi', 'released.json');
export const NO_RELEASE = 'no release baseline';
const COMMENT =
  'The last released wire contract of openapi/openapi.yaml (what its hash covers). Written by npm run contract:release; never edit by hand. npm run check:contract compares the document with it.';
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const rel = (file) => path.relative(REPO_ROOT, path.resolve(file)) || file;
const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

// ---------------------------------------------------------------------------------------------
// Versions
// ---------------------------------------------------------------------------------------------

/** "2.1.0" → { major: 2, minor: 1, patch: 0 }; undefined when it is not MAJOR.MINOR.PATCH. */
export function parseVersion(version) {
  const match = /^v?(\d+)\.(\d+)\.(\d+)(?:[-+][0-9A-Za-z.+-]*)?$/.exec(String(version ?? ''));
  if (!match) return undefined;
  return { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3]) };
}

/** Negative, zero or positive, as a is lower than, equal to or higher than b (MAJOR.MINOR.PATCH). */
export function compareVersions(a, b) {
  const x = parseVersion(a);
  const y = parseVersion(b);
  if (!x || !y) throw new Error(`not a MAJOR.MINOR.PATCH version: ${!x ? a : b}`);
  return x.major - y.major || x.minor - y.minor || x.patch - y.patch;
}

/** The next version after `version` for a bump of `level` (major, minor or patch). */
export function bumpVersion(version, level) {
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

function parse(yamlText) {
  const doc = YAML.parseDocument(yamlText, { prettyErrors: true });
  if (doc.errors.length > 0) {
    throw new Error(`openapi document is not valid YAML:\n${doc.errors.map(String).join('\n')}`);
  }
  return doc.toJS({ maxAliasCount: -1 });
}

/** The wire contract of a document with its hash field blanked (what computeHash hashes). */
export function wireOf(yamlText) {
  const value = parse(yamlText);
  let node = value;
  for (const key of HASH_PATH.slice(0, -1)) {
    if (!isObject(node?.[key])) throw new Error(`openapi document has no ${HASH_PATH.join('.')}`);
    node = node[key];
  }
  node[HASH_PATH.at(-1)] = '';
  // Canonical key order, so the snapshot file is the same for the same contract.
  return JSON.parse(canonicalize(wireContract(value)));
}

/** "GET /teams" → "listTeams" for every operation of a parsed document. */
function operationIdsOf(value) {
  const ids = {};
  for (const [template, item] of Object.entries(value?.paths ?? {})) {
    for (const method of METHODS) {
      const id = item?.[method]?.operationId;
      if (typeof id === 'string') ids[`${method.toUpperCase()} ${template}`] = id;
    }
  }
  return ids;
}

const hashOfWire = (wire) => createHash('sha256').update(canonicalize(wire), 'utf8').digest('hex');

/** The release snapshot of a document's text. */
export function snapshotOf(yamlText) {
  const contract = wireOf(yamlText);
  return {
    $comment: COMMENT,
    version: String(contract.info?.version ?? ''),
    hash: computeHash(yamlText),
    operationIds: operationIdsOf(parse(yamlText)),
    contract,
  };
}

/** The snapshot as the file's text (stable: two-space JSON, keys in canonical order). */
export function renderSnapshot(snapshot) {
  return `${JSON.stringify(snapshot, null, 2)}\n`;
}

/**
 * Reads and checks openapi/released.json: { snapshot } or { error, missing? }. A snapshot whose
 * contract does not hash to its recorded hash, or whose version is not its contract's, was edited
 * by hand.
 */
export function readSnapshot(releasedPath = RELEASED_PATH) {
  if (!fs.existsSync(releasedPath)) {
    return {
      missing: true,
      error: `${rel(releasedPath)} does not exist: nothing says which contract was released. Release the current document with npm run contract:release (once, when the backend implements it).`,
    };
  }
  let snapshot;
  try {
    snapshot = JSON.parse(fs.readFileSync(releasedPath, 'utf8'));
  } catch (error) {
    return { error: `${rel(releasedPath)} is not JSON: ${error.message}` };
  }
  const edited = `${rel(releasedPath)} was edited by hand (or is damaged): write it with npm run contract:release only.`;
  if (!isObject(snapshot) || !isObject(snapshot.contract) || typeof snapshot.hash !== 'string') {
    return { error: `${edited} It has no contract or hash.` };
  }
  const hash = hashOfWire(snapshot.contract);
  if (hash !== snapshot.hash) {
    return {
      error: `${edited} Its contract hashes to ${hash}, not to the recorded ${snapshot.hash}.`,
    };
  }
  if (String(snapshot.contract.info?.version) !== snapshot.version) {
    return {
      error: `${edited} It records version ${snapshot.version}, its contract says ${snapshot.contract.info?.version}.`,
    };
  }
  return { snapshot };
}

// ---------------------------------------------------------------------------------------------
// The check
// ---------------------------------------------------------------------------------------------

/** A function from a pointer to "file:line" in the document's text (the deepest part that exists). */
function lineFinder(yamlText, file) {
  const lineCounter = new YAML.LineCounter();
  const doc = YAML.parseDocument(yamlText, { lineCounter });
  return (pointer) => {
    for (let length = pointer.length; length >= 0; length -= 1) {
      const node = doc.getIn(pointer.slice(0, length), true);
      const start = node?.range?.[0];
      if (typeof start === 'number') return `${file}:${lineCounter.linePos(start).line}`;
    }
    return file;
  };
}

/**
 * The findings as text: one entry per place in the document, with the operations it reaches.
 * `names` maps "GET /teams" to "listTeams".
 */
export function describeChanges(groups, { lineOf, released, names = {} }) {
  return groups.map((group) => {
    const where = group.inNew ? lineOf(group.pointer) : `${released} ${pointerText(group.pointer)}`;
    const head = group.inNew
      ? `${pointerText(group.pointer)}: ${group.message} [${group.rule}] (${where})`
      : `${pointerText(group.pointer)}: ${group.message} [${group.rule}] (in ${released})`;
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
function namesOf(snapshot, yamlText) {
  const names = {};
  for (const ids of [snapshot.operationIds ?? {}, operationIdsOf(parse(yamlText))]) {
    for (const [key, id] of Object.entries(ids)) names[key] = id;
  }
  return names;
}

/**
 * The breaking-change check of the document at docPath against the release snapshot.
 * Returns { ok, summary, problems, notes, breaking, compatible, released, version }.
 */
export function checkAgainstRelease({
  docPath = DOC_PATH,
  releasedPath = RELEASED_PATH,
  verbose = false,
} = {}) {
  const notes = [];
  const read = readSnapshot(releasedPath);
  if (read.error) return { ok: false, summary: NO_RELEASE, problems: [read.error], notes };
  const { snapshot } = read;
  const yamlText = fs.readFileSync(docPath, 'utf8');
  const current = wireOf(yamlText);
  const version = String(current.info?.version ?? '');
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
  const describe = (list) =>
    describeChanges(list, {
      lineOf: lineFinder(yamlText, rel(docPath)),
      released: rel(releasedPath),
      names: namesOf(snapshot, yamlText),
    });
  const majorRaised = parseVersion(version).major > parseVersion(snapshot.version).major;
  const versions = `info.version ${snapshot.version} → ${version}`;
  const result = { breaking, compatible, released: snapshot.version, version, notes };
  const hash = computeHash(yamlText);
  if (hash !== snapshot.hash && breaking.length + compatible.length > 0) {
    notes.push(
      `Unreleased: backends of ${snapshot.version} send openapi-hash ${snapshot.hash}; a console built from this document expects ${hash}. Release with npm run contract:release when the backend ships it.`,
    );
  }
  if (compatible.length > 0) {
    if (verbose) notes.push(`Compatible changes:\n${describe(compatible).join('\n')}`);
    else
      notes.push(
        `${compatible.length} compatible change(s): npm run check:contract -- --verbose lists them`,
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
export function setVersion(yamlText, version) {
  const doc = YAML.parseDocument(yamlText);
  const node = doc.getIn(['info', 'version'], true);
  if (!YAML.isScalar(node) || !node.range) throw new Error('openapi document has no info.version');
  const [start, end] = node.range;
  return `${yamlText.slice(0, start)}${version}${yamlText.slice(end)}`;
}
