// The OpenAPI document, read the one way every tool reads it: loading, `$ref` resolution, the
// operations, and the named examples (the QA scenarios). Light on purpose (node:fs and yaml only):
// vite.config.ts loads it through the QA catalogue, so nothing heavy may be imported here.
import fs from 'node:fs';
import YAML from 'yaml';

/** The HTTP methods an OpenAPI path item can hold, in the order operations are listed. */
export const HTTP_METHODS = [
  'get',
  'put',
  'post',
  'delete',
  'options',
  'head',
  'patch',
  'trace',
] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];
export const isHttpMethod = (name: string): name is HttpMethod =>
  (HTTP_METHODS as readonly string[]).includes(name);

export type JsonObject = Record<string, unknown>;
/** A parsed OpenAPI document (or any part of one): plain JSON values. */
export type OpenApiDocument = JsonObject;

export const isObject = (value: unknown): value is JsonObject =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** `value` if it is an object, else an empty one (for walking optional parts). */
export const objectOr = (value: unknown): JsonObject => (isObject(value) ? value : {});

// ---------------------------------------------------------------------------------------------
// Loading

/** The YAML text as a YAML document (comments and source ranges kept); throws on a syntax error. */
export function parseYamlDocument(
  yamlText: string,
  options: YAML.ParseOptions = {},
): YAML.Document {
  const doc = YAML.parseDocument(yamlText, { prettyErrors: true, ...options });
  if (doc.errors.length > 0) {
    throw new Error(`openapi document is not valid YAML:\n${doc.errors.map(String).join('\n')}`);
  }
  return doc;
}

/** The YAML text as plain JSON values (aliases expanded); throws on a syntax error. */
export function parseDocument(yamlText: string): OpenApiDocument {
  const value: unknown = parseYamlDocument(yamlText).toJS({ maxAliasCount: -1 });
  if (!isObject(value)) throw new Error('openapi document is not a mapping');
  return value;
}

/** The document in `file`, parsed. */
export function readDocument(file: string): OpenApiDocument {
  return parseDocument(fs.readFileSync(file, 'utf8'));
}

// ---------------------------------------------------------------------------------------------
// References

export type Pointer = readonly (string | number)[];

/** '#/components/schemas/A~1B' → ['components', 'schemas', 'A/B']; undefined unless local. */
export function refPointer(ref: unknown): string[] | undefined {
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/** The value at a pointer (undefined where the path does not exist). */
export function valueAt(document: unknown, pointer: Pointer): unknown {
  let node = document;
  for (const key of pointer) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string | number, unknown>)[key];
  }
  return node;
}

/** The name in '#/components/<kind>/<name>', or undefined when `ref` points anywhere else. */
export function componentName(ref: unknown, kind: string): string | undefined {
  const pointer = refPointer(ref);
  return pointer?.length === 3 && pointer[0] === 'components' && pointer[1] === kind
    ? pointer[2]
    : undefined;
}

export interface ResolveOptions {
  /** Only follow a `$ref` without sibling keywords (a schema's `$ref` with siblings is a part). */
  bare?: boolean;
  /** Only references to '#/components/<kind>/...' are allowed (e.g. 'schemas'). */
  kind?: string;
  /**
   * Called on a reference that cannot be followed (dangling, non-local, outside `kind`, circular);
   * without it such a reference resolves to undefined (a circular one stops where it loops).
   */
  onError?: (message: string) => never;
}

export interface Resolved {
  node: unknown;
  /** Where the node found lives: the last reference's target, else the pointer given. */
  pointer: Pointer;
}

/** Follows `$ref`s from `node` (found at `pointer`) to what they stand for. */
export function resolve(
  document: unknown,
  node: unknown,
  pointer: Pointer = [],
  options: ResolveOptions = {},
): Resolved {
  const { bare = false, kind, onError } = options;
  const seen = new Set<string>();
  let current = node;
  let where = pointer;
  while (isObject(current) && typeof current.$ref === 'string') {
    if (bare && Object.keys(current).length !== 1) break;
    const ref = current.$ref;
    if (seen.has(ref)) {
      if (onError) onError(`circular reference ${ref}`);
      break;
    }
    seen.add(ref);
    const target = refPointer(ref);
    if (!target || (kind !== undefined && componentName(ref, kind) === undefined)) {
      if (onError) {
        onError(
          kind === undefined
            ? `unsupported reference ${ref} (only local '#/...' references are)`
            : `only #/components/${kind}/ references are supported, got ${ref}`,
        );
      }
      return { node: undefined, pointer: where };
    }
    where = target;
    current = valueAt(document, target);
    if (current === undefined && onError) onError(`dangling reference ${ref}`);
  }
  return { node: current, pointer: where };
}

/** What `node` stands for once its `$ref`s are followed (undefined for a dangling one). */
export function deref<T = JsonObject>(
  document: unknown,
  node: unknown,
  options: ResolveOptions = {},
): T {
  return resolve(document, node, [], options).node as T;
}

/** Every `$ref` value under `node`. */
export function refsIn(node: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) refsIn(item, out);
  else if (isObject(node)) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') out.add(value);
      else refsIn(value, out);
    }
  }
  return out;
}

