// Runtime response validators generated from the contract (part of `npm run generate`).
//
// For every operation, one self-contained TypeScript module `validator-<operation-id>.ts` with a
// valibot schema per success status, and one table `response-validators.ts` that maps
// "METHOD /path/template" (openapi-fetch's schemaPath) to a lazy import of that module, so a screen
// loads only the validators of the operations it calls. Plus `error-bodies.ts`: the schemas of the
// error answers' bodies by status (the client reads them into the typed ApiError).
//
// Why a generator of our own and not @hey-api/openapi-ts (tried: see README "Response validation"):
// it writes one module for all schemas (no per-operation code splitting), has no operation table
// keyed by method and path, needs TypeScript pinned below 7 at generation time, and has no way to
// tell an undeclared field from a declared one. The JSON Schema subset the contract uses is small;
// every keyword this file does not know makes generation FAIL, so nothing is silently unchecked.
import {
  type JsonObject,
  componentName,
  isObject,
  listOperations as operationsOf,
  resolve,
} from './openapi-doc';

type Schema = JsonObject;

const wordSet = (text: string) => new Set(text.trim().split(/\s+/));

/** Keywords that carry no validation (documentation, examples, extensions). */
const ANNOTATIONS = wordSet(`
  description title example examples default deprecated readOnly writeOnly externalDocs $comment
  xml discriminator
`);
const isAnnotation = (key: string) => ANNOTATIONS.has(key) || key.startsWith('x-');

/** The keywords the writer checks; any other makes generation fail. */
const KNOWN = wordSet(`
  type enum const nullable format minLength maxLength pattern
  minimum maximum exclusiveMinimum exclusiveMaximum multipleOf
  items minItems maxItems uniqueItems properties required additionalProperties oneOf anyOf allOf
`);

/** Formats that are annotations only in OpenAPI (no check). */
const PLAIN_FORMATS = wordSet('password int32 int64 float double');

const FORMAT_ACTIONS: Record<string, string> = {
  uuid: 'v.uuid()',
  email: 'v.email()',
  uri: 'v.url()',
  'date-time': 'v.isoTimestamp()',
  date: 'v.isoDate()',
};

export class UnsupportedSchemaError extends Error {}

function fail(where: string, message: string): never {
  throw new UnsupportedSchemaError(`${where}: ${message}`);
}

/** "listTeamDevices" → "list-team-devices". */
export function kebab(operationId: string): string {
  return operationId
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1-$2')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
}

function refName(ref: unknown, where: string): string {
  const name = componentName(ref, 'schemas');
  if (name === undefined) {
    fail(where, `only #/components/schemas/ references are supported, got ${String(ref)}`);
  }
  return decodeURIComponent(name);
}

/** `node` with its references to #/components/<kind>/ followed; any other reference fails. */
function follow(doc: unknown, node: unknown, kind: string, where: string): unknown {
  return resolve(doc, node, [], { kind, onError: (message) => fail(where, message) }).node;
}

function identifier(name: string): string {
  const safe = name.replace(/[^A-Za-z0-9_$]/g, '_');
  return `s${/^[0-9]/.test(safe) ? '_' : ''}${safe}`;
}

const lit = (value: unknown): string => JSON.stringify(value);

/**
 * Turns JSON Schema (OpenAPI 3.1 subset) into valibot source code. `refs` collects the component
 * schemas a module needs; they become module-level consts.
 */
class SchemaWriter {
  readonly doc: unknown;
  readonly components: Record<string, unknown>;

  constructor(doc: unknown) {
    this.doc = doc;
    const components = isObject(doc) && isObject(doc.components) ? doc.components : {};
    this.components = isObject(components.schemas) ? components.schemas : {};
  }

  /** The name of the component schema `ref` points to; fails when there is none. */
  component(ref: unknown, where: string): string {
    const name = refName(ref, where);
    if (!Object.hasOwn(this.components, name)) fail(where, `unknown schema ${name}`);
    return name;
  }

