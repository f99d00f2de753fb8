// The breaking-change diff of two wire contracts (scripts/lib/contract-hash.ts wireContract): what a
// server implementing the new contract may do that a console built from the old one cannot take,
// or what the old console sends that the new server may refuse.
//
// The rule behind every finding: requests may only widen (the server keeps accepting everything it
// accepted), responses may only narrow (the server answers nothing the console's validators have not
// seen). Each change is classed `narrowed`, `widened`, `changed` (neither contains the other),
// `removed` or `added`, and the side decides whether it breaks (`breaks` below). Removing an
// operation, a parameter, a property, a success status, a media type or a header breaks both ways.
//
// Fail closed: every schema keyword is either compared (the KEYWORDS table and the structural
// keywords `normalise` reads), an annotation (ANNOTATIONS), or unknown, and a change to an unknown
// keyword (or to an unknown key of a parameter, header, media type or operation) is a breaking
// `unchecked-keyword` finding. A keyword nobody taught the gate can never pass in silence.
// Pure functions: no files, no processes; the same two contracts always give the same findings.
import canonicalize from 'canonicalize';
import {
  type JsonObject,
  type Pointer,
  type Resolved,
  isObject,
  listOperations,
  objectOr,
  refPointer,
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

/** Equal as JSON, whatever the order of keys. */
const same = (a: unknown, b: unknown) => canonicalize(a) === canonicalize(b);
const show = (value: unknown) =>
  value === undefined ? '(none)' : typeof value === 'string' ? `'${value}'` : JSON.stringify(value);

/** Follows a bare $ref (a `$ref` with siblings is a schema part, read by `normalise`). */
const resolve = (document: unknown, node: unknown, pointer: Pointer): Resolved =>
  resolveRef(document, node, pointer, { bare: true });

/** Keys that change no message (documentation, tooling; the wire contract drops most already). */
const ANNOTATIONS = new Set([
  '$comment',
  'deprecated',
  'description',
  'example',
  'examples',
  'externalDocs',
  'links',
  'operationId',
  'summary',
  'tags',
  'title',
  'xml',
]);
const isAnnotation = (key: string) => ANNOTATIONS.has(key) || key.startsWith('x-');

/** `node` with every local `$ref` replaced by what it points to (a loop stays a `$ref`). */
function expand(document: unknown, node: unknown, stack: string[] = []): unknown {
  if (Array.isArray(node)) return node.map((item) => expand(document, item, stack));
  if (!isObject(node)) return node;
  const ref = typeof node.$ref === 'string' ? node.$ref : undefined;
  if (ref !== undefined && !stack.includes(ref) && refPointer(ref)) {
    const { $ref: _, ...rest } = node;
    const target = expand(document, resolve(document, { $ref: ref }, []).node, [...stack, ref]);
    return Object.keys(rest).length === 0
      ? target
      : { ...objectOr(expand(document, rest, stack)), allOf: [target] };
  }
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, expand(document, value, stack)]),
  );
}

/**
 * Keys of `a` and `b` (OpenAPI objects) that are neither compared (`known`) nor annotations, and
 * differ: each is a breaking `unchecked-keyword` finding.
 */
function unchecked(walk: Walk, a: unknown, b: unknown, known: readonly string[], ctx: Context) {
  const keys = new Set([...Object.keys(objectOr(a)), ...Object.keys(objectOr(b))]);
  for (const key of keys) {
    if (known.includes(key) || isAnnotation(key)) continue;
    const x = expand(walk.oldDoc, objectOr(a)[key]);
    const y = expand(walk.newDoc, objectOr(b)[key]);
    if (!same(x, y)) walk.uncheckedKeyword(ctx, key);
  }
}

// ---------------------------------------------------------------------------------------------
// Schemas, normalised: $ref (with siblings), allOf and "X or null" unions folded into one view.
// ---------------------------------------------------------------------------------------------

/** A schema and where it is. */
interface Located {
  schema: unknown;
  pointer: Pointer;
}

/** One schema, normalised: what every allOf part, $ref and sibling says together. */
interface SchemaView {
  pointer: Pointer;
  /** The non-null types; undefined means any type, an empty set none (only null, or nothing). */
  types: Set<string> | undefined;
  /** Whether null is a valid value, in whichever spelling the document says so. */
  nullable: boolean;
  /** Every other keyword: its values over all parts (each of them must hold). */
  values: Map<string, unknown[]>;
  properties: Map<string, Located>;
  required: Set<string>;
  items: Located;
  /** additionalProperties: false, or the schema extra properties must match ({} when absent). */
  extra: Located | false;
  /** A oneOf/anyOf of two or more alternatives besides null. */
  union?: { keyword: string; members: Located[] };
}

/** Keywords `normalise` reads itself; the rest go to `values` and the KEYWORDS table. */
const STRUCTURAL = new Set([
  '$ref',
  'additionalProperties',
  'allOf',
  'anyOf',
  'const',
  'enum',
  'items',
  'nullable',
  'oneOf',
  'properties',
  'required',
  'type',
]);

/** An alternative that is only null: {type: 'null'}, {const: null} or {enum: [null]}. */
const isNullSchema = (node: unknown) =>
  [{ type: 'null' }, { const: null }, { enum: [null] }].some((spelling) => same(node, spelling));

