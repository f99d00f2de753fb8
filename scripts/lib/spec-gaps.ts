// The contract's proposals (x-spec-gap marks) and what is generated from them:
//   openapi/PROPOSALS.md   each proposal, why the console wants it, what it does without it
//   openapi/spec-only.yaml the contract without the proposals that add a field or a call to what
//                          the SPEC shows: a backend built to the SPEC alone (npm run mock -- --spec-only)
// Both are written by `npm run generate` and checked for staleness by `npm run check:contract`.
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { type CheckResult, compareFiles, writeIfChanged } from './contract-staleness';
import {
  type JsonObject,
  type OpenApiDocument,
  deref,
  isHttpMethod,
  isObject,
  listOperations,
  parseDocument,
  reachableRefs,
  valueAt,
} from './openapi-doc';
import { DOC_PATH, REPO_ROOT, repoPath } from './paths';

export const PROPOSALS_PATH = path.join(REPO_ROOT, 'openapi', 'PROPOSALS.md');
export const SPEC_ONLY_PATH = path.join(REPO_ROOT, 'openapi', 'spec-only.yaml');
export const MARK = 'x-spec-gap';

/**
 * The kinds of proposal, in the order PROPOSALS.md lists them. `removed`: left out of the
 * SPEC-only contract (the console must work without it).
 */
export type SpecGapKind = 'adds-call' | 'adds-field' | 'fills-gap';

export const SPEC_GAP_KINDS: Readonly<
  Record<SpecGapKind, { title: string; removed: boolean; intro: string }>
> = Object.freeze({
  'adds-call': {
    title: 'Calls the SPEC does not have',
    removed: true,
    intro: 'The SPEC-only contract leaves these operations out: against it Prism answers them 404.',
  },
  'adds-field': {
    title: 'Fields beyond the payload or answer the SPEC shows',
    removed: true,
    intro:
      'The SPEC-only contract leaves these fields out of its schemas and examples. Each is optional in the contract.',
  },
  'fills-gap': {
    title: 'Shapes for details the SPEC names but does not show',
    removed: false,
    intro:
      'A backend has to choose some shape here anyway: this is the one the console reads. The SPEC-only contract keeps them.',
  },
});

/** "GET /user, POST /user/login": the operations whose messages reach the component `ref`. */
function usedBy(document: OpenApiDocument, ref: string): string[] {
  return listOperations(document)
    .filter(({ operation }) => reachableRefs(document, operation).has(ref))
    .map(({ key }) => key);
}

type Keys = (string | number)[];

/** Where a mark sits, for a reader. */
interface MarkLocation {
  title: string;
  operation?: string;
  usedBy?: string[];
}

/** One x-spec-gap mark of the document. */
export interface SpecGap extends MarkLocation {
  keys: Keys;
  kind: SpecGapKind;
  why: string;
  without: string;
}

const at = (node: unknown, key: string | number): JsonObject => {
  const value = isObject(node) || Array.isArray(node) ? (node as JsonObject)[key] : undefined;
  return isObject(value) ? value : {};
};

/** A reader's name for where a mark sits, from its path in the document. */
function describeLocation(document: OpenApiDocument, keys: Keys): MarkLocation {
  if (keys[0] === 'paths') {
    const [, route = '', method = '', ...rest] = keys;
    const operation = at(at(document.paths, route), method);
    const label = `${String(method).toUpperCase()} ${route}`;
    const id = operation.operationId ? ` (${operation.operationId})` : '';
    if (rest.length === 0) return { title: `${label}${id}`, operation: label };
    if (rest[0] === 'parameters') {
      const parameter = at(operation.parameters, rest[1] ?? 0);
      return {
        title: `${label}: ${String(parameter.in)} parameter \`${String(parameter.name)}\``,
        operation: label,
      };
    }
    if (rest[0] === 'responses' && rest.length === 2) {
      return { title: `${label}: the ${rest[1]} answer`, operation: label };
    }
    const property = String(rest.at(-1));
    const side = rest[0] === 'requestBody' ? 'request' : `${rest[1]} answer`;
    return { title: `${label}: ${side} field \`${property}\``, operation: label };
  }
  if (keys[0] === 'components') {
    const [, kind, name, ...rest] = keys;
    const ref = `#/components/${kind}/${String(name).replaceAll('~', '~0').replaceAll('/', '~1')}`;
    const users = usedBy(document, ref);
    const where = users.length > 0 ? users : [];
    if (kind === 'responses') {
      return { title: `Shared answer \`${name}\``, usedBy: where };
    }
    if (rest.length === 0) return { title: `Schema \`${name}\``, usedBy: where };
    return { title: `Schema \`${name}\`: field \`${String(rest.at(-1))}\``, usedBy: where };
  }
  return { title: keys.join('.') };
}