  resolve(schema: unknown, where: string): unknown {
    if (isObject(schema) && typeof schema.$ref === 'string') this.component(schema.$ref, where);
    return follow(this.doc, schema, 'schemas', where);
  }

  /** Source code of a valibot schema for `schema`. */
  write(schema: unknown, where: string, refs: Set<string>): string {
    if (schema === true || (isObject(schema) && Object.keys(schema).length === 0)) {
      return 'v.unknown()';
    }
    if (schema === false) return 'v.never()';
    if (!isObject(schema)) fail(where, 'a schema must be an object or a boolean');

    const keys = Object.keys(schema).filter((k) => !isAnnotation(k));
    if (typeof schema.$ref === 'string') {
      const extra = keys.filter((k) => k !== '$ref');
      if (extra.length > 0) fail(where, `$ref with sibling keywords (${extra.join(', ')})`);
      const name = this.component(schema.$ref, where);
      refs.add(name);
      return identifier(name);
    }

    const unknown = keys.filter((k) => !KNOWN.has(k));
    if (unknown.length > 0) fail(where, `unsupported keyword(s): ${unknown.join(', ')}`);

    let code;
    if (schema.allOf) code = this.allOf(schema, where, refs);
    else if (schema.oneOf || schema.anyOf) code = this.union(schema, where, refs);
    else code = this.typed(schema, where, refs);
    return schema.nullable === true ? `v.nullable(${code})` : code;
  }

  union(schema: Schema, where: string, refs: Set<string>): string {
    if (schema.oneOf && schema.anyOf) fail(where, 'oneOf and anyOf together');
    const keyword = schema.oneOf ? 'oneOf' : 'anyOf';
    const rest = Object.keys(schema).filter(
      (k) => k !== keyword && k !== 'nullable' && !isAnnotation(k),
    );
    if (rest.length > 0) fail(where, `${keyword} with sibling keywords (${rest.join(', ')})`);
    const options: unknown = schema[keyword];
    if (!Array.isArray(options) || options.length === 0) fail(where, `${keyword} must be a list`);
    const isNull = (s: unknown) => isObject(s) && s.type === 'null' && Object.keys(s).length === 1;
    const nullable = options.some(isNull);
    const others = options
      .filter((s) => !isNull(s))
      .map((s, i) => this.write(s, `${where}/${keyword}/${i}`, refs));
    // oneOf is checked as anyOf: the contract's oneOf lists are "X or null", where both agree.
    const inner = others.length === 1 ? others[0]! : `v.union([${others.join(', ')}])`;
    if (others.length === 0) return 'v.null()';
    return nullable ? `v.nullable(${inner})` : inner;
  }

  allOf(schema: Schema, where: string, refs: Set<string>): string {
    const rest = Object.keys(schema).filter((k) => k !== 'allOf' && !isAnnotation(k));
    if (rest.length > 0) fail(where, `allOf with sibling keywords (${rest.join(', ')})`);
    const allOf = schema.allOf as unknown[];
    const parts = allOf.map((s, i) => this.resolve(s, `${where}/allOf/${i}`));
    // Objects are merged into one object: valibot's intersect of two objects would strip (or, for
    // strict checking, reject) each other's fields.
    const objectLike = (s: unknown): s is Schema =>
      isObject(s) &&
      (s.type === 'object' || (s.type === undefined && s.properties !== undefined)) &&
      !s.allOf &&
      !s.oneOf &&
      !s.anyOf &&
      s.additionalProperties === undefined;
    if (parts.every(objectLike)) {
      const merged = {
        type: 'object',
        properties: {} as Record<string, unknown>,
        required: [] as string[],
      };
      for (const part of parts as Schema[]) {
        for (const [key, value] of Object.entries(part.properties ?? {})) {
          if (Object.hasOwn(merged.properties, key)) {
            fail(where, `allOf declares property ${key} twice`);
          }
          merged.properties[key] = value;
        }
        merged.required.push(...((part.required as string[] | undefined) ?? []));
      }
      return this.typed(merged, where, refs);
    }
    return `v.intersect([${allOf.map((s, i) => this.write(s, `${where}/allOf/${i}`, refs)).join(', ')}])`;
  }