/** The $ref a schema is, or the one alternative besides null of its oneOf/anyOf. */
function refOf(raw: unknown): string | undefined {
  if (!isObject(raw)) return undefined;
  if (typeof raw.$ref === 'string') return raw.$ref;
  const list: unknown = raw.oneOf ?? raw.anyOf;
  const rest = Array.isArray(list) ? list.filter((m) => !isNullSchema(m)) : [];
  return rest.length === 1 ? refOf(rest[0]) : undefined;
}

function emptyView(pointer: Pointer): SchemaView {
  return {
    pointer,
    types: undefined,
    nullable: true,
    values: new Map(),
    properties: new Map(),
    required: new Set(),
    items: { schema: {}, pointer: [...pointer, 'items'] },
    extra: { schema: {}, pointer: [...pointer, 'additionalProperties'] },
  };
}

/** The schema's own keywords (no parts). */
function ownView(document: unknown, node: JsonObject, where: Pointer): SchemaView {
  const view = emptyView(where);
  const list: unknown[] | undefined =
    node.type === undefined ? undefined : Array.isArray(node.type) ? node.type : [node.type];
  let explicitNull = list?.includes('null') || node.nullable === true;
  if (list) view.types = new Set(list.map(String).filter((t) => t !== 'null'));
  if (Array.isArray(node.enum)) {
    explicitNull ||= node.enum.includes(null);
    view.values.set('enum', [node.enum.filter((value: unknown) => value !== null)]);
  }
  if (node.const === null) {
    explicitNull = true;
    view.types = new Set();
  } else if (node.const !== undefined) view.values.set('const', [node.const]);
  const restricted = view.types !== undefined || view.values.size > 0;
  view.nullable = Boolean(explicitNull) || !restricted;
  for (const [key, value] of Object.entries(node)) {
    if (STRUCTURAL.has(key) || isAnnotation(key)) continue;
    view.values.set(key, [KEYWORDS[key] ? value : expand(document, value)]);
  }
  if (Array.isArray(node.required)) for (const name of node.required) view.required.add(`${name}`);
  for (const [name, sub] of Object.entries(objectOr(node.properties))) {
    view.properties.set(name, { schema: sub, pointer: [...where, 'properties', name] });
  }
  if (node.items !== undefined) view.items = { schema: node.items, pointer: [...where, 'items'] };
  const extra = node.additionalProperties;
  if (extra === false) view.extra = false;
  else if (extra !== undefined && extra !== true) {
    view.extra = { schema: extra, pointer: [...where, 'additionalProperties'] };
  }
  return view;
}

/** allOf: both must hold. Types intersect, null only if both allow it, every value adds up. */
function merge(view: SchemaView, part: SchemaView): void {
  if (part.types) {
    view.types = view.types
      ? new Set([...view.types].filter((type) => covered(type, part.types!)))
      : new Set(part.types);
  }
  view.nullable &&= part.nullable;
  for (const [key, values] of part.values)
    view.values.set(key, [...(view.values.get(key) ?? []), ...values]);
  for (const [name, entry] of part.properties) {
    if (!view.properties.has(name)) view.properties.set(name, entry);
  }
  for (const name of part.required) view.required.add(name);
  if (same(view.items.schema, {})) view.items = part.items;
  if (part.extra === false) view.extra = false;
  else if (view.extra !== false && same(view.extra.schema, {})) view.extra = part.extra;
  if (part.union) {
    view.union = view.union
      ? { ...view.union, members: [...view.union.members, ...part.union.members] }
      : part.union;
  }
}

function normalise(document: unknown, raw: unknown, pointer: Pointer, depth = 0): SchemaView {
  const { node, pointer: where } = resolve(document, raw, pointer);
  const view = emptyView(where);
  if (node === false) return { ...view, types: new Set(), nullable: false };
  if (!isObject(node) || depth > 32) return view;
  const own = ownView(document, node, where);
  const part = (schema: unknown, at: Pointer) => normalise(document, schema, at, depth + 1);
  if (typeof node.$ref === 'string') merge(own, part({ $ref: node.$ref }, where));
  if (Array.isArray(node.allOf))
    node.allOf.forEach((s, i) => merge(own, part(s, [...where, 'allOf', i])));
  for (const keyword of ['oneOf', 'anyOf']) {
    const list: unknown = node[keyword];
    if (!Array.isArray(list)) continue;
    const members = list.map((schema: unknown, i) => ({ schema, pointer: [...where, keyword, i] }));
    const rest = members.filter((m) => !isNullSchema(resolve(document, m.schema, []).node));
    const withNull = rest.length < members.length;
    if (rest.length === 1) {
      // "X or null" is X with null allowed: the same as a type list with 'null'.
      const only = part(rest[0]!.schema, rest[0]!.pointer);
      merge(own, { ...only, nullable: only.nullable || withNull });
    } else {
      const alternatives = rest.map((m) => part(m.schema, m.pointer));
      const union = { ...emptyView(where), union: { keyword, members: rest } };
      union.nullable = withNull || alternatives.some((a) => a.nullable);
      if (rest.length === 0) union.types = new Set();
      merge(own, union);
    }
  }
  if (node.nullable === true) own.nullable = true;
  return { ...own, pointer: where };
}