function checkMark(
  value: unknown,
  where: string,
): asserts value is JsonObject & {
  kind: SpecGapKind;
  why: string;
  without: string;
} {
  const problems: string[] = [];
  if (!isObject(value)) problems.push('must be a mapping with kind, why and without');
  else {
    if (typeof value.kind !== 'string' || !Object.hasOwn(SPEC_GAP_KINDS, value.kind)) {
      problems.push(`kind must be one of ${Object.keys(SPEC_GAP_KINDS).join(', ')}`);
    }
    for (const key of ['why', 'without']) {
      if (typeof value[key] !== 'string' || value[key].trim() === '') {
        problems.push(`${key} must be a non-empty text`);
      }
    }
  }
  if (problems.length > 0) throw new Error(`${MARK} at ${where}: ${problems.join('; ')}`);
}

/**
 * A proposal the console must work without marks an operation (adds-call) or a property
 * (adds-field), and such a property is optional: the SPEC-only contract leaves it out, and the
 * console, validating answers against this contract, must still accept them.
 */
function checkRemovable(document: OpenApiDocument, keys: Keys, kind: SpecGapKind): void {
  const where = keys.join('.');
  if (kind === 'adds-call' && !(keys[0] === 'paths' && keys.length === 3)) {
    throw new Error(`${MARK} at ${where}: adds-call marks an operation`);
  }
  if (kind !== 'adds-field') return;
  if (keys.at(-2) !== 'properties')
    throw new Error(`${MARK} at ${where}: adds-field marks a property`);
  const owner = parentOf(document, keys.slice(0, -1));
  if (isObject(owner) && Array.isArray(owner.required) && owner.required.includes(keys.at(-1))) {
    throw new Error(
      `${MARK} at ${where}: a field the console must work without cannot be required (remove it from required)`,
    );
  }
}

/**
 * Every x-spec-gap mark of the document, in document order:
 * { keys, kind, why, without, title, operation?, usedBy? }. A malformed mark throws.
 */
export function collectSpecGaps(document: OpenApiDocument): SpecGap[] {
  const marks: SpecGap[] = [];
  const walk = (node: unknown, keys: Keys) => {
    if (Array.isArray(node)) node.forEach((item, i) => walk(item, [...keys, i]));
    else if (isObject(node)) {
      if (Object.hasOwn(node, MARK)) {
        const value = node[MARK];
        checkMark(value, keys.join('.') || '$');
        checkRemovable(document, keys, value.kind);
        marks.push({
          keys,
          kind: value.kind,
          why: value.why.trim(),
          without: value.without.trim(),
          ...describeLocation(document, keys),
        });
      }
      for (const [key, value] of Object.entries(node)) {
        // Examples are data, never marks.
        if (key === MARK || key === 'examples' || key === 'example') continue;
        walk(value, [...keys, key]);
      }
    }
  };
  walk(document, []);
  return marks;
}

// ---------------------------------------------------------------------------------------------
// The SPEC-only contract
// ---------------------------------------------------------------------------------------------

