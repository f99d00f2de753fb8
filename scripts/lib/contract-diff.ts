// The breaking-change diff of two wire contracts (scripts/lib/contract-hash.ts wireContract): what a
// server implementing the new contract may do that a console built from the old one cannot take,
// or what the old console sends that the new server may refuse.
//
// The rule behind every finding: requests may only widen (the server keeps accepting everything it
// accepted), responses may only narrow (the server answers nothing the console's validators have not
// seen). The console validates every answer against the contract's limits, so a response change
// that widens (a new enum value, a raised maxLength, a property made optional, a new success
// status) is breaking here, as is a request change that narrows (a lowered maxLength, a new
// required property, a removed enum value). Removing an operation, a parameter, a property, a
// status, a media type or a header is breaking in both directions (a console may rely on it).
// Pure functions: no files, no processes; the same two contracts always give the same findings.
import { operationIsPublic } from './contract-rules';
import {
  type JsonObject,
  type Pointer,
  type Resolved,
  isObject,
  listOperations,
  objectOr,
  resolve as resolveRef,
} from './openapi-doc';

export type { Pointer };

export type ChangeKind = 'narrowed' | 'widened' | 'changed' | 'removed' | 'added';
export type Side = 'request' | 'response';

export interface Finding {
  breaking: boolean;
  kind: ChangeKind;
  rule: string;
  message: string;
  /** "GET /teams" */
  operation: string;
  /** Which part: "response 200 body", "query parameter orderBy" */
  where: string;
  /** The JSON path into the message */
  path: string[];
  /** The place in the new document (or, when `inNew` is false, in the old one) */
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

/** Where a comparison is: the operation, the side, the part, the JSON path and both pointers. */
interface Context {
  operation: string;
  side: Side;
  where: string;
  path: string[];
  oldPointer?: Pointer;
  newPointer?: Pointer;
}

const UPPER_BOUNDS = ['maxLength', 'maxItems', 'maximum', 'exclusiveMaximum', 'maxProperties'];
const LOWER_BOUNDS = ['minLength', 'minItems', 'minimum', 'exclusiveMinimum', 'minProperties'];
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const show = (value: unknown) => (typeof value === 'string' ? `'${value}'` : JSON.stringify(value));

/** Follows a bare $ref (a `$ref` with siblings is a schema part, read by `normalise`). */
const resolve = (document: unknown, node: unknown, pointer: Pointer): Resolved =>
  resolveRef(document, node, pointer, { bare: true });

// ---------------------------------------------------------------------------------------------
// Schemas, normalised: $ref (with siblings), allOf and "X or null" unions folded into one view.
// ---------------------------------------------------------------------------------------------

function typesOf(schema: JsonObject): Set<string> | undefined {
  if (schema.type === undefined) return undefined;
  return new Set((Array.isArray(schema.type) ? schema.type : [schema.type]).map(String));
}

/** A schema and where it is. */
interface Located {
  schema: unknown;
  pointer: Pointer;
}

/** One schema, normalised. `types` undefined means any type. */
interface SchemaView {
  pointer: Pointer;
  types: Set<string> | undefined;
  keywords: JsonObject;
  properties: Map<string, Located>;
  required: Set<string>;
  items: Located | undefined;
  additionalProperties: Located | undefined;
  variants: Located[];
  nullable?: boolean;
}

function normalise(document: unknown, raw: unknown, pointer: Pointer, depth = 0): SchemaView {
  const { node, pointer: where } = resolve(document, raw, pointer);
  const view: SchemaView = {
    pointer: where,
    types: undefined,
    keywords: {},
    properties: new Map(),
    required: new Set(),
    items: undefined,
    additionalProperties: undefined,
    variants: [],
  };
  if (!isObject(node) || depth > 32) return view;
  const parts: Located[] = [];
  if (typeof node.$ref === 'string') parts.push({ schema: { $ref: node.$ref }, pointer: where });
  if (Array.isArray(node.allOf)) {
    node.allOf.forEach((part: unknown, i: number) =>
      parts.push({ schema: part, pointer: [...where, 'allOf', i] }),
    );
  }
  for (const key of ['oneOf', 'anyOf']) {
    const list: unknown = node[key];
    if (!Array.isArray(list)) continue;
    const members = list.map((member: unknown, i: number) => ({
      schema: member,
      pointer: [...where, key, i],
      resolved: resolve(document, member, [...where, key, i]).node,
    }));
    const isNull = (m: { resolved: unknown }) =>
      isObject(m.resolved) && same(m.resolved, { type: 'null' });
    const rest = members.filter((m) => !isNull(m));
    if (rest.length < members.length) view.nullable = true;
    if (rest.length === 1) parts.push(rest[0]!);
    else view.variants.push(...rest);
  }
  const own = { ...node };
  for (const key of ['$ref', 'allOf', 'oneOf', 'anyOf']) delete own[key];
  applyOwn(view, own, where);
  for (const part of parts) {
    const sub = normalise(document, part.schema, part.pointer, depth + 1);
    merge(view, sub);
  }
  if (view.nullable) {
    if (view.types) view.types.add('null');
  }
  return view;
}

function applyOwn(view: SchemaView, schema: JsonObject, pointer: Pointer): void {
  const types = typesOf(schema);
  if (types) view.types = types;
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'type' || key === 'required' || key === 'properties') continue;
    if (key === 'items' || key === 'additionalProperties') continue;
    view.keywords[key] = value;
  }
  if (Array.isArray(schema.required)) {
    for (const name of schema.required) view.required.add(String(name));
  }
  if (isObject(schema.properties)) {
    for (const [name, sub] of Object.entries(schema.properties)) {
      view.properties.set(name, { schema: sub, pointer: [...pointer, 'properties', name] });
    }
  }
  if (schema.items !== undefined)
    view.items = { schema: schema.items, pointer: [...pointer, 'items'] };
  if (schema.additionalProperties !== undefined) {
    view.additionalProperties = {
      schema: schema.additionalProperties,
      pointer: [...pointer, 'additionalProperties'],
    };
  }
}