// ---------------------------------------------------------------------------------------------
// Findings
// ---------------------------------------------------------------------------------------------

/** Whether a change breaks on `side`: a request may widen, a response may narrow. */
function breaks(kind: ChangeKind, side: Side): boolean {
  if (kind === 'changed' || kind === 'removed') return true;
  if (kind === 'narrowed') return side === 'request';
  if (kind === 'widened') return side === 'response';
  return false;
}

const covered = (type: string, set: Set<string>) =>
  set.has(type) || (type === 'integer' && set.has('number'));

/** What `b` accepts against `a`, given whether each contains the other. */
const containment = (narrowed: boolean, widened: boolean): ChangeKind | undefined =>
  narrowed && widened ? undefined : narrowed ? 'narrowed' : widened ? 'widened' : 'changed';

function compareTypes(a: Set<string> | undefined, b: Set<string> | undefined) {
  if (!a && !b) return undefined;
  if (!b) return 'widened';
  if (!a) return 'narrowed';
  return containment(
    [...b].every((type) => covered(type, a)),
    [...a].every((type) => covered(type, b)),
  );
}

const typeText = (types: Set<string> | undefined) =>
  types ? [...types].sort().join('|') || 'no type' : 'any type';

interface Reading {
  kind: ChangeKind;
  message: string;
  /** The rule, after the side: `${side}-${rule}`; the keyword when not given. */
  rule?: string;
  breaking?: boolean;
}

/** A value keyword's comparison: its values over the allOf parts, old and new. */
type KeywordRule = (a: unknown[], b: unknown[], keyword: string, side: Side) => Reading[];

const numbers = (values: unknown[]) => values.filter((v): v is number => typeof v === 'number');

/** maxLength, minimum, ...: the tightest bound of all parts holds. */
const bound =
  (upper: boolean): KeywordRule =>
  (a, b, keyword) => {
    const pick = (values: unknown[]) =>
      values.length === 0
        ? undefined
        : numbers(values).length < values.length
          ? values
          : (upper ? Math.min : Math.max)(...numbers(values));
    const [x, y] = [pick(a), pick(b)];
    if (same(x, y)) return [];
    let kind: ChangeKind;
    if (x === undefined) kind = 'narrowed';
    else if (y === undefined) kind = 'widened';
    else if (typeof x !== 'number' || typeof y !== 'number') kind = 'changed';
    else kind = (upper ? y < x : y > x) ? 'narrowed' : 'widened';
    return [{ kind, message: `${keyword} ${show(x)} → ${show(y)}` }];
  };

/**
 * pattern, format, const, ...: every value given must hold, so more values narrow, fewer widen.
 * `wider(a, b)` says when one value accepts everything another does (int32 → int64).
 */
const constraint =
  (wider: (a: unknown, b: unknown) => boolean = () => false): KeywordRule =>
  (a, b, keyword) => {
    const set = (values: unknown[]) =>
      values.filter((v, i) => v !== false && values.findIndex((w) => same(v, w)) === i);
    const [x, y] = [set(a), set(b)];
    const has = (list: unknown[], v: unknown) => list.some((w) => same(v, w));
    const added = y.filter((v) => !has(x, v));
    const removed = x.filter((v) => !has(y, v));
    if (added.length === 0 && removed.length === 0) return [];
    let kind = containment(removed.length === 0, added.length === 0)!;
    if (added.length === 1 && removed.length === 1) {
      if (wider(removed[0], added[0])) kind = 'widened';
      else if (wider(added[0], removed[0])) kind = 'narrowed';
    }
    const text = (list: unknown[]) => (list.length === 0 ? '(none)' : list.map(show).join(' and '));
    return [{ kind, message: `${keyword} ${text(x)} → ${text(y)}` }];
  };

/** Formats that accept everything a narrower one does (OpenAPI's numeric formats). */
const WIDER_FORMAT: Record<string, string> = { int32: 'int64', float: 'double' };

/** enum: a value is valid when every part lists it. */
const enumRule: KeywordRule = (a, b, keyword) => {
  const pick = (values: unknown[]) =>
    values.length === 0
      ? undefined
      : (values as unknown[][]).reduce((all, list) =>
          all.filter((v) => list.some((w) => same(v, w))),
        );
  const [x, y] = [pick(a), pick(b)];
  if (same(x, y)) return [];
  if (!x || !y)
    return [{ kind: x ? 'widened' : 'narrowed', message: `${keyword} ${x ? 'removed' : 'added'}` }];
  const missing = (from: unknown[], to: unknown[]) =>
    from.filter((v) => !to.some((w) => same(v, w)));
  return [
    ...missing(x, y).map((v) => ({
      kind: 'narrowed' as const,
      rule: `${keyword}-value-removed`,
      message: `${keyword} value ${show(v)} removed`,
    })),
    ...missing(y, x).map((v) => ({
      kind: 'widened' as const,
      rule: `${keyword}-value-added`,
      message: `${keyword} value ${show(v)} added`,
    })),
  ];
};