function schemaBranches(document: unknown, schema: unknown): JsonObject[] {
  const resolved = deref<unknown>(document, schema);
  if (!isObject(resolved)) return [];
  const parts: unknown[] = Array.isArray(resolved.allOf) ? resolved.allOf : [];
  return [resolved, ...parts.flatMap((part) => schemaBranches(document, part))];
}

function typeMatches(schema: JsonObject, value: unknown): boolean {
  const types: unknown[] = schema.type ? [schema.type].flat() : [];
  if (types.length === 0) return true;
  const actual =
    value === null
      ? 'null'
      : Array.isArray(value)
        ? 'array'
        : Number.isInteger(value)
          ? 'integer'
          : typeof value;
  return types.includes(actual) || (actual === 'integer' && types.includes('number'));
}

/**
 * The example value with every object field that its schema does not declare removed (used to
 * drop the removed proposals from the named examples). Schemas without `properties` (free
 * objects) keep everything.
 */
export function pruneToSchema(document: unknown, schema: unknown, value: unknown): unknown {
  if (schema === undefined || value === null || typeof value !== 'object') return value;
  const branches = schemaBranches(document, schema);
  if (Array.isArray(value)) {
    const items: unknown = branches.find((branch) => branch.items)?.items;
    return items ? value.map((item) => pruneToSchema(document, items, item)) : value;
  }
  for (const branch of branches) {
    for (const key of ['oneOf', 'anyOf']) {
      const options: unknown = branch[key];
      if (!Array.isArray(options)) continue;
      const match: unknown = options.find((option: unknown) => {
        const resolved = deref<unknown>(document, option);
        return isObject(resolved) && typeMatches(resolved, value);
      });
      if (match) return pruneToSchema(document, match, value);
    }
  }
  const properties: JsonObject = {};
  let declared = false;
  for (const branch of branches) {
    if (isObject(branch.properties)) {
      declared = true;
      Object.assign(properties, branch.properties);
    }
  }
  if (!declared) return value;
  const out: JsonObject = {};
  for (const [key, item] of Object.entries(value)) {
    if (Object.hasOwn(properties, key)) out[key] = pruneToSchema(document, properties[key], item);
  }
  return out;
}

const parentOf = (document: unknown, keys: Keys): unknown => valueAt(document, keys.slice(0, -1));

/** Removes the marked element; a property also leaves its object's `required` list. */
function removeMarked(document: OpenApiDocument, keys: Keys): void {
  const last = keys.at(-1)!;
  const parent = parentOf(document, keys);
  if (Array.isArray(parent) && typeof last === 'number') {
    parent.splice(last, 1);
    return;
  }
  if (!isObject(parent)) throw new Error(`${MARK} at ${keys.join('.')}: nothing there`);
  if (keys[0] === 'paths' && keys.length === 3) {
    delete parent[last];
    if (Object.keys(parent).every((key) => !isHttpMethod(key))) {
      delete at(document, 'paths')[keys[1]!];
    }
    return;
  }
  if (keys.at(-2) === 'properties') {
    delete parent[last];
    const owner = parentOf(document, keys.slice(0, -1));
    if (isObject(owner) && Array.isArray(owner.required)) {
      const required = (owner.required as unknown[]).filter((name) => name !== last);
      if (required.length === 0) delete owner.required;
      else owner.required = required;
    }
    return;
  }
  throw new Error(
    `${MARK} at ${keys.join('.')}: a removable proposal must mark an operation or a property`,
  );
}

/** Re-prunes every named example (and single example) of every media type to its schema. */
function pruneExamples(document: OpenApiDocument): void {
  const visitContent = (content: unknown) => {
    if (!isObject(content)) return;
    for (const media of Object.values(content)) {
      if (!isObject(media) || media.schema === undefined) continue;
      if (Object.hasOwn(media, 'example')) {
        media.example = pruneToSchema(document, media.schema, media.example);
      }
      for (const example of Object.values(isObject(media.examples) ? media.examples : {})) {
        if (isObject(example) && Object.hasOwn(example, 'value')) {
          example.value = pruneToSchema(document, media.schema, example.value);
        }
      }
    }
  };
  for (const { operation } of listOperations(document)) {
    visitContent(at(operation, 'requestBody').content);
    for (const response of Object.values(at(operation, 'responses'))) {
      if (isObject(response)) visitContent(response.content);
    }
  }
  for (const kind of ['responses', 'requestBodies']) {
    for (const item of Object.values(at(document.components, kind))) {
      if (isObject(item)) visitContent(item.content);
    }
  }
}