/** allOf: both must hold, so types intersect and properties, required and keywords add up. */
function merge(view: SchemaView, sub: SchemaView): void {
  if (sub.types) {
    view.types = view.types
      ? new Set([...view.types].filter((type) => sub.types!.has(type)))
      : new Set(sub.types);
  }
  for (const [key, value] of Object.entries(sub.keywords)) {
    if (!(key in view.keywords)) view.keywords[key] = value;
  }
  for (const [name, entry] of sub.properties) {
    if (!view.properties.has(name)) view.properties.set(name, entry);
  }
  for (const name of sub.required) view.required.add(name);
  view.items ??= sub.items;
  view.additionalProperties ??= sub.additionalProperties;
  view.variants.push(...sub.variants);
  if (sub.nullable) view.nullable = true;
}

// ---------------------------------------------------------------------------------------------
// Findings
// ---------------------------------------------------------------------------------------------

/**
 * A change: `narrowed` (accepts less), `widened` (accepts more), `changed` (neither contains the
 * other) or `removed`/`added`. Whether it breaks depends on the side: a request may widen, a
 * response may narrow.
 */
function breaks(kind: ChangeKind, side: Side): boolean {
  if (kind === 'changed' || kind === 'removed') return true;
  if (kind === 'narrowed') return side === 'request';
  if (kind === 'widened') return side === 'response';
  return false;
}

const covered = (type: string, set: Set<string>) =>
  set.has(type) || (type === 'integer' && set.has('number'));

function compareTypes(
  oldTypes: Set<string> | undefined,
  newTypes: Set<string> | undefined,
): ChangeKind | undefined {
  if (!oldTypes && !newTypes) return undefined;
  if (!newTypes) return 'widened';
  if (!oldTypes) return 'narrowed';
  const narrowed = [...newTypes].every((type) => covered(type, oldTypes));
  const widened = [...oldTypes].every((type) => covered(type, newTypes));
  if (narrowed && widened) return undefined;
  if (narrowed) return 'narrowed';
  if (widened) return 'widened';
  return 'changed';
}