  typed(schema: Schema, where: string, refs: Set<string>): string {
    let types = schema.type as string | string[] | undefined;
    if (types === undefined) {
      if (schema.enum || schema.const !== undefined) types = [];
      else if (schema.properties || schema.additionalProperties !== undefined) types = ['object'];
      else if (schema.items) types = ['array'];
      else return 'v.unknown()';
    }
    if (!Array.isArray(types)) types = [types];
    const nullable = types.includes('null');
    const concrete = types.filter((t) => t !== 'null');

    let code: string;
    if (schema.const !== undefined) {
      code = `v.literal(${lit(schema.const)})`;
    } else if (schema.enum) {
      const values = (schema.enum as unknown[]).filter((value) => !(nullable && value === null));
      if (values.length === 0) code = 'v.never()';
      else if (values.every((value) => typeof value === 'string')) {
        code = `v.picklist([${values.map(lit).join(', ')}])`;
      } else {
        code = `v.union([${values.map((value) => (value === null ? 'v.null()' : `v.literal(${lit(value)})`)).join(', ')}])`;
      }
    } else if (concrete.length === 0) {
      return 'v.null()';
    } else {
      const each = concrete.map((type) => this.ofType(type, schema, where, refs));
      code = each.length === 1 ? each[0]! : `v.union([${each.join(', ')}])`;
    }
    return nullable ? `v.nullable(${code})` : code;
  }