/** Every reference reachable from `node`, following references through what they point to. */
export function reachableRefs(document: unknown, node: unknown): Set<string> {
  const seen = new Set<string>();
  const queue = [...refsIn(node)];
  while (queue.length > 0) {
    const ref = queue.pop()!;
    if (seen.has(ref)) continue;
    seen.add(ref);
    queue.push(...refsIn(deref(document, { $ref: ref })));
  }
  return seen;
}

// ---------------------------------------------------------------------------------------------
// Operations

export interface Operation {
  /** 'GET' */
  method: Uppercase<HttpMethod>;
  /** 'get': the key in the path item */
  lower: HttpMethod;
  /** The path template, '/team/{teamId}' */
  path: string;
  /** 'GET /team/{teamId}' (openapi-fetch's schemaPath and the sandbox's key) */
  key: string;
  /** '' when the operation has none */
  operationId: string;
  /** The operation object as written */
  operation: JsonObject;
  /** The path item it belongs to */
  item: JsonObject;
}

/** Every operation of the document, in document order (paths, then HTTP_METHODS). */
export function listOperations(document: unknown): Operation[] {
  const list: Operation[] = [];
  const paths = objectOr(isObject(document) ? document.paths : undefined);
  for (const [path, raw] of Object.entries(paths)) {
    const item = deref(document, raw);
    if (!isObject(item)) continue;
    for (const lower of HTTP_METHODS) {
      const operation = item[lower];
      if (!isObject(operation)) continue;
      const method = lower.toUpperCase() as Uppercase<HttpMethod>;
      list.push({
        method,
        lower,
        path,
        key: `${method} ${path}`,
        operationId: typeof operation.operationId === 'string' ? operation.operationId : '',
        operation,
        item,
      });
    }
  }
  return list;
}

/** An operation by operationId or by 'METHOD /path'; undefined when the document has none. */
export function findOperation(document: unknown, name: string): Operation | undefined {
  return listOperations(document).find((op) => op.operationId === name || op.key === name);
}

/**
 * The parameters of an operation, resolved: the path item's, overridden by the operation's own of
 * the same `in` and `name`.
 */
export function operationParameters(document: unknown, op: Operation): JsonObject[] {
  const list = (value: unknown) =>
    (Array.isArray(value) ? value : []).map((p) => deref(document, p)).filter(isObject);
  const own = list(op.operation.parameters);
  const key = (p: JsonObject) => `${String(p.in)}:${String(p.name)}`;
  const shared = list(op.item.parameters).filter((p) => !own.some((o) => key(o) === key(p)));
  return [...shared, ...own];
}

/** The operation's responses, resolved: [status ('200', '4XX', 'default'), response]. */
export function operationResponses(document: unknown, op: Operation): [string, JsonObject][] {
  return Object.entries(objectOr(op.operation.responses))
    .filter(([status]) => !status.startsWith('x-'))
    .map(([status, raw]) => [status, objectOr(deref(document, raw))]);
}

// ---------------------------------------------------------------------------------------------
// Examples

export interface NamedExample {
  /** 'GET /team/{teamId}' */
  operation: string;
  operationId: string;
  /** '200' */
  status: string;
  /** 'application/json' */
  mediaType: string;
  /** The example's name; '(example)' for a media type's single `example`. */
  name: string;
  summary: string;
  value: unknown;
}

/** Every example of every answer of every operation, in document order. */
export function responseExamples(document: unknown): NamedExample[] {
  const list: NamedExample[] = [];
  for (const op of listOperations(document)) {
    for (const [status, response] of operationResponses(document, op)) {
      for (const [mediaType, raw] of Object.entries(objectOr(response.content))) {
        const media = objectOr(deref(document, raw));
        const base = { operation: op.key, operationId: op.operationId, status, mediaType };
        if (isObject(media.examples)) {
          for (const [name, rawExample] of Object.entries(media.examples)) {
            const example = objectOr(deref(document, rawExample));
            const summary = typeof example.summary === 'string' ? example.summary : '';
            list.push({ ...base, name, summary, value: example.value });
          }
        } else if (media.example !== undefined) {
          list.push({ ...base, name: '(example)', summary: '', value: media.example });
        }
      }
    }
  }
  return list;
}

export const isSuccessStatus = (status: string): boolean => /^2/.test(status);

/**
 * The example of an answer, as Prism's mock picks it: `operation` is an operationId ('getTeam') or
 * 'METHOD /path'; `status` defaults to the lowest 2xx; `name` to the first example (of the first
 * media type). Throws when there is none.
 */
export function exampleOf<T = unknown>(
  examples: readonly NamedExample[],
  operation: string,
  { name, status }: { name?: string; status?: string } = {},
): T {
  const ofOperation = examples.filter(
    (e) => e.operationId === operation || e.operation === operation,
  );
  const statuses = [...new Set(ofOperation.map((e) => e.status))].sort();
  const chosen = status ?? statuses.find(isSuccessStatus);
  const found = ofOperation.find(
    (e) => e.status === chosen && (name === undefined || e.name === name),
  );
  if (!found) {
    throw new Error(
      `the contract has no example ${name ?? '(any)'} for ${operation} ${chosen ?? '2xx'}`,
    );
  }
  return found.value as T;
}