const typeText = (types: Set<string> | undefined) =>
  types ? [...types].sort().join('|') : 'any type';

class Walk {
  readonly oldDoc: unknown;
  readonly newDoc: unknown;
  readonly sink: Finding[];

  constructor(oldDoc: unknown, newDoc: unknown, sink: Finding[]) {
    this.oldDoc = oldDoc;
    this.newDoc = newDoc;
    this.sink = sink;
  }

  /** One finding at `ctx` (operation, side, where, JSON path, pointers). */
  add(
    ctx: Context,
    kind: ChangeKind,
    rule: string,
    message: string,
    { pointer, inNew, breaking }: { pointer?: Pointer; inNew?: boolean; breaking?: boolean } = {},
  ): void {
    this.sink.push({
      breaking: breaking ?? breaks(kind, ctx.side),
      kind,
      rule,
      message,
      operation: ctx.operation,
      where: ctx.where,
      path: ctx.path,
      pointer: pointer ?? ctx.newPointer ?? ctx.oldPointer ?? [],
      inNew: inNew ?? (pointer !== undefined || ctx.newPointer !== undefined),
    });
  }

  schema(oldRaw: unknown, newRaw: unknown, ctx: Context, seen = new Set<string>()): void {
    const o = normalise(this.oldDoc, oldRaw, ctx.oldPointer ?? []);
    const n = normalise(this.newDoc, newRaw, ctx.newPointer ?? []);
    const key = `${ctx.side}|${o.pointer.join('/')}|${n.pointer.join('/')}`;
    if (seen.has(key)) return;
    seen.add(key);
    const here = { ...ctx, oldPointer: o.pointer, newPointer: n.pointer };
    const side = ctx.side;

    const typeChange = compareTypes(o.types, n.types);
    if (typeChange) {
      this.add(
        here,
        typeChange,
        `${side}-type`,
        `type ${typeText(o.types)} → ${typeText(n.types)}`,
      );
    }
    this.values(o.keywords.enum, n.keywords.enum, here, 'enum');
    if (!same(o.keywords.const, n.keywords.const)) {
      const kind =
        o.keywords.const === undefined
          ? 'narrowed'
          : n.keywords.const === undefined
            ? 'widened'
            : 'changed';
      this.add(
        here,
        kind,
        `${side}-const`,
        `const ${o.keywords.const === undefined ? '(none)' : show(o.keywords.const)} → ${n.keywords.const === undefined ? '(none)' : show(n.keywords.const)}`,
      );
    }
    for (const keyword of [
      'format',
      'pattern',
      'multipleOf',
      'contentEncoding',
      'contentMediaType',
    ]) {
      const a = o.keywords[keyword];
      const b = n.keywords[keyword];
      if (same(a, b)) continue;
      const kind = a === undefined ? 'narrowed' : b === undefined ? 'widened' : 'changed';
      this.add(
        here,
        kind,
        `${side}-${keyword}`,
        `${keyword} ${a === undefined ? '(none)' : show(a)} → ${b === undefined ? '(none)' : show(b)}`,
      );
    }
    for (const keyword of [...UPPER_BOUNDS, ...LOWER_BOUNDS]) {
      const a = o.keywords[keyword];
      const b = n.keywords[keyword];
      if (same(a, b)) continue;
      const upper = UPPER_BOUNDS.includes(keyword);
      let kind: ChangeKind;
      if (a === undefined) kind = 'narrowed';
      else if (b === undefined) kind = 'widened';
      else if (typeof a !== 'number' || typeof b !== 'number') kind = 'changed';
      else kind = (upper ? b < a : b > a) ? 'narrowed' : 'widened';
      this.add(
        here,
        kind,
        `${side}-${keyword}`,
        `${keyword} ${a === undefined ? '(none)' : String(a)} → ${b === undefined ? '(none)' : String(b)}`,
      );
    }
    if (o.keywords.uniqueItems !== n.keywords.uniqueItems) {
      this.add(
        here,
        n.keywords.uniqueItems ? 'narrowed' : 'widened',
        `${side}-uniqueItems`,
        `uniqueItems ${Boolean(o.keywords.uniqueItems)} → ${Boolean(n.keywords.uniqueItems)}`,
      );
    }
    if (side === 'request' && !same(o.keywords.default, n.keywords.default)) {
      // The server fills in what the console leaves out: a new default changes what it means.
      this.add(
        here,
        o.keywords.default === undefined ? 'added' : 'changed',
        'request-default',
        `default ${o.keywords.default === undefined ? '(none)' : show(o.keywords.default)} → ${n.keywords.default === undefined ? '(none)' : show(n.keywords.default)}`,
        { breaking: o.keywords.default !== undefined },
      );
    }

    // Object: properties and required.
    for (const name of n.required) {
      if (o.required.has(name)) continue;
      const kind = 'narrowed';
      const isNew = !o.properties.has(name);
      this.add(
        { ...here, path: [...here.path, name] },
        kind,
        `${side}-required-added`,
        isNew ? `new required property '${name}'` : `property '${name}' is now required`,
        { pointer: n.properties.get(name)?.pointer ?? n.pointer },
      );
    }
    for (const name of o.required) {
      if (n.required.has(name) || !n.properties.has(name)) continue;
      this.add(
        { ...here, path: [...here.path, name] },
        'widened',
        `${side}-required-removed`,
        `property '${name}' is no longer required`,
        { pointer: n.properties.get(name)?.pointer ?? n.pointer },
      );
    }
    for (const [name, entry] of o.properties) {
      const next = n.properties.get(name);
      const child = { ...here, path: [...here.path, name] };
      if (!next) {
        this.add(child, 'removed', `${side}-property-removed`, `property '${name}' removed`, {
          pointer: n.pointer,
        });
        continue;
      }
      this.schema(
        entry.schema,
        next.schema,
        { ...child, oldPointer: entry.pointer, newPointer: next.pointer },
        seen,
      );
    }
    for (const [name, entry] of n.properties) {
      if (o.properties.has(name) || n.required.has(name)) continue;
      this.add(
        { ...here, path: [...here.path, name] },
        'added',
        `${side}-property-added`,
        `new optional property '${name}'`,
        { pointer: entry.pointer },
      );
    }
    const oldExtra = o.additionalProperties?.schema;
    const newExtra = n.additionalProperties?.schema;
    if (oldExtra !== false && newExtra === false) {
      this.add(here, 'narrowed', `${side}-additionalProperties`, 'additionalProperties → false');
    } else if (oldExtra === false && newExtra !== false) {
      this.add(
        here,
        'widened',
        `${side}-additionalProperties`,
        'additionalProperties false → allowed',
      );
    } else if (isObject(oldExtra) && isObject(newExtra)) {
      this.schema(
        oldExtra,
        newExtra,
        {
          ...here,
          path: [...here.path, '*'],
          oldPointer: o.additionalProperties!.pointer,
          newPointer: n.additionalProperties!.pointer,
        },
        seen,
      );
    }
    if (o.items && n.items) {
      this.schema(
        o.items.schema,
        n.items.schema,
        {
          ...here,
          path: [...here.path, '[]'],
          oldPointer: o.items.pointer,
          newPointer: n.items.pointer,
        },
        seen,
      );
    } else if (o.items || n.items) {
      this.add(
        here,
        o.items ? 'widened' : 'narrowed',
        `${side}-items`,
        o.items ? 'items schema removed' : 'items schema added',
      );
    }
    const count = Math.min(o.variants.length, n.variants.length);
    for (let i = 0; i < count; i += 1) {
      const a = o.variants[i]!;
      const b = n.variants[i]!;
      this.schema(
        a.schema,
        b.schema,
        { ...here, oldPointer: a.pointer, newPointer: b.pointer },
        seen,
      );
    }
    if (o.variants.length !== n.variants.length) {
      this.add(
        here,
        n.variants.length > o.variants.length ? 'widened' : 'narrowed',
        `${side}-variants`,
        `${o.variants.length} → ${n.variants.length} alternatives (oneOf/anyOf)`,
      );
    }
  }