/** Component schemas reachable from the operations and the other components. */
function usedSchemas(document: OpenApiDocument): Set<string> {
  const { schemas: _schemas, ...others } = at(document, 'components');
  return new Set(
    [...reachableRefs(document, [document.paths, others])]
      .filter((ref) => ref.startsWith('#/components/schemas/'))
      .map((ref) => ref.slice('#/components/schemas/'.length)),
  );
}

/**
 * The SPEC-only variant of the (parsed) contract: the operations and fields marked `adds-call`
 * or `adds-field` removed, the named examples pruned to what is left, the component schemas only
 * they used dropped. The openapi-hash const stays the full contract's, so that the console, built
 * against the full contract, accepts its answers.
 */
export function specOnlyDocument(document: OpenApiDocument): OpenApiDocument {
  const copy = structuredClone(document);
  const marks = collectSpecGaps(copy).filter((mark) => SPEC_GAP_KINDS[mark.kind].removed);
  const before = usedSchemas(copy);
  // Deepest first, and array items from the end, so earlier removals do not move later keys.
  const ordered = [...marks].sort(
    (a, b) => b.keys.length - a.keys.length || compareKeys(b.keys, a.keys),
  );
  for (const mark of ordered) removeMarked(copy, mark.keys);
  pruneExamples(copy);
  // The schemas only the removed proposals used (a schema nothing ever used stays as it was).
  const after = usedSchemas(copy);
  const schemas = at(at(copy, 'components'), 'schemas');
  for (const name of before) if (!after.has(name)) delete schemas[name];
  const info = at(copy, 'info');
  copy.info = {
    ...info,
    title: `${String(info.title ?? 'API')} (SPEC only)`,
    description:
      'The contract as a backend built to the SPEC alone answers it: openapi/openapi.yaml without its ' +
      '`adds-call` and `adds-field` proposals (openapi/PROPOSALS.md), written by `npm run generate`, ' +
      "served by `npm run mock -- --spec-only`. The openapi-hash const is the full contract's on " +
      'purpose: the console built from openapi/openapi.yaml accepts these answers.\n\n' +
      String(info.description ?? ''),
  };
  return copy;
}

function compareKeys(a: Keys, b: Keys): number {
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) {
    if (a[i] === b[i]) continue;
    const x = a[i]!;
    const y = b[i]!;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    return String(x) < String(y) ? -1 : 1;
  }
  return a.length - b.length;
}

export const GENERATED_NOTE =
  'generated by npm run generate from the x-spec-gap marks of openapi/openapi.yaml: do not edit';

/** openapi/spec-only.yaml for the contract text `yamlText`. */
export function renderSpecOnly(yamlText: string): string {
  const body = YAML.stringify(specOnlyDocument(parseDocument(yamlText)), {
    lineWidth: 0,
    aliasDuplicateObjects: false,
    // YAML 1.1 rules for quoting: a date-like or yes/no string stays a string for every reader.
    schema: 'yaml-1.1',
  });
  return `# ${GENERATED_NOTE}\n# A backend built to the SPEC alone: see openapi/PROPOSALS.md.\n${body}`;
}