  ofType(type: string, schema: Schema, where: string, refs: Set<string>): string {
    const pipe = (base: string, actions: string[]) =>
      actions.length === 0 ? base : `v.pipe(${base}, ${actions.join(', ')})`;
    switch (type) {
      case 'string': {
        const actions: string[] = [];
        const format = schema.format;
        if (format !== undefined) {
          if (typeof format === 'string' && Object.hasOwn(FORMAT_ACTIONS, format)) {
            actions.push(FORMAT_ACTIONS[format]!);
          } else if (typeof format !== 'string' || !PLAIN_FORMATS.has(format)) {
            fail(where, `unsupported string format ${String(format)}`);
          }
        }
        // JSON Schema counts characters (code points), not UTF-16 units.
        if (schema.minLength !== undefined) {
          actions.push(
            `v.check((s) => chars(s) >= ${schema.minLength}, 'minLength ${schema.minLength}')`,
          );
        }
        if (schema.maxLength !== undefined) {
          actions.push(
            `v.check((s) => s.length <= ${schema.maxLength} || chars(s) <= ${schema.maxLength}, 'maxLength ${schema.maxLength}')`,
          );
        }
        if (schema.pattern !== undefined) {
          actions.push(`v.regex(new RegExp(${lit(schema.pattern)}, 'u'))`);
        }
        return pipe('v.string()', actions);
      }
      case 'integer':
      case 'number': {
        const actions: string[] = type === 'integer' ? ['v.integer()'] : [];
        if (schema.minimum !== undefined) actions.push(`v.minValue(${schema.minimum})`);
        if (schema.maximum !== undefined) actions.push(`v.maxValue(${schema.maximum})`);
        if (typeof schema.exclusiveMinimum === 'number') {
          actions.push(`v.gtValue(${schema.exclusiveMinimum})`);
        }
        if (typeof schema.exclusiveMaximum === 'number') {
          actions.push(`v.ltValue(${schema.exclusiveMaximum})`);
        }
        if (
          typeof schema.exclusiveMinimum === 'boolean' ||
          typeof schema.exclusiveMaximum === 'boolean'
        ) {
          fail(where, 'boolean exclusiveMinimum/Maximum (OpenAPI 3.0) is not supported');
        }
        if (schema.multipleOf !== undefined) actions.push(`v.multipleOf(${schema.multipleOf})`);
        return pipe('v.number()', actions);
      }
      case 'boolean':
        return 'v.boolean()';
      case 'array': {
        const item = this.write(schema.items ?? {}, `${where}/items`, refs);
        const actions: string[] = [];
        if (schema.minItems !== undefined) actions.push(`v.minLength(${schema.minItems})`);
        if (schema.maxItems !== undefined) actions.push(`v.maxLength(${schema.maxItems})`);
        if (schema.uniqueItems === true) {
          actions.push(
            `v.check((list) => new Set(list.map((x) => JSON.stringify(x))).size === list.length, 'uniqueItems')`,
          );
        }
        return pipe(`v.array(${item})`, actions);
      }
      case 'object': {
        const required = new Set((schema.required as string[] | undefined) ?? []);
        const properties = (schema.properties ?? {}) as Record<string, unknown>;
        for (const key of required) {
          if (!Object.hasOwn(properties, key)) {
            fail(where, `required property ${key} is not declared in properties`);
          }
        }
        const entries = Object.entries(properties).map(([key, value]) => {
          const inner = this.write(value, `${where}/properties/${key}`, refs);
          return `${lit(key)}: ${required.has(key) ? inner : `v.optional(${inner})`}`;
        });
        const body = `{ ${entries.join(', ')} }`;
        const extra = schema.additionalProperties;
        // Undeclared fields: v.object drops them from its output; the client compares input and
        // output to flag them in development and test builds. Declared as allowed: kept, not flagged.
        let code: string;
        if (extra === undefined) code = `v.object(${body})`;
        else if (extra === false) code = `v.strictObject(${body})`;
        else if (extra === true || (isObject(extra) && Object.keys(extra).length === 0)) {
          code = `v.looseObject(${body})`;
        } else {
          code = `v.objectWithRest(${body}, ${this.write(extra, `${where}/additionalProperties`, refs)})`;
        }
        // valibot's object schemas take an array for an object; one without required fields
        // would accept it, so those say "no arrays" first.
        return required.size > 0
          ? code
          : `v.pipe(v.unknown(), v.check((x) => !Array.isArray(x), 'type: expected object'), ${code})`;
      }
      default:
        return fail(where, `unsupported type ${type}`);
    }
  }

  /** Module-level consts for the component schemas `refs` names, dependencies first. */
  componentDeclarations(refs: Set<string>): string[] {
    const order: string[] = [];
    const done = new Set<string>();
    const visiting = new Set<string>();
    const code = new Map<string, string>();
    const visit = (name: string) => {
      if (done.has(name)) return;
      if (visiting.has(name))
        fail(`#/components/schemas/${name}`, 'recursive schemas are not supported');
      visiting.add(name);
      const inner = new Set<string>();
      code.set(name, this.write(this.components[name], `#/components/schemas/${name}`, inner));
      for (const dep of [...inner].sort()) visit(dep);
      visiting.delete(name);
      done.add(name);
      order.push(name);
    };
    for (const name of [...refs].sort()) visit(name);
    return order.map((name) => `const ${identifier(name)} = ${code.get(name)};`);
  }
}

/** The `content` of a response object ({} when none), its references to #/components/responses/ followed. */
function responseContent(doc: unknown, response: unknown, where: string): Schema {
  const resolved = follow(doc, response, 'responses', where);
  return isObject(resolved) && isObject(resolved.content) ? resolved.content : {};
}

/** The JSON media type of a `content` map (application/json or application/<x>+json). */
const jsonMediaType = (content: Record<string, unknown>): string | undefined =>
  Object.keys(content).find((type) => /^application\/(.+\+)?json\b/.test(type));

