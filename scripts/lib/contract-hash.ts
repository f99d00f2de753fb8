// The contract hash: what of the document it covers (the wire contract), how it is computed, and
// how it is stamped into the document. Deterministic: the same document always gives the same hash
// and the same stamped text. Used by `npm run generate`, `npm run check:contract` and the release
// baseline (contract-release.ts).
import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import YAML from 'yaml';
import { isObject, parseYamlDocument, valueAt, type JsonObject } from './openapi-doc';

/** The ONE hash field of the document. */
export const HASH_PATH = ['components', 'headers', 'OpenapiHash', 'schema', 'const'] as const;
export const HASH_PATH_TEXT = HASH_PATH.join('.');
export const HASH_PATTERN = /^[0-9a-f]{64}$/;

// ---------------------------------------------------------------------------------------------
// What the hash covers: the wire contract.
//
// The hash identifies what a client and a server can observe of each other: servers (the base
// path), security, paths, methods, parameters, request bodies, responses (status codes, headers,
// media types) and every schema keyword that decides whether a message is valid (type, format,
// required, enum, const, default, pattern, limits, nullable, readOnly/writeOnly, ...), plus
// `openapi`, `jsonSchemaDialect` and `info.version` (a raised version is the contract owner's
// deliberate "this is a new contract").
//
// Left out, because no request or response changes with them (documentation and tooling only):
// `description`, `summary`, `title`, `$comment`, `example`, `examples` (the named examples and the
// component examples: Prism's QA scenarios), `externalDocs`, `tags`, `operationId`, `deprecated`,
// every `x-` extension, and `info` except its version. These are dropped only where they are
// OpenAPI or JSON Schema keywords: a property, header, parameter or schema that happens to be
// called `description` or `x-request-id` is a name on the wire and stays in.
// ---------------------------------------------------------------------------------------------

const words = (text: string) => text.split(' ');

/** Keywords dropped from OpenAPI and JSON Schema objects (documentation and tooling only). */
export const DOC_ONLY_KEYWORDS: readonly string[] = Object.freeze(
  words(
    '$comment deprecated description example examples externalDocs operationId summary tags title',
  ),
);
const DOC_ONLY = new Set(DOC_ONLY_KEYWORDS);
/** Keywords whose value is data (or names) kept exactly as written. */
const LITERAL = new Set(words('const default enum mapping required security type'));
/** Keywords whose value maps names (of properties, headers, media types, ...) to objects. */
const NAME_MAP = new Set(
  words(
    '$defs content definitions dependentSchemas encoding headers links patternProperties properties variables',
  ),
);
/** Keywords whose value maps names to objects but may also carry `x-` extensions. */
const EXTENSIBLE_MAP = new Set(['paths', 'webhooks', 'responses', 'callbacks']);
const isExtension = (key: string) => key.startsWith('x-');

function wireMap(value: unknown, dropExtensions: boolean): unknown {
  if (!isObject(value)) return wireObject(value);
  const out: JsonObject = {};
  for (const [key, item] of Object.entries(value)) {
    if (dropExtensions && isExtension(key)) continue;
    out[key] = wireObject(item);
  }
  return out;
}

/** An OpenAPI or JSON Schema object (or an array of them): drop documentation keywords. */
function wireObject(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(wireObject);
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const [key, item] of Object.entries(value)) {
    if (isExtension(key) || DOC_ONLY.has(key)) continue;
    if (LITERAL.has(key)) out[key] = item;
    else if (key === 'scopes' && isObject(item)) {
      // OAuth scopes map a scope name to its description: the names count, the texts do not.
      out[key] = Object.keys(item);
    } else if (NAME_MAP.has(key)) out[key] = wireMap(item, false);
    else if (EXTENSIBLE_MAP.has(key)) out[key] = wireMap(item, true);
    else out[key] = wireObject(item);
  }
  return out;
}

/**
 * The part of a parsed document the hash covers (see above). Pure: the input is not modified.
 */
export function wireContract(document: unknown): unknown {
  if (!isObject(document)) return document;
  const out: JsonObject = {};
  for (const [key, item] of Object.entries(document)) {
    if (isExtension(key) || DOC_ONLY.has(key)) continue;
    if (key === 'info') {
      if (isObject(item) && item.version !== undefined) out.info = { version: item.version };
    } else if (key === 'components' && isObject(item)) {
      // Each component kind maps names to objects; component examples are documentation.
      const components: JsonObject = {};
      for (const [kind, map] of Object.entries(item)) {
        if (isExtension(kind) || kind === 'examples') continue;
        components[kind] = wireMap(map, false);
      }
      out.components = components;
    } else if (LITERAL.has(key)) out[key] = item;
    else if (EXTENSIBLE_MAP.has(key)) out[key] = wireMap(item, true);
    else out[key] = wireObject(item);
  }
  return out;
}