/** discriminator: the property that picks the alternative, and its value → schema mapping. */
const discriminatorRule: KeywordRule = (a, b, keyword) => {
  const [x, y] = [objectOr(a[0]), objectOr(b[0])];
  if (same(x, y)) return [];
  if (a.length === 0 || b.length === 0) {
    return [
      {
        kind: a.length === 0 ? 'narrowed' : 'widened',
        message: `${keyword} ${a.length === 0 ? 'added' : 'removed'}`,
      },
    ];
  }
  const out: Reading[] = [];
  if (!same(x.propertyName, y.propertyName)) {
    out.push({
      kind: 'changed',
      message: `${keyword} propertyName ${show(x.propertyName)} → ${show(y.propertyName)}`,
    });
  }
  const [m, n] = [objectOr(x.mapping), objectOr(y.mapping)];
  for (const key of new Set([...Object.keys(m), ...Object.keys(n)])) {
    if (same(m[key], n[key])) continue;
    const kind = m[key] === undefined ? 'widened' : n[key] === undefined ? 'narrowed' : 'changed';
    out.push({
      kind,
      rule: `${keyword}-mapping`,
      message: `${keyword} mapping ${show(key)}: ${show(m[key])} → ${show(n[key])}`,
    });
  }
  return out;
};

/**
 * Every value keyword the diff compares, and how. readOnly and writeOnly are compared where they
 * mean something, on properties (`Walk.object`); the structural keywords in `normalise`.
 */