/** The `schema` of a media type object ({} when it has none). */
const schemaOf = (media: unknown): unknown => (isObject(media) ? (media.schema ?? {}) : {});

export interface ListedOperation {
  method: string;
  path: string;
  operationId: string;
  /** [status, body schema (null: no body)] of every success answer. */
  successes: [string, unknown][];
}

/** Every operation of the document with its success answers, in operationId order. */
export function listOperations(doc: unknown): ListedOperation[] {
  const operations: ListedOperation[] = [];
  for (const { lower, method, path, operation, operationId } of operationsOf(doc)) {
    const where = `#/paths/${path}/${lower}`;
    if (operationId === '') fail(where, 'operation without operationId');
    const successes: [string, unknown][] = [];
    for (const [status, raw] of Object.entries(operation.responses ?? {})) {
      if (!/^2(\d\d|XX)$/i.test(status)) continue;
      const content = responseContent(doc, raw, `${where}/responses/${status}`);
      if (Object.keys(content).length === 0) {
        successes.push([status.toUpperCase(), null]);
        continue;
      }
      const json = jsonMediaType(content);
      if (!json) fail(`${where}/responses/${status}`, 'a success answer without a JSON media type');
      successes.push([status.toUpperCase(), schemaOf(content[json])]);
    }
    operations.push({ method, path, operationId, successes });
  }
  return operations.sort((a, b) => a.operationId.localeCompare(b.operationId));
}

const CHARS_HELPER =
  '/** Length in characters (code points), as JSON Schema counts it. */\n' +
  'const chars = (s: string): number => s.length - (s.match(/[\\uD800-\\uDBFF][\\uDC00-\\uDFFF]/g)?.length ?? 0);\n';

/**
 * The start of a generated module: the header, its comment and import lines (`intro`), the chars
 * helper when `code` uses it, and the component declarations.
 */
function moduleStart(header: string, intro: string[], declarations: string[], code: string) {
  return [
    header.trimEnd(),
    ...intro,
    '',
    ...(code.includes('chars(') ? [CHARS_HELPER] : []),
    ...declarations,
    ...(declarations.length > 0 ? [''] : []),
  ];
}

/** One module per operation. */
function renderOperation(writer: SchemaWriter, operation: ListedOperation, header: string): string {
  const refs = new Set<string>();
  const statuses = operation.successes.map(([status, schema]) => [
    status,
    schema === null
      ? 'null'
      : writer.write(schema, `${operation.method} ${operation.path} ${status}`, refs),
  ]);
  const declarations = writer.componentDeclarations(refs);
  const body = [...declarations, ...statuses.map(([, code]) => code)].join('\n');
  const intro = [
    `// Response validators of ${operation.operationId} (${operation.method} ${operation.path}).`,
    "import * as v from 'valibot';",
  ];
  const lines = moduleStart(header, intro, declarations, body);
  lines.push(
    '/** Success statuses and their body schemas (null: no body). */',
    'export const responses: Readonly<Record<string, v.GenericSchema | null>> = {',
    ...statuses.map(([status, code]) => `  ${lit(status)}: ${code},`),
    '};',
    '',
  );
  return lines.join('\n');
}

function renderTable(operations: ListedOperation[], header: string): string {
  const lines = [
    header.trimEnd(),
    '// Response validators per operation, keyed "METHOD /path/template" (openapi-fetch schemaPath).',
    '// Each operation is its own module, loaded the first time one of its answers arrives.',
    "import type { GenericSchema } from 'valibot';",
    '',
    'export interface OperationValidators {',
    '  readonly responses: Readonly<Record<string, GenericSchema | null>>;',
    '}',
    '',
    'export const RESPONSE_VALIDATORS: Readonly<Record<string, () => Promise<OperationValidators>>> = {',
    ...operations.map(
      (op) =>
        `  ${lit(`${op.method} ${op.path}`)}: () => import('./validator-${kebab(op.operationId)}'),`,
    ),
    '};',
    '',
  ];
  return lines.join('\n');
}