  values(a: unknown, b: unknown, ctx: Context, keyword: string): void {
    if (same(a, b)) return;
    if (!Array.isArray(a) || !Array.isArray(b)) {
      const kind = a === undefined ? 'narrowed' : b === undefined ? 'widened' : 'changed';
      this.add(
        ctx,
        kind,
        `${ctx.side}-${keyword}`,
        `${keyword} ${a === undefined ? 'added' : 'removed'}`,
      );
      return;
    }
    const removed = a.filter((value) => !b.some((other) => same(value, other)));
    const added = b.filter((value) => !a.some((other) => same(value, other)));
    for (const value of removed) {
      this.add(
        ctx,
        'narrowed',
        `${ctx.side}-${keyword}-value-removed`,
        `${keyword} value ${show(value)} removed`,
      );
    }
    for (const value of added) {
      this.add(
        ctx,
        'widened',
        `${ctx.side}-${keyword}-value-added`,
        `${keyword} value ${show(value)} added`,
      );
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Operations
// ---------------------------------------------------------------------------------------------

/** "/device/{deviceId}/move" → "/device/{}/move": a renamed path parameter is the same path. */
const pathKey = (template: string) => template.replace(/\{[^}]+\}/g, '{}');
const pathParams = (template: string) => [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);

/** An operation of one side and where it is. */
interface OperationEntry {
  method: string;
  template: string;
  item: JsonObject;
  operation: JsonObject;
  pointer: Pointer;
}

function operationsOf(document: unknown): Map<string, OperationEntry> {
  const found = new Map<string, OperationEntry>();
  for (const { lower, path, item, operation } of listOperations(document)) {
    found.set(`${lower.toUpperCase()} ${pathKey(path)}`, {
      method: lower,
      template: path,
      item,
      operation,
      pointer: ['paths', path, lower],
    });
  }
  return found;
}

/** A parameter and where it is. */
interface ParameterEntry {
  param: JsonObject;
  pointer: Pointer;
}

/** Parameters of an operation keyed by "in:name"; path parameters by position ("path:#0"). */
function parametersOf(document: unknown, entry: OperationEntry): Map<string, ParameterEntry> {
  const params = new Map<string, ParameterEntry>();
  const add = (raw: unknown, pointer: Pointer) => {
    const { node, pointer: where } = resolve(document, raw, pointer);
    if (!isObject(node)) return;
    const position = pathParams(entry.template).indexOf(String(node.name));
    const key =
      node.in === 'path' && position >= 0
        ? `path:#${position}`
        : `${String(node.in)}:${String(node.name)}`;
    params.set(key, { param: node, pointer: where });
  };
  const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
  list(entry.item.parameters).forEach((raw, i) =>
    add(raw, ['paths', entry.template, 'parameters', i]),
  );
  list(entry.operation.parameters).forEach((raw, i) =>
    add(raw, [...entry.pointer, 'parameters', i]),
  );
  return params;
}

function securityOf(
  document: unknown,
  operation: JsonObject,
): { requirements: unknown[]; isPublic: boolean } {
  const raw = operation.security ?? objectOr(document).security ?? [];
  const requirements: unknown[] = Array.isArray(raw) ? raw : [];
  return { requirements, isPublic: operationIsPublic(document, operation) };
}

const isSuccess = (status: string) => /^2/.test(status);

/**
 * Every difference between two wire contracts that matters to the console and its backends:
 * [{ breaking, kind, rule, message, operation, where, path, pointer, inNew }].
 * `operation` is "GET /teams"; `where` says which part ("response 200 body", "query parameter
 * orderBy"); `path` is the JSON path into the message; `pointer` the place in the new document (or,
 * when `inNew` is false, in the old one).
 */
export function diffContracts(oldDoc: unknown, newDoc: unknown): Finding[] {
  const findings: Finding[] = [];
  const walk = new Walk(oldDoc, newDoc, findings);
  const top: Context = { operation: '(document)', side: 'response', where: '', path: [] };

  const servers = (doc: unknown): unknown[] => {
    const list = objectOr(doc).servers;
    return (Array.isArray(list) ? list : []).map((server: unknown) => objectOr(server).url);
  };
  if (!same(servers(oldDoc), servers(newDoc))) {
    walk.add(
      { ...top, newPointer: ['servers'] },
      'changed',
      'servers',
      `servers ${servers(oldDoc).join(', ') || '(none)'} → ${servers(newDoc).join(', ') || '(none)'}`,
    );
  }

  const oldOps = operationsOf(oldDoc);
  const newOps = operationsOf(newDoc);
  for (const [key, o] of oldOps) {
    const n = newOps.get(key);
    const operation = `${o.method.toUpperCase()} ${(n ?? o).template}`;
    const base = { operation, path: [], oldPointer: o.pointer, newPointer: n?.pointer };
    if (!n) {
      walk.add(
        { ...base, side: 'request', where: '' },
        'removed',
        'operation-removed',
        'operation removed',
        {
          pointer: o.pointer,
          inNew: false,
        },
      );
      continue;
    }
    compareOperation(walk, oldDoc, newDoc, o, n, base);
  }
  for (const [key, n] of newOps) {
    if (oldOps.has(key)) continue;
    walk.add(
      {
        operation: `${n.method.toUpperCase()} ${n.template}`,
        side: 'request',
        where: '',
        path: [],
        newPointer: n.pointer,
      },
      'added',
      'operation-added',
      'new operation',
    );
  }
  return findings;
}

function compareOperation(
  walk: Walk,
  oldDoc: unknown,
  newDoc: unknown,
  o: OperationEntry,
  n: OperationEntry,
  base: Omit<Context, 'side' | 'where'>,
): void {
  // Security: an operation that needed no session and now needs one shuts out its callers.
  const oldSec = securityOf(oldDoc, o.operation);
  const newSec = securityOf(newDoc, n.operation);
  const schemes = (doc: unknown, sec: { requirements: unknown[] }) =>
    sec.requirements
      .flatMap((r) => Object.keys(objectOr(r)))
      .map((name) => ({
        name,
        scheme: objectOr(objectOr(objectOr(doc).components).securitySchemes)[name],
      }));
  if (oldSec.isPublic && !newSec.isPublic) {
    walk.add(
      { ...base, side: 'request', where: 'security' },
      'narrowed',
      'security-required',
      'the operation now requires authentication',
    );
  } else if (!oldSec.isPublic && newSec.isPublic) {
    walk.add(
      { ...base, side: 'request', where: 'security' },
      'widened',
      'security-optional',
      'the operation no longer requires authentication',
    );
  } else if (!same(schemes(oldDoc, oldSec), schemes(newDoc, newSec))) {
    walk.add(
      { ...base, side: 'request', where: 'security' },
      'changed',
      'security-changed',
      'the authentication it requires changed',
    );
  }

  // Parameters.
  const oldParams = parametersOf(oldDoc, o);
  const newParams = parametersOf(newDoc, n);
  for (const [key, { param, pointer }] of oldParams) {
    const next = newParams.get(key);
    const name = String(param.name);
    const where = `${String(param.in)} parameter ${String(next?.param.name ?? name)}`;
    const ctx: Context = {
      ...base,
      side: 'request',
      where,
      oldPointer: pointer,
      newPointer: next?.pointer,
    };
    if (!next) {
      walk.add(ctx, 'removed', 'parameter-removed', `parameter '${name}' removed`, {
        pointer: n.pointer,
      });
      continue;
    }
    if (!param.required && next.param.required) {
      walk.add(ctx, 'narrowed', 'parameter-required', `parameter '${name}' is now required`);
    }
    for (const keyword of ['style', 'explode', 'allowReserved']) {
      if (!same(param[keyword], next.param[keyword])) {
        walk.add(
          ctx,
          'changed',
          `parameter-${keyword}`,
          `${keyword} ${show(param[keyword] ?? '(default)')} → ${show(next.param[keyword] ?? '(default)')}`,
        );
      }
    }
    walk.schema(param.schema ?? {}, next.param.schema ?? {}, {
      ...ctx,
      oldPointer: [...pointer, 'schema'],
      newPointer: [...next.pointer, 'schema'],
    });
  }
  for (const [key, { param, pointer }] of newParams) {
    if (oldParams.has(key)) continue;
    const name = String(param.name);
    const ctx: Context = {
      ...base,
      side: 'request',
      where: `${String(param.in)} parameter ${name}`,
      newPointer: pointer,
    };
    if (param.required)
      walk.add(ctx, 'narrowed', 'parameter-added-required', `new required parameter '${name}'`);
    else walk.add(ctx, 'added', 'parameter-added', `new optional parameter '${name}'`);
  }

  // Request body.
  const oldBody = resolve(oldDoc, o.operation.requestBody, [...o.pointer, 'requestBody']);
  const newBody = resolve(newDoc, n.operation.requestBody, [...n.pointer, 'requestBody']);
  const bodyCtx: Context = {
    ...base,
    side: 'request',
    where: 'request body',
    oldPointer: oldBody.pointer,
    newPointer: newBody.pointer,
  };
  if (isObject(oldBody.node) && !isObject(newBody.node)) {
    walk.add(
      { ...bodyCtx, newPointer: n.pointer },
      'removed',
      'request-body-removed',
      'request body removed',
    );
  } else if (!isObject(oldBody.node) && isObject(newBody.node)) {
    if (newBody.node.required)
      walk.add(bodyCtx, 'narrowed', 'request-body-added-required', 'new required request body');
    else walk.add(bodyCtx, 'added', 'request-body-added', 'new optional request body');
  } else if (isObject(oldBody.node) && isObject(newBody.node)) {
    if (!oldBody.node.required && newBody.node.required) {
      walk.add(bodyCtx, 'narrowed', 'request-body-required', 'the request body is now required');
    }
    compareContent(walk, oldBody, newBody, bodyCtx, 'request');
  }

  // Responses.
  const oldResponses = objectOr(o.operation.responses);
  const newResponses = objectOr(n.operation.responses);
  for (const [status, raw] of Object.entries(oldResponses)) {
    const old = resolve(oldDoc, raw, [...o.pointer, 'responses', status]);
    const ctx: Context = {
      ...base,
      side: 'response',
      where: `response ${status}`,
      oldPointer: old.pointer,
    };
    if (!(status in newResponses)) {
      walk.add(
        { ...ctx, newPointer: [...n.pointer, 'responses'] },
        'removed',
        'response-status-removed',
        `status ${status} removed`,
      );
      continue;
    }
    const next = resolve(newDoc, newResponses[status], [...n.pointer, 'responses', status]);
    const here = { ...ctx, newPointer: next.pointer };
    compareHeaders(walk, old, next, here);
    compareContent(walk, old, next, here, 'response', isSuccess(status));
  }
  for (const status of Object.keys(newResponses)) {
    if (status in oldResponses) continue;
    const ctx: Context = {
      ...base,
      side: 'response',
      where: `response ${status}`,
      newPointer: [...n.pointer, 'responses', status],
    };
    // The console checks success answers against the statuses it knows; error statuses it maps
    // by its catalogue (an unknown one is a generic error).
    if (isSuccess(status))
      walk.add(
        ctx,
        'widened',
        'response-status-added',
        `new success status ${status}: consoles built from the old contract reject it`,
      );
    else walk.add(ctx, 'added', 'response-status-added', `new error status ${status}`);
  }
}

function compareHeaders(walk: Walk, old: Resolved, next: Resolved, ctx: Context): void {
  const oldHeaders = objectOr(objectOr(old.node).headers);
  const newHeaders = objectOr(objectOr(next.node).headers);
  for (const [name, raw] of Object.entries(oldHeaders)) {
    const a = resolve(walk.oldDoc, raw, [...old.pointer, 'headers', name]);
    const here = { ...ctx, where: `${ctx.where} header ${name}`, oldPointer: a.pointer };
    if (!(name in newHeaders)) {
      walk.add(
        { ...here, newPointer: [...next.pointer, 'headers'] },
        'removed',
        'response-header-removed',
        `header '${name}' removed`,
      );
      continue;
    }
    const b = resolve(walk.newDoc, newHeaders[name], [...next.pointer, 'headers', name]);
    const there = { ...here, newPointer: b.pointer };
    const aNode = objectOr(a.node);
    const bNode = objectOr(b.node);
    if (aNode.required && !bNode.required) {
      walk.add(
        there,
        'widened',
        'response-header-optional',
        `header '${name}' is no longer required`,
      );
    }
    walk.schema(aNode.schema ?? {}, bNode.schema ?? {}, {
      ...there,
      oldPointer: [...a.pointer, 'schema'],
      newPointer: [...b.pointer, 'schema'],
    });
  }
  for (const [name, raw] of Object.entries(newHeaders)) {
    if (name in oldHeaders) continue;
    const b = resolve(walk.newDoc, raw, [...next.pointer, 'headers', name]);
    walk.add(
      { ...ctx, where: `${ctx.where} header ${name}`, newPointer: b.pointer },
      'added',
      'response-header-added',
      `new header '${name}'`,
    );
  }
}

function compareContent(
  walk: Walk,
  old: Resolved,
  next: Resolved,
  ctx: Context,
  side: Side,
  success = true,
): void {
  const oldContent = objectOr(objectOr(old.node).content);
  const newContent = objectOr(objectOr(next.node).content);
  for (const [media, entry] of Object.entries(oldContent)) {
    const here = {
      ...ctx,
      where: `${ctx.where} ${media}`,
      oldPointer: [...old.pointer, 'content', media],
    };
    if (!(media in newContent)) {
      walk.add(
        { ...here, newPointer: [...next.pointer, 'content'] },
        'removed',
        `${side}-media-type-removed`,
        `media type ${media} removed`,
      );
      continue;
    }
    walk.schema(objectOr(entry).schema ?? {}, objectOr(newContent[media]).schema ?? {}, {
      ...here,
      oldPointer: [...old.pointer, 'content', media, 'schema'],
      newPointer: [...next.pointer, 'content', media, 'schema'],
    });
  }
  for (const media of Object.keys(newContent)) {
    if (media in oldContent) continue;
    const here = {
      ...ctx,
      where: `${ctx.where} ${media}`,
      newPointer: [...next.pointer, 'content', media],
    };
    const kind =
      side === 'response' && success && Object.keys(oldContent).length > 0 ? 'widened' : 'added';
    walk.add(here, kind, `${side}-media-type-added`, `new media type ${media}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Reading the findings
// ---------------------------------------------------------------------------------------------

/** `$.devices[].status` for ['devices', '[]', 'status']. */
export function pathText(path: readonly string[]): string {
  return path.reduce((out, segment) => {
    if (segment === '[]') return `${out}[]`;
    if (segment === '*') return `${out}.*`;
    return /^[A-Za-z_$][\w$]*$/.test(segment)
      ? `${out}.${segment}`
      : `${out}[${JSON.stringify(segment)}]`;
  }, '$');
}

/** "components.schemas.TeamSummary.properties.deviceCount" for a pointer. */
export function pointerText(pointer: Pointer): string {
  return pointer.map(String).join('.');
}

/**
 * The findings grouped by where in the document they are (a change to a shared component is one
 * entry listing every operation it reaches): [{ breaking, rule, message, pointer, inNew, uses }],
 * `uses` being [{ operation, where, path }]. Breaking entries first, each group in document order.
 */
export function groupFindings(findings: Finding[]): FindingGroup[] {
  const groups = new Map<string, FindingGroup>();
  for (const finding of findings) {
    const key = `${finding.breaking}|${finding.rule}|${finding.message}|${finding.inNew}|${pointerText(finding.pointer ?? [])}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        breaking: finding.breaking,
        rule: finding.rule,
        message: finding.message,
        pointer: finding.pointer ?? [],
        inNew: finding.inNew,
        uses: [],
      };
      groups.set(key, group);
    }
    const use = { operation: finding.operation, where: finding.where, path: finding.path };
    if (!group.uses.some((u) => same(u, use))) group.uses.push(use);
  }
  return [...groups.values()].sort((a, b) => Number(b.breaking) - Number(a.breaking));
}