// ---------------------------------------------------------------------------------------------
// PROPOSALS.md
// ---------------------------------------------------------------------------------------------

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** openapi/PROPOSALS.md for the contract text `yamlText`. */
export function renderProposals(yamlText: string): string {
  const document = parseDocument(yamlText);
  const marks = collectSpecGaps(document);
  const total = listOperations(document).length;
  // A shared answer used everywhere is counted, not listed.
  const where = (labels: string[]) =>
    labels.length > 6
      ? `${labels.length} of the ${total} calls`
      : labels.map((label) => `\`${label}\``).join(', ');
  const lines = [
    '# Proposals: what the console uses beyond the SPEC',
    '',
    `<!-- ${GENERATED_NOTE} -->`,
    '',
    'The SPEC leaves details out ("not shown") and shows some calls and answers only in part. Where',
    'the console needs more, the contract (`openapi/openapi.yaml`) proposes it and marks the place',
    `with \`${MARK}\`. This page lists every mark: why the console wants it, and what the console`,
    'does without it. Backend developers: implement what you can; the console works without every',
    '`adds-call` and `adds-field` proposal, which is proven against `openapi/spec-only.yaml` (this',
    'contract without them, served by `npm run mock -- --spec-only`, tested by the `spec-only`',
    'browser project).',
    '',
    `Contract version ${String(at(document, 'info').version ?? '?')}: ${marks.length} proposals.`,
    '',
    '| Kind | Count | In the SPEC-only contract |',
    '| --- | --- | --- |',
  ];
  const kinds = Object.entries(SPEC_GAP_KINDS);
  for (const [kind, info] of kinds) {
    const count = marks.filter((mark) => mark.kind === kind).length;
    const state = info.removed ? 'removed' : 'kept';
    lines.push(`| \`${kind}\`: ${info.title} | ${count} | ${state} |`);
  }
  for (const [kind, info] of kinds) {
    const ofKind = marks.filter((mark) => mark.kind === kind);
    if (ofKind.length === 0) continue;
    lines.push('', `## ${info.title} (\`${kind}\`)`, '', info.intro);
    for (const mark of ofKind) {
      lines.push('', `### ${mark.title}`, '');
      if (mark.usedBy && mark.usedBy.length > 0) lines.push(`- **Where:** ${where(mark.usedBy)}`);
      lines.push(`- **Why the console wants it:** ${oneLine(mark.why)}`);
      lines.push(`- **Without it:** ${oneLine(mark.without)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

// ---------------------------------------------------------------------------------------------
// Writing and checking (npm run generate, npm run check:contract)
// ---------------------------------------------------------------------------------------------

/** { absolute path: content } of the files generated from the marks of the document at docPath. */
export function renderSpecGapFiles(docPath = DOC_PATH): Record<string, string> {
  const text = fs.readFileSync(docPath, 'utf8');
  const dir = path.dirname(docPath);
  return {
    [path.join(dir, path.basename(PROPOSALS_PATH))]: renderProposals(text),
    [path.join(dir, path.basename(SPEC_ONLY_PATH))]: renderSpecOnly(text),
  };
}

/** Writes PROPOSALS.md and spec-only.yaml next to the document; returns the paths written. */
export function writeSpecGapFiles(docPath = DOC_PATH): string[] {
  return Object.entries(renderSpecGapFiles(docPath))
    .filter(([file, content]) => writeIfChanged(file, content))
    .map(([file]) => file);
}

/** check:contract: both files exist and hold what generation writes (a diff when not). */
export function checkSpecGapFiles(docPath = DOC_PATH): CheckResult {
  let files: Record<string, string>;
  try {
    files = renderSpecGapFiles(docPath);
  } catch (error) {
    return {
      ok: false,
      summary: `the ${MARK} marks cannot be read`,
      problems: [error instanceof Error ? error.message : String(error)],
    };
  }
  const problems = compareFiles(files);
  const count = collectSpecGaps(parseDocument(fs.readFileSync(docPath, 'utf8'))).length;
  return {
    ok: problems.length === 0,
    summary:
      problems.length === 0
        ? `${Object.keys(files)
            .map((file) => repoPath(file))
            .join(' and ')} match the ${count} ${MARK} marks`
        : `${problems.length} file(s) generated from the ${MARK} marks out of date`,
    problems,
  };
}