/**
 * Error answers: for every error status (not 2XX) an operation declares with a JSON body, the
 * component schema of that body, over the whole contract: [[status, schemaName]], sorted. The
 * console reads one body per error status (the catalogue of SPEC §8 is keyed by status), so two
 * operations declaring different bodies for one status make generation FAIL, and so does an inline
 * error body (a component schema gives the body a name, and a type the console can import).
 * Statuses without a JSON body (e.g. 503, the HTML maintenance page) are not listed.
 */
export function listErrorBodies(doc: unknown): [string, string][] {
  const byStatus = new Map<string, { name: string; where: string }>();
  const writer = new SchemaWriter(doc);
  for (const { lower, path, operation } of operationsOf(doc)) {
    for (const [rawStatus, raw] of Object.entries(operation.responses ?? {})) {
      const status = rawStatus.toUpperCase();
      if (/^2(\d\d|XX)$/.test(status)) continue;
      const where = `#/paths/${path}/${lower}/responses/${rawStatus}`;
      const content = responseContent(doc, raw, where);
      const json = jsonMediaType(content);
      if (!json) continue;
      const schema = schemaOf(content[json]);
      if (!isObject(schema) || typeof schema.$ref !== 'string') {
        fail(where, 'an error body must be a component schema ($ref: #/components/schemas/...)');
      }
      const name = writer.component(schema.$ref, where);
      const seen = byStatus.get(status);
      if (seen && seen.name !== name) {
        fail(
          where,
          `status ${status} answers with ${name} here but with ${seen.name} at ${seen.where}: the console reads one body per error status`,
        );
      }
      if (!seen) byStatus.set(status, { name, where });
    }
  }
  return [...byStatus.entries()]
    .map(([status, { name }]): [string, string] => [status, name])
    .sort(([a], [b]) => a.localeCompare(b));
}

/** generated/error-bodies.ts: the error bodies' valibot schemas and the status table. */
function renderErrorBodies(writer: SchemaWriter, doc: unknown, header: string): string {
  const statuses = listErrorBodies(doc);
  const names = [...new Set(statuses.map(([, name]) => name))].sort();
  const declarations = writer.componentDeclarations(new Set(names));
  const intro = [
    '// Error answer bodies: for each error status the contract declares with a JSON body, the',
    '// component schema of that body (one per status across all operations; generation fails',
    '// otherwise). Small and loaded with the client: an error answer is read without a chunk load.',
    "import * as v from 'valibot';",
    "import type { components } from './api';",
  ];
  const lines = moduleStart(header, intro, declarations, declarations.join('\n'));
  lines.push(
    '/** The schemas of error bodies, each typed (and so checked by tsc) as its generated type. */',
    'export const ERROR_BODY_SCHEMAS: {',
    ...names.map(
      (name) =>
        `  readonly ${lit(name)}: v.GenericSchema<unknown, components["schemas"][${lit(name)}]>;`,
    ),
    '} = {',
    ...names.map((name) => `  ${lit(name)}: ${identifier(name)},`),
    '};',
    '',
    '/** Error statuses answered with a JSON body, and the schema of that body. */',
    'export const ERROR_BODY_BY_STATUS = {',
    ...statuses.map(([status, name]) => `  ${lit(status)}: ${lit(name)},`),
    '} as const satisfies Readonly<Record<string, keyof typeof ERROR_BODY_SCHEMAS>>;',
    '',
  );
  return lines.join('\n');
}

/**
 * Every operation with a JSON request body: { key: "METHOD /path", method, path, schema }, in
 * operationId order (like listOperations).
 */
export interface ListedRequestBody {
  /** "METHOD /path/template" */
  key: string;
  /** lower case, as in the document */
  method: string;
  path: string;
  operationId: string;
  schema: unknown;
}