const KEYWORDS: Record<string, KeywordRule> = {
  enum: enumRule,
  const: constraint(),
  format: constraint((a, b) => WIDER_FORMAT[String(a)] === b),
  pattern: constraint(),
  multipleOf: constraint(
    (a, b) => typeof a === 'number' && typeof b === 'number' && Number.isInteger(a / b),
  ),
  contentEncoding: constraint(),
  contentMediaType: constraint(),
  uniqueItems: constraint(),
  maxLength: bound(true),
  maxItems: bound(true),
  maxProperties: bound(true),
  maximum: bound(true),
  exclusiveMaximum: bound(true),
  minLength: bound(false),
  minItems: bound(false),
  minProperties: bound(false),
  minimum: bound(false),
  exclusiveMinimum: bound(false),
  discriminator: discriminatorRule,
  // The server fills in what the console leaves out: a changed request default changes what it
  // means. In an answer a default is documentation.
  default: (a, b, keyword, side) =>
    side === 'response' || same(a[0], b[0])
      ? []
      : [
          {
            kind: a.length === 0 ? 'added' : 'changed',
            breaking: a.length > 0,
            message: `${keyword} ${show(a[0])} → ${show(b[0])}`,
          },
        ],
  readOnly: () => [],
  writeOnly: () => [],
};

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

  uncheckedKeyword(ctx: Context, keyword: string): void {
    this.add(
      ctx,
      'changed',
      'unchecked-keyword',
      `'${keyword}' changed: the gate does not compare it, so any change to it counts as breaking`,
    );
  }

  /** Compares two schemas; `inUnion`: alternatives of a oneOf/anyOf (null is judged above them). */
  schema(
    oldRaw: unknown,
    newRaw: unknown,
    ctx: Context,
    seen = new Set<string>(),
    inUnion = false,
  ): void {
    if (same(oldRaw, {}) && same(newRaw, {})) return;
    const o = normalise(this.oldDoc, oldRaw, ctx.oldPointer ?? []);
    const n = normalise(this.newDoc, newRaw, ctx.newPointer ?? []);
    const key = `${ctx.side}|${inUnion}|${o.pointer.join('/')}|${n.pointer.join('/')}`;
    if (seen.has(key)) return;
    seen.add(key);
    const here = { ...ctx, oldPointer: o.pointer, newPointer: n.pointer };
    const side = ctx.side;

    if (!inUnion && o.nullable !== n.nullable) {
      this.add(
        here,
        n.nullable ? 'widened' : 'narrowed',
        `${side}-nullable`,
        n.nullable ? 'may now be null' : 'may no longer be null',
      );
    }
    if (o.union || n.union) {
      this.alternatives(o, n, { oldRaw, newRaw, here, seen });
      if (!o.union || !n.union) return;
    }
    const typeChange = compareTypes(o.types, n.types);
    if (typeChange) {
      this.add(
        here,
        typeChange,
        `${side}-type`,
        `type ${typeText(o.types)} → ${typeText(n.types)}`,
      );
    }
    for (const keyword of new Set([...o.values.keys(), ...n.values.keys()])) {
      const [a, b] = [o.values.get(keyword) ?? [], n.values.get(keyword) ?? []];
      const rule = KEYWORDS[keyword];
      if (!rule) {
        if (!same(a, b)) this.uncheckedKeyword(here, keyword);
        continue;
      }
      for (const r of rule(a, b, keyword, side)) {
        this.add(here, r.kind, `${side}-${r.rule ?? keyword}`, r.message, { breaking: r.breaking });
      }
    }
    this.object(o, n, here, seen);
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
  }

  /** Properties, required, readOnly/writeOnly and additionalProperties. */
  object(o: SchemaView, n: SchemaView, here: Context, seen: Set<string>): void {
    const side = here.side;
    // A readOnly property is not part of a request, a writeOnly one not part of an answer.
    const hidden = side === 'request' ? 'readOnly' : 'writeOnly';
    const visible = (doc: unknown, view: SchemaView) =>
      new Map(
        [...view.properties].filter(
          ([, p]) => !normalise(doc, p.schema, p.pointer).values.get(hidden)?.includes(true),
        ),
      );
    const [op, np] = [visible(this.oldDoc, o), visible(this.newDoc, n)];
    const at = (name: string) => ({ ...here, path: [...here.path, name] });
    const pointerOf = (name: string) => ({ pointer: n.properties.get(name)?.pointer ?? n.pointer });
    for (const name of n.required) {
      if (o.required.has(name) && op.has(name) === np.has(name)) continue;
      if (!np.has(name) && n.properties.has(name)) continue;
      const message = op.has(name)
        ? `property '${name}' is now required`
        : `new required property '${name}'`;
      this.add(at(name), 'narrowed', `${side}-required-added`, message, pointerOf(name));
    }
    for (const name of o.required) {
      if (n.required.has(name) || !np.has(name)) continue;
      this.add(
        at(name),
        'widened',
        `${side}-required-removed`,
        `property '${name}' is no longer required`,
        pointerOf(name),
      );
    }
    for (const [name, entry] of op) {
      const next = np.get(name);
      if (next) {
        this.schema(
          entry.schema,
          next.schema,
          { ...at(name), oldPointer: entry.pointer, newPointer: next.pointer },
          seen,
        );
      } else if (n.properties.has(name)) {
        this.add(
          at(name),
          'removed',
          `${side}-property-${hidden}`,
          `property '${name}' is now ${hidden}`,
          pointerOf(name),
        );
      } else {
        this.add(at(name), 'removed', `${side}-property-removed`, `property '${name}' removed`, {
          pointer: n.pointer,
        });
      }
    }
    for (const [name, entry] of np) {
      if (op.has(name) || n.required.has(name)) continue;
      const message = o.properties.has(name)
        ? `property '${name}' is no longer ${hidden}`
        : `new optional property '${name}'`;
      this.add(at(name), 'added', `${side}-property-added`, message, { pointer: entry.pointer });
    }
    if (o.extra === false || n.extra === false) {
      if (o.extra !== n.extra) {
        const kind = n.extra === false ? 'narrowed' : 'widened';
        this.add(
          here,
          kind,
          `${side}-additionalProperties`,
          n.extra === false
            ? 'additionalProperties → false'
            : 'additionalProperties false → allowed',
        );
      }
    } else {
      const path = [...here.path, '*'];
      this.schema(
        o.extra.schema,
        n.extra.schema,
        { ...here, path, oldPointer: o.extra.pointer, newPointer: n.extra.pointer },
        seen,
      );
    }
  }

  /**
   * oneOf/anyOf alternatives, matched by $ref, then by identical content, then by a type no other
   * alternative has: a reorder is no change, a new alternative widens, a removed one narrows.
   * A schema that is no union counts as a union of itself.
   */
  alternatives(
    o: SchemaView,
    n: SchemaView,
    {
      oldRaw,
      newRaw,
      here,
      seen,
    }: { oldRaw: unknown; newRaw: unknown; here: Context; seen: Set<string> },
  ): void {
    const side = here.side;
    if (o.union && n.union && o.union.keyword !== n.union.keyword) {
      // A value valid against two alternatives passes anyOf, not oneOf.
      const kind = n.union.keyword === 'anyOf' ? 'widened' : 'narrowed';
      this.add(here, kind, `${side}-union`, `${o.union.keyword} → ${n.union.keyword}`);
    }
    const members = (view: SchemaView, doc: unknown, whole: unknown) =>
      (view.union?.members ?? [{ schema: whole, pointer: view.pointer }]).map((m) => ({
        ...m,
        ref: refOf(m.schema),
        body: canonicalize(expand(doc, m.schema)),
        type: typeText(normalise(doc, m.schema, m.pointer).types),
      }));
    const olds = members(o, this.oldDoc, oldRaw);
    const news = members(n, this.newDoc, newRaw);
    const pairs: [(typeof olds)[number], (typeof news)[number]][] = [];
    const matchBy = (key: 'ref' | 'body' | 'type', unique: boolean) => {
      for (const a of olds.filter((m) => !pairs.some(([x]) => x === m))) {
        const free = news.filter((m) => !pairs.some(([, y]) => y === m));
        const hits = free.filter((b) => b[key] !== undefined && b[key] === a[key]);
        const rivals = olds.filter((m) => m[key] === a[key] && !pairs.some(([x]) => x === m));
        if (hits.length > 0 && (!unique || (hits.length === 1 && rivals.length === 1)))
          pairs.push([a, hits[0]!]);
      }
    };
    matchBy('ref', false);
    matchBy('body', false);
    matchBy('type', true);
    for (const [a, b] of pairs) {
      this.schema(
        a.schema,
        b.schema,
        { ...here, oldPointer: a.pointer, newPointer: b.pointer },
        seen,
        true,
      );
    }
    const label = (m: (typeof olds)[number]) => (m.ref ? m.ref.split('/').pop()! : m.type);
    for (const a of olds.filter((m) => !pairs.some(([x]) => x === m))) {
      this.add(here, 'narrowed', `${side}-alternative-removed`, `alternative ${label(a)} removed`);
    }
    for (const b of news.filter((m) => !pairs.some(([, y]) => y === m))) {
      this.add(
        { ...here, newPointer: b.pointer },
        'widened',
        `${side}-alternative-added`,
        `new alternative ${label(b)}`,
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

/**
 * Parameters of an operation keyed by "in:name": path parameters by position ("path:#0"), header
 * names in lower case (HTTP header names are case-insensitive).
 */
function parametersOf(document: unknown, entry: OperationEntry): Map<string, ParameterEntry> {
  const params = new Map<string, ParameterEntry>();
  const add = (raw: unknown, pointer: Pointer) => {
    const { node, pointer: where } = resolve(document, raw, pointer);
    if (!isObject(node)) return;
    const name = String(node.name);
    const position = pathParams(entry.template).indexOf(name);
    const key =
      node.in === 'path' && position >= 0
        ? `path:#${position}`
        : `${String(node.in)}:${node.in === 'header' ? name.toLowerCase() : name}`;
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
  const isPublic =
    requirements.length === 0 ||
    requirements.some((r) => isObject(r) && Object.keys(r).length === 0);
  return { requirements, isPublic };
}

/**
 * Two lists of security requirements (alternatives, each a set of schemes with scopes): `widened`
 * when every old alternative still gets in (some new one asks for no more: a subset of its schemes,
 * the same scheme definitions, a subset of the scopes), `narrowed` in the other direction.
 */
function compareSecurity(
  oldDoc: unknown,
  oldReqs: unknown[],
  newDoc: unknown,
  newReqs: unknown[],
): ChangeKind | undefined {
  const alternatives = (doc: unknown, reqs: unknown[]) =>
    (reqs.length === 0 ? [{}] : reqs).map((r) =>
      Object.entries(objectOr(r)).map(([name, scopes]) => ({
        name,
        scheme: canonicalize(
          expand(doc, objectOr(objectOr(objectOr(doc).components).securitySchemes)[name]),
        ),
        scopes: Array.isArray(scopes) ? scopes.map(String) : [],
      })),
    );
  type Alternative = ReturnType<typeof alternatives>[number];
  const within = (small: Alternative, big: Alternative) =>
    small.every((s) =>
      big.some(
        (b) =>
          b.name === s.name && b.scheme === s.scheme && s.scopes.every((x) => b.scopes.includes(x)),
      ),
    );
  const [a, b] = [alternatives(oldDoc, oldReqs), alternatives(newDoc, newReqs)];
  return containment(
    b.every((y) => a.some((x) => within(x, y))),
    a.every((x) => b.some((y) => within(y, x))),
  );
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
  const top: Context = { operation: '(document)', side: 'request', where: '', path: [] };

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
  // What the document holds besides its operations (reached through them) and servers.
  const documentKeys = ['openapi', 'info', 'servers', 'paths', 'components', 'security'];
  unchecked(walk, oldDoc, newDoc, documentKeys, top);

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
    const operation = `${n.method.toUpperCase()} ${n.template}`;
    const ctx: Context = { operation, side: 'request', where: '', path: [], newPointer: n.pointer };
    walk.add(ctx, 'added', 'operation-added', 'new operation');
  }
  return findings;
}

/** style and explode as they apply when not given (OpenAPI's defaults by location). */
const styleOf = (p: JsonObject) =>
  p.style ?? (p.in === 'query' || p.in === 'cookie' ? 'form' : 'simple');
const explodeOf = (p: JsonObject) => p.explode ?? styleOf(p) === 'form';

function compareOperation(
  walk: Walk,
  oldDoc: unknown,
  newDoc: unknown,
  o: OperationEntry,
  n: OperationEntry,
  base: Omit<Context, 'side' | 'where'>,
): void {
  const operationKeys = ['parameters', 'requestBody', 'responses', 'security'];
  unchecked(walk, o.operation, n.operation, operationKeys, { ...base, side: 'request', where: '' });
  const itemKeys = [
    'parameters',
    'get',
    'put',
    'post',
    'delete',
    'options',
    'head',
    'patch',
    'trace',
  ];
  unchecked(walk, o.item, n.item, itemKeys, { ...base, side: 'request', where: '' });

  // Security: an operation that needed no session and now needs one shuts out its callers.
  const oldSec = securityOf(oldDoc, o.operation);
  const newSec = securityOf(newDoc, n.operation);
  const security = { ...base, side: 'request' as const, where: 'security' };
  if (oldSec.isPublic && !newSec.isPublic) {
    walk.add(
      security,
      'narrowed',
      'security-required',
      'the operation now requires authentication',
    );
  } else if (!oldSec.isPublic && newSec.isPublic) {
    walk.add(
      security,
      'widened',
      'security-optional',
      'the operation no longer requires authentication',
    );
  } else {
    const kind = compareSecurity(oldDoc, oldSec.requirements, newDoc, newSec.requirements);
    if (kind) {
      const message =
        kind === 'widened'
          ? 'the operation accepts more credentials'
          : 'the authentication it requires changed';
      walk.add(security, kind, 'security-changed', message);
    }
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
    const p = next.param;
    if (Boolean(param.required) !== Boolean(p.required)) {
      const [kind, rule] = p.required
        ? (['narrowed', 'parameter-required'] as const)
        : (['widened', 'parameter-optional'] as const);
      walk.add(
        ctx,
        kind,
        rule,
        `parameter '${name}' is ${p.required ? 'now required' : 'no longer required'}`,
      );
    }
    // How the value is written into the URL or header: another style reads old requests wrongly.
    for (const [keyword, of] of [
      ['style', styleOf],
      ['explode', explodeOf],
    ] as const) {
      if (of(param) !== of(p))
        walk.add(
          ctx,
          'changed',
          `parameter-${keyword}`,
          `${keyword} ${show(of(param))} → ${show(of(p))}`,
        );
    }
    // Accepting reserved characters unencoded, or an empty value, accepts more.
    for (const keyword of ['allowReserved', 'allowEmptyValue']) {
      if (Boolean(param[keyword]) === Boolean(p[keyword])) continue;
      walk.add(
        ctx,
        p[keyword] ? 'widened' : 'narrowed',
        `parameter-${keyword}`,
        `${keyword} ${Boolean(param[keyword])} → ${Boolean(p[keyword])}`,
      );
    }
    const paramKeys = [
      'name',
      'in',
      'required',
      'style',
      'explode',
      'allowReserved',
      'allowEmptyValue',
      'schema',
    ];
    unchecked(walk, param, p, paramKeys, ctx);
    walk.schema(param.schema ?? {}, p.schema ?? {}, {
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
    if (Boolean(oldBody.node.required) !== Boolean(newBody.node.required)) {
      const required = Boolean(newBody.node.required);
      const message = `the request body is ${required ? 'now required' : 'no longer required'}`;
      walk.add(
        bodyCtx,
        required ? 'narrowed' : 'widened',
        required ? 'request-body-required' : 'request-body-optional',
        message,
      );
    }
    unchecked(walk, oldBody.node, newBody.node, ['content', 'required'], bodyCtx);
    compareContent(walk, oldBody, newBody, bodyCtx);
  }

  // Responses, by status ('2xx' and '2XX' are one).
  const statuses = (op: JsonObject) =>
    new Map(
      Object.entries(objectOr(op.responses)).map(([status, raw]) => [
        status.toUpperCase(),
        { status, raw },
      ]),
    );
  const oldResponses = statuses(o.operation);
  const newResponses = statuses(n.operation);
  for (const [key, { status, raw }] of oldResponses) {
    const old = resolve(oldDoc, raw, [...o.pointer, 'responses', status]);
    const ctx: Context = {
      ...base,
      side: 'response',
      where: `response ${status}`,
      oldPointer: old.pointer,
    };
    const entry = newResponses.get(key);
    if (!entry) {
      // An error status no longer sent narrows the answers; a success status the console waits for breaks.
      const kind = isSuccess(status) ? 'removed' : 'narrowed';
      walk.add(
        { ...ctx, newPointer: [...n.pointer, 'responses'] },
        kind,
        'response-status-removed',
        `status ${status} removed`,
      );
      continue;
    }
    const next = resolve(newDoc, entry.raw, [...n.pointer, 'responses', entry.status]);
    const here = { ...ctx, newPointer: next.pointer };
    unchecked(walk, old.node, next.node, ['headers', 'content'], here);
    compareHeaders(walk, old, next, here);
    compareContent(walk, old, next, here, isSuccess(status));
  }
  for (const [key, { status }] of newResponses) {
    if (oldResponses.has(key)) continue;
    const ctx: Context = {
      ...base,
      side: 'response',
      where: `response ${status}`,
      newPointer: [...n.pointer, 'responses', status],
    };
    // The console checks success answers against the statuses it knows; error statuses it maps
    // by its catalogue (an unknown one is a generic error).
    if (isSuccess(status)) {
      walk.add(
        ctx,
        'widened',
        'response-status-added',
        `new success status ${status}: consoles built from the old contract reject it`,
      );
    } else walk.add(ctx, 'added', 'response-status-added', `new error status ${status}`);
  }
}

/** Response headers, by name in lower case (HTTP header names are case-insensitive). */
function compareHeaders(walk: Walk, old: Resolved, next: Resolved, ctx: Context): void {
  const headers = (response: Resolved) =>
    new Map(
      Object.entries(objectOr(objectOr(response.node).headers)).map(([name, raw]) => [
        name.toLowerCase(),
        { name, raw },
      ]),
    );
  const oldHeaders = headers(old);
  const newHeaders = headers(next);
  for (const [key, { name, raw }] of oldHeaders) {
    const a = resolve(walk.oldDoc, raw, [...old.pointer, 'headers', name]);
    const here = { ...ctx, where: `${ctx.where} header ${name}`, oldPointer: a.pointer };
    const entry = newHeaders.get(key);
    if (!entry) {
      walk.add(
        { ...here, newPointer: [...next.pointer, 'headers'] },
        'removed',
        'response-header-removed',
        `header '${name}' removed`,
      );
      continue;
    }
    const b = resolve(walk.newDoc, entry.raw, [...next.pointer, 'headers', entry.name]);
    const there = { ...here, newPointer: b.pointer };
    const [x, y] = [objectOr(a.node), objectOr(b.node)];
    if (Boolean(x.required) !== Boolean(y.required)) {
      const [kind, rule] = y.required
        ? (['narrowed', 'response-header-required'] as const)
        : (['widened', 'response-header-optional'] as const);
      walk.add(
        there,
        kind,
        rule,
        `header '${name}' is ${y.required ? 'now required' : 'no longer required'}`,
      );
    }
    if (styleOf(x) !== styleOf(y) || explodeOf(x) !== explodeOf(y)) {
      walk.add(
        there,
        'changed',
        'response-header-style',
        `style ${show(styleOf(x))} → ${show(styleOf(y))}, explode ${explodeOf(x)} → ${explodeOf(y)}`,
      );
    }
    unchecked(walk, x, y, ['required', 'schema', 'style', 'explode'], there);
    walk.schema(x.schema ?? {}, y.schema ?? {}, {
      ...there,
      oldPointer: [...a.pointer, 'schema'],
      newPointer: [...b.pointer, 'schema'],
    });
  }
  for (const [key, { name, raw }] of newHeaders) {
    if (oldHeaders.has(key)) continue;
    const b = resolve(walk.newDoc, raw, [...next.pointer, 'headers', name]);
    walk.add(
      { ...ctx, where: `${ctx.where} header ${name}`, newPointer: b.pointer },
      'added',
      'response-header-added',
      `new header '${name}'`,
    );
  }
}

/**
 * A media type as compared: type and subtype in lower case, parameters sorted, and charset=utf-8
 * dropped from JSON types (JSON is UTF-8: RFC 8259). Returns [type/subtype, parameters].
 */
function mediaKey(name: string): [string, string] {
  const [essence = '', ...params] = name.split(';').map((part) => part.trim());
  const type = essence.toLowerCase();
  const json = /^application\/(.+\+)?json$/.test(type);
  const kept = params
    .map((param) => {
      const [key = '', value = ''] = param.split('=').map((s) => s.trim());
      const k = key.toLowerCase();
      return `${k}=${k === 'charset' ? value.replace(/"/g, '').toLowerCase() : value}`;
    })
    .filter((param) => !(json && param === 'charset=utf-8'))
    .sort();
  return [type, kept.join('; ')];
}

function compareContent(
  walk: Walk,
  old: Resolved,
  next: Resolved,
  ctx: Context,
  success = true,
): void {
  const side = ctx.side;
  const content = (resolved: Resolved) =>
    Object.entries(objectOr(objectOr(resolved.node).content)).map(([name, entry]) => ({
      name,
      entry,
      key: mediaKey(name),
    }));
  const olds = content(old);
  const news = content(next);
  const pairs: [(typeof olds)[number], (typeof news)[number]][] = [];
  // The same media type, then the same type with other parameters (application/json; v=2).
  for (const exact of [true, false]) {
    for (const a of olds.filter((m) => !pairs.some(([x]) => x === m))) {
      const b = news.find(
        (m) =>
          !pairs.some(([, y]) => y === m) &&
          m.key[0] === a.key[0] &&
          (!exact || m.key[1] === a.key[1]),
      );
      if (b) pairs.push([a, b]);
    }
  }
  for (const [a, b] of pairs) {
    const here = {
      ...ctx,
      where: `${ctx.where} ${b.name}`,
      oldPointer: [...old.pointer, 'content', a.name],
      newPointer: [...next.pointer, 'content', b.name],
    };
    if (a.key[1] !== b.key[1]) {
      walk.add(
        here,
        'changed',
        `${side}-media-type-parameters`,
        `media type ${a.name} → ${b.name}`,
      );
    }
    unchecked(walk, a.entry, b.entry, ['schema'], here);
    walk.schema(objectOr(a.entry).schema ?? {}, objectOr(b.entry).schema ?? {}, {
      ...here,
      oldPointer: [...here.oldPointer, 'schema'],
      newPointer: [...here.newPointer, 'schema'],
    });
  }
  for (const a of olds.filter((m) => !pairs.some(([x]) => x === m))) {
    const here = {
      ...ctx,
      where: `${ctx.where} ${a.name}`,
      oldPointer: [...old.pointer, 'content', a.name],
    };
    walk.add(
      { ...here, newPointer: [...next.pointer, 'content'] },
      'removed',
      `${side}-media-type-removed`,
      `media type ${a.name} removed`,
    );
  }
  for (const b of news.filter((m) => !pairs.some(([, y]) => y === m))) {
    const here = {
      ...ctx,
      where: `${ctx.where} ${b.name}`,
      newPointer: [...next.pointer, 'content', b.name],
    };
    const kind = side === 'response' && success && olds.length > 0 ? 'widened' : 'added';
    walk.add(here, kind, `${side}-media-type-added`, `new media type ${b.name}`);
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
