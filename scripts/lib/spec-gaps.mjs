// The contract's proposals (x-spec-gap marks) and what is generated from them:
//   openapi/PROPOSALS.md   each proposal, why the console wants it, what it does without it
//   openapi/spec-only.yaml the contract without the proposals that add a field or a call to what
//                          the SPEC shows: a backend built to the SPEC alone (npm run mock -- --spec-only)
// Both are written by `npm run generate` and checked for staleness by `npm run check:contract`.
// Kept apart from contract.mjs (hash, generated/, Spectral, Optic): only these two files come
// from here.
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { DOC_PATH, REPO_ROOT, unifiedDiff } from './contract.mjs';

export const PROPOSALS_PATH = path.join(REPO_ROOT, 'openapi', 'PROPOSALS.md');
export const SPEC_ONLY_PATH = path.join(REPO_ROOT, 'openapi', 'spec-only.yaml');
export const MARK = 'x-spec-gap';

/**
 * The kinds of proposal, in the order PROPOSALS.md lists them. `removed`: left out of the
 * SPEC-only contract (the console must work without it).
 */
export const SPEC_GAP_KINDS = Object.freeze({
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

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

/** A parsed copy of the YAML text (the stored document is never modified here). */
function parse(yamlText) {
  const doc = YAML.parseDocument(yamlText, { prettyErrors: true });
  if (doc.errors.length > 0) throw new Error(doc.errors.map(String).join('\n'));
  return doc.toJS({ maxAliasCount: -1 });
}

function resolveRef(document, ref) {
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce((node, key) => (isObject(node) ? node[key] : undefined), document);
}

/** Every `$ref` value under `node`. */
function refsIn(node, out = new Set()) {
  if (Array.isArray(node)) for (const item of node) refsIn(item, out);
  else if (isObject(node)) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') out.add(value);
      else refsIn(value, out);
    }
  }
  return out;
}

/** Component refs reachable from `node`, following refs through components. */
function reachableRefs(document, node) {
  const seen = new Set();
  const queue = [...refsIn(node)];
  while (queue.length > 0) {
    const ref = queue.pop();
    if (seen.has(ref)) continue;
    seen.add(ref);
    queue.push(...refsIn(resolveRef(document, ref)));
  }
  return seen;
}

function operations(document) {
  const list = [];
  for (const [route, item] of Object.entries(document.paths ?? {})) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      if (isObject(item[method])) {
        list.push({
          route,
          method,
          operation: item[method],
          label: `${method.toUpperCase()} ${route}`,
        });
      }
    }
  }
  return list;
}

/** "GET /user, POST /user/login": the operations whose messages reach the component `ref`. */
function usedBy(document, ref) {
  return operations(document)
    .filter(({ operation }) => reachableRefs(document, operation).has(ref))
    .map(({ label }) => label);
}

/** A reader's name for where a mark sits, from its path in the document. */
function describeLocation(document, keys) {
  if (keys[0] === 'paths') {
    const [, route, method, ...rest] = keys;
    const operation = document.paths[route][method];
    const label = `${String(method).toUpperCase()} ${route}`;
    const id = operation.operationId ? ` (${operation.operationId})` : '';
    if (rest.length === 0) return { title: `${label}${id}`, operation: label };
    if (rest[0] === 'parameters') {
      const parameter = operation.parameters[rest[1]];
      return {
        title: `${label}: ${parameter.in} parameter \`${parameter.name}\``,
        operation: label,
      };
    }
    if (rest[0] === 'responses' && rest.length === 2) {
      return { title: `${label}: the ${rest[1]} answer`, operation: label };
    }
    const property = rest.at(-1);
    const side = rest[0] === 'requestBody' ? 'request' : `${rest[1]} answer`;
    return { title: `${label}: ${side} field \`${property}\``, operation: label };
  }
  if (keys[0] === 'components') {
    const [, kind, name, ...rest] = keys;
    const ref = `#/components/${kind}/${name}`;
    const users = usedBy(document, ref);
    const where = users.length > 0 ? users : [];
    if (kind === 'responses') {
      return { title: `Shared answer \`${name}\``, usedBy: where };
    }
    if (rest.length === 0) return { title: `Schema \`${name}\``, usedBy: where };
    return { title: `Schema \`${name}\`: field \`${rest.at(-1)}\``, usedBy: where };
  }
  return { title: keys.join('.') };
}