/** A copy of the parsed document with the hash field set to ""; throws when it has none. */
export function blankHash(value: unknown): JsonObject {
  const copy = structuredClone(value);
  const holder = valueAt(copy, HASH_PATH.slice(0, -1));
  if (!isObject(copy) || !isObject(holder) || !Object.hasOwn(holder, HASH_PATH.at(-1)!)) {
    throw new Error(`openapi document has no ${HASH_PATH_TEXT}`);
  }
  holder[HASH_PATH.at(-1)!] = '';
  return copy;
}

/** sha256 (hex) of the RFC 8785 canonical JSON of a value. */
export const sha256OfJson = (value: unknown): string =>
  createHash('sha256')
    .update(canonicalize(value) ?? '', 'utf8')
    .digest('hex');

/**
 * sha256 (hex) of the RFC 8785 canonical JSON of the document's wire contract (wireContract) with
 * the hash field set to "". Key order, comments, quoting style, whitespace, documentation and the
 * hash field's current value do not count.
 */
export function computeHash(yamlText: string): string {
  const value = parseYamlDocument(yamlText).toJS({ maxAliasCount: -1 });
  return sha256OfJson(wireContract(blankHash(value)));
}

/** The value currently in the hash field (undefined when the field is missing). */
export function readStampedHash(yamlText: string): unknown {
  const node = parseYamlDocument(yamlText).getIn(HASH_PATH, true);
  return YAML.isScalar(node) ? node.value : undefined;
}

function replaceHashScalar(yamlText: string, quoted: string): string {
  const node = parseYamlDocument(yamlText).getIn(HASH_PATH, true);
  if (!YAML.isScalar(node) || !node.range) {
    throw new Error(
      `openapi document has no scalar at ${HASH_PATH_TEXT} (aliases are not allowed)`,
    );
  }
  if (node.type === YAML.Scalar.BLOCK_FOLDED || node.type === YAML.Scalar.BLOCK_LITERAL) {
    throw new Error(`${HASH_PATH_TEXT} must be a one-line scalar, not a block scalar`);
  }
  const [start, end] = node.range;
  return `${yamlText.slice(0, start)}${quoted}${yamlText.slice(end)}`;
}

/**
 * Writes `hash` into the hash field, double-quoted, by replacing only that scalar's source text.
 * Every other byte of the document stays as it was.
 */
export function stampHash(yamlText: string, hash: string): string {
  if (!HASH_PATTERN.test(hash)) throw new Error(`not a sha256 hex digest: ${JSON.stringify(hash)}`);
  const stamped = replaceHashScalar(yamlText, `"${hash}"`);
  if (readStampedHash(stamped) !== hash) {
    throw new Error(`stamping ${HASH_PATH_TEXT} failed: the field does not read back as the hash`);
  }
  return stamped;
}

// ---------------------------------------------------------------------------------------------
// The openapi-hash a server sends: the hash of the contract's line.
//
// A line is a major info.version. The hash stamped into the document (and so the one the console
// expects and every server of this contract sends) is the hash of the release that opened the
// line: the first release of that major (openapi/released.json records it as `line`). A compatible
// release (no raised major; npm run check:contract lets nothing breaking through without one)
// keeps it, so consoles and backends of one line work with each other in either deploy order. A
// raised major opens a new line: until it is released, the stamped hash is the document's own
// computed hash (it changes with every edit), and its release makes that the line's hash.
// Without any release the stamped hash is the computed one too.
// ---------------------------------------------------------------------------------------------

/** The release that opened a contract line (a major version): its version and its hash. */
export interface ContractLine {
  version: string;
  hash: string;
}

/** The major of a MAJOR.MINOR.PATCH version; undefined for anything else. */
export function majorOf(version: unknown): number | undefined {
  const match = /^v?(\d+)\.\d+\.\d+(?:[-+][0-9A-Za-z.+-]*)?$/.exec(String(version ?? ''));
  return match ? Number(match[1]) : undefined;
}

/** The document's info.version as written (undefined when it has none). */
export function documentVersion(yamlText: string): unknown {
  const node = parseYamlDocument(yamlText).getIn(['info', 'version'], true);
  return YAML.isScalar(node) ? node.value : undefined;
}

/**
 * The openapi-hash of a document: the hash of its line, given the line of the last release (from
 * openapi/released.json; undefined when there is none). The released line's hash when the
 * document's major is the released one; otherwise the document's own computed hash (a new line,
 * not released yet).
 */
export function lineHash(yamlText: string, released: ContractLine | undefined): string {
  const major = majorOf(documentVersion(yamlText));
  if (released && major !== undefined && major === majorOf(released.version)) return released.hash;
  return computeHash(yamlText);
}