/** Every operation with a JSON request body, in operationId order. */
export function listRequestBodies(doc: unknown): ListedRequestBody[] {
  const bodies: ListedRequestBody[] = [];
  for (const { key, lower, path, operation, operationId } of operationsOf(doc)) {
    const body = isObject(operation.requestBody) ? operation.requestBody : {};
    if (!isObject(body.content)) continue;
    const json = jsonMediaType(body.content);
    if (!json) continue;
    bodies.push({ key, method: lower, path, operationId, schema: schemaOf(body.content[json]) });
  }
  return bodies.sort((a, b) => a.operationId.localeCompare(b.operationId));
}

/**
 * generated/component-schemas.ts: every component schema of the contract as a valibot schema,
 * and the JSON request body of every operation. Not loaded by the app (its answers are checked
 * per operation, above); the sandbox (scripts/sandbox/) builds and checks its records with the
 * component schemas and checks every request body it receives, like a real backend would.
 * Each schema is typed (and so checked by tsc) against the generated `components` and `paths`.
 */
function renderComponentSchemas(writer: SchemaWriter, doc: unknown, header: string): string {
  const names = Object.keys(writer.components).sort();
  const declarations = writer.componentDeclarations(new Set(names));
  const bodies = listRequestBodies(doc).map((body) => ({
    ...body,
    code: writer.write(body.schema, `${body.key} request body`, new Set()),
  }));
  const bodyType = (body: ListedRequestBody) =>
    `NonNullable<paths[${lit(body.path)}][${lit(body.method)}]["requestBody"]>["content"]["application/json"]`;
  const source = [...declarations, ...bodies.map((body) => body.code)].join('\n');
  const intro = [
    '// Every component schema of the contract as a valibot schema, and every JSON request body.',
    '// Used by the sandbox (scripts/sandbox/) to build and check its records and the requests it',
    '// receives; the app checks answers with the per-operation validators instead.',
    "import * as v from 'valibot';",
    "import type { components, paths } from './api';",
  ];
  const lines = moduleStart(header, intro, declarations, source);
  lines.push(
    '/** The component schemas by name, each typed as its generated type. */',
    'export const COMPONENT_SCHEMAS = {',
    ...names.map((name) => `  ${lit(name)}: ${identifier(name)},`),
    '} satisfies {',
    '  readonly [Name in keyof components["schemas"]]: v.GenericSchema<unknown, components["schemas"][Name]>;',
    '};',
    '',
    '/** The JSON request body of each operation, keyed "METHOD /path/template". */',
    'export const REQUEST_BODY_SCHEMAS = {',
    ...bodies.map((body) => `  ${lit(body.key)}: ${body.code},`),
    '} satisfies {',
    ...bodies.map(
      (body) => `  readonly ${lit(body.key)}: v.GenericSchema<unknown, ${bodyType(body)}>;`,
    ),
    '};',
    '',
  );
  return lines.join('\n');
}

/**
 * The validator files of generated/ for a parsed document, as { fileName: content }.
 * Throws on any schema construct it cannot check.
 */
export function renderValidators(
  doc: unknown,
  { header = '' }: { header?: string } = {},
): Record<string, string> {
  const writer = new SchemaWriter(doc);
  const operations = listOperations(doc);
  const files: Record<string, string> = {
    'response-validators.ts': renderTable(operations, header),
    'error-bodies.ts': renderErrorBodies(writer, doc, header),
    'component-schemas.ts': renderComponentSchemas(writer, doc, header),
  };
  const names = new Map<string, string>();
  for (const operation of operations) {
    const name = `validator-${kebab(operation.operationId)}.ts`;
    if (names.has(name)) {
      fail(operation.operationId, `file name ${name} clashes with ${names.get(name)}`);
    }
    names.set(name, operation.operationId);
    files[name] = renderOperation(writer, operation, header);
  }
  return files;
}