function checkMark(value, where) {
  const problems = [];
  if (!isObject(value)) problems.push('must be a mapping with kind, why and without');
  else {
    if (!Object.hasOwn(SPEC_GAP_KINDS, value.kind)) {
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
function checkRemovable(document, keys, kind) {
  const where = keys.join('.');
  if (kind === 'adds-call' && !(keys[0] === 'paths' && keys.length === 3)) {
    throw new Error(`${MARK} at ${where}: adds-call marks an operation`);
  }
  if (kind !== 'adds-field') return;
  if (keys.at(-2) !== 'properties')
    throw new Error(`${MARK} at ${where}: adds-field marks a property`);
  const owner = parentOf(document, keys.slice(0, -1));
  if (Array.isArray(owner?.required) && owner.required.includes(keys.at(-1))) {
    throw new Error(
      `${MARK} at ${where}: a field the console must work without cannot be required (remove it from required)`,
    );
  }
}

/**
 * Every x-spec-gap mark of the document, in document order:
 * { keys, kind, why, without, title, operation?, usedBy? }. A malformed mark throws.
 */
export function collectSpecGaps(document) {
  const marks = [];
  const walk = (node, keys) => {
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

function schemaBranches(document, schema) {
  const resolved = schema?.$ref ? resolveRef(document, schema.$ref) : schema;
  if (!isObject(resolved)) return [];
  const list = [resolved];
  for (const key of ['allOf']) {
    if (Array.isArray(resolved[key])) {
      for (const part of resolved[key]) list.push(...schemaBranches(document, part));
    }
  }
  return list;
}

function typeMatches(schema, value) {
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length === 0) return true;
  const actual =
    value === null
      ? 'null'
      : Array.isArray(value)
        ? 'array'
        : typeof value === 'number'
          ? Number.isInteger(value)
            ? 'integer'
            : 'number'
          : typeof value;
  return types.includes(actual) || (actual === 'integer' && types.includes('number'));
}

/**
 * The example value with every object field that its schema does not declare removed (used to
 * drop the removed proposals from the named examples). Schemas without `properties` (free
 * objects) keep everything.
 */
export function pruneToSchema(document, schema, value) {
  if (schema === undefined || value === null || typeof value !== 'object') return value;
  const branches = schemaBranches(document, schema);
  if (Array.isArray(value)) {
    const items = branches.find((branch) => branch.items)?.items;
    return items ? value.map((item) => pruneToSchema(document, items, item)) : value;
  }
  for (const branch of branches) {
    for (const key of ['oneOf', 'anyOf']) {
      if (!Array.isArray(branch[key])) continue;
      const match = branch[key].find((option) => {
        const resolved = option.$ref ? resolveRef(document, option.$ref) : option;
        return isObject(resolved) && typeMatches(resolved, value);
      });
      if (match) return pruneToSchema(document, match, value);
    }
  }
  const properties = {};
  let declared = false;
  for (const branch of branches) {
    if (isObject(branch.properties)) {
      declared = true;
      Object.assign(properties, branch.properties);
    }
  }
  if (!declared) return value;
  const out = {};
  for (const [key, item] of Object.entries(value)) {
    if (Object.hasOwn(properties, key)) out[key] = pruneToSchema(document, properties[key], item);
  }
  return out;
}

function parentOf(document, keys) {
  return keys.slice(0, -1).reduce((node, key) => node?.[key], document);
}

/** Removes the marked element; a property also leaves its object's `required` list. */
function removeMarked(document, keys) {
  const last = keys.at(-1);
  const parent = parentOf(document, keys);
  if (keys[0] === 'paths' && keys.length === 3) {
    delete parent[last];
    if (Object.keys(parent).every((key) => !METHODS.includes(key))) delete document.paths[keys[1]];
    return;
  }
  if (keys.at(-2) === 'properties') {
    delete parent[last];
    const owner = parentOf(document, keys.slice(0, -1));
    if (Array.isArray(owner.required)) {
      owner.required = owner.required.filter((name) => name !== last);
      if (owner.required.length === 0) delete owner.required;
    }
    return;
  }
  if (Array.isArray(parent)) {
    parent.splice(last, 1);
    return;
  }
  throw new Error(
    `${MARK} at ${keys.join('.')}: a removable proposal must mark an operation or a property`,
  );
}

/** Re-prunes every named example (and single example) of every media type to its schema. */
function pruneExamples(document) {
  const visitContent = (content) => {
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
  for (const { operation } of operations(document)) {
    visitContent(operation.requestBody?.content);
    for (const response of Object.values(operation.responses ?? {}))
      visitContent(response?.content);
  }
  for (const kind of ['responses', 'requestBodies']) {
    for (const item of Object.values(document.components?.[kind] ?? {}))
      visitContent(item?.content);
  }
}

/** Component schemas reachable from the operations and the other components. */
function usedSchemas(document) {
  const { schemas: _schemas, ...others } = document.components ?? {};
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
export function specOnlyDocument(document) {
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
  for (const name of before) if (!after.has(name)) delete copy.components.schemas[name];
  copy.info = {
    ...copy.info,
    title: `${copy.info?.title ?? 'API'} (SPEC only)`,
    description:
      'The contract as a backend built to the SPEC alone answers it: openapi/openapi.yaml without its ' +
      '`adds-call` and `adds-field` proposals (openapi/PROPOSALS.md), written by `npm run generate`, ' +
      "served by `npm run mock -- --spec-only`. The openapi-hash const is the full contract's on " +
      'purpose: the console built from openapi/openapi.yaml accepts these answers.\n\n' +
      String(copy.info?.description ?? ''),
  };
  return copy;
}

function compareKeys(a, b) {
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) {
    if (a[i] === b[i]) continue;
    if (typeof a[i] === 'number' && typeof b[i] === 'number') return a[i] - b[i];
    return String(a[i]) < String(b[i]) ? -1 : 1;
  }
  return a.length - b.length;
}

export const GENERATED_NOTE =
  'generated by npm run generate from the x-spec-gap marks of openapi/openapi.yaml: do not edit';

/** openapi/spec-only.yaml for the contract text `yamlText`. */
export function renderSpecOnly(yamlText) {
  const body = YAML.stringify(specOnlyDocument(parse(yamlText)), {
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

const oneLine = (text) => text.replace(/\s+/g, ' ').trim();

/** openapi/PROPOSALS.md for the contract text `yamlText`. */
export function renderProposals(yamlText) {
  const document = parse(yamlText);
  const marks = collectSpecGaps(document);
  const total = operations(document).length;
  // A shared answer used everywhere is counted, not listed.
  const where = (labels) =>
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
    `Contract version ${document.info?.version ?? '?'}: ${marks.length} proposals.`,
    '',
    '| Kind | Count | In the SPEC-only contract |',
    '| --- | --- | --- |',
  ];
  for (const [kind, info] of Object.entries(SPEC_GAP_KINDS)) {
    const count = marks.filter((mark) => mark.kind === kind).length;
    const state = info.removed ? 'removed' : 'kept';
    lines.push(`| \`${kind}\`: ${info.title} | ${count} | ${state} |`);
  }
  for (const [kind, info] of Object.entries(SPEC_GAP_KINDS)) {
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
export function renderSpecGapFiles(docPath = DOC_PATH) {
  const text = fs.readFileSync(docPath, 'utf8');
  const dir = path.dirname(docPath);
  return {
    [path.join(dir, path.basename(PROPOSALS_PATH))]: renderProposals(text),
    [path.join(dir, path.basename(SPEC_ONLY_PATH))]: renderSpecOnly(text),
  };
}

/** Writes PROPOSALS.md and spec-only.yaml next to the document; returns the paths written. */
export function writeSpecGapFiles(docPath = DOC_PATH) {
  const written = [];
  for (const [file, content] of Object.entries(renderSpecGapFiles(docPath))) {
    if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === content) continue;
    fs.writeFileSync(file, content);
    written.push(file);
  }
  return written;
}

/** check:contract: both files exist and hold what generation writes (a diff when not). */
export function checkSpecGapFiles(docPath = DOC_PATH) {
  const rel = (file) => path.relative(REPO_ROOT, file) || file;
  const problems = [];
  let files;
  try {
    files = renderSpecGapFiles(docPath);
  } catch (error) {
    return {
      ok: false,
      summary: `the ${MARK} marks cannot be read`,
      problems: [error instanceof Error ? error.message : String(error)],
    };
  }
  for (const [file, content] of Object.entries(files)) {
    if (!fs.existsSync(file)) problems.push(`${rel(file)} is missing. Run npm run generate.`);
    else {
      const actual = fs.readFileSync(file, 'utf8');
      if (actual !== content) {
        problems.push(
          `${rel(file)} is stale or edited by hand. Run npm run generate.\n${unifiedDiff(rel(file), actual, content)}`,
        );
      }
    }
  }
  const count = collectSpecGaps(parse(fs.readFileSync(docPath, 'utf8'))).length;
  return {
    ok: problems.length === 0,
    summary:
      problems.length === 0
        ? `${Object.keys(files).map(rel).join(' and ')} match the ${count} ${MARK} marks`
        : `${problems.length} file(s) generated from the ${MARK} marks out of date`,
    problems,
  };
}
