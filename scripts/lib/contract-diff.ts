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
import { operationIsPublic } from './contract-rules';
import {
  type JsonObject,
  type Pointer,
  type Resolved,
  HTTP_METHODS,
  isObject,
  listOperations,
  objectOr,
  refPointer,
  resolve as resolveRef,
  valueAt,
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

const words = (text: string) => text.split(' ');

/** Keys that change no message (documentation, tooling; the wire contract drops most already). */
const ANNOTATIONS = new Set(
  words(
    '$comment deprecated description example examples externalDocs links operationId summary tags title xml',
  ),
);
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
const STRUCTURAL = new Set(
  words(
    '$ref additionalProperties allOf anyOf const enum items nullable oneOf properties required type',
  ),
);

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
  // A list of items (the 2019 tuple form) is no schema: compared as an unknown keyword.
  if (Array.isArray(node.items)) view.values.set('items', [expand(document, node.items)]);
  else if (node.items !== undefined)
    view.items = { schema: node.items, pointer: [...where, 'items'] };
  const extra = node.additionalProperties;
  if (extra === false) view.extra = false;
  else if (extra !== undefined && extra !== true) {
    view.extra = { schema: extra, pointer: [...where, 'additionalProperties'] };
  }
  return view;
}

/** allOf: both must hold. Types intersect, null only if both allow it, every value adds up. */
function merge(view: SchemaView, part: SchemaView): void {
  const [a, b] = [view.types, part.types];
  // integer and number meet in integer.
  if (a && b) view.types = new Set([...a, ...b].filter((t) => covered(t, a) && covered(t, b)));
  else view.types = a ?? b;
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
const breaks = (kind: ChangeKind, side: Side): boolean =>
  kind === 'changed' ||
  kind === 'removed' ||
  kind === (side === 'request' ? 'narrowed' : 'widened');

const covered = (type: string, set: Set<string>) =>
  set.has(type) || (type === 'integer' && set.has('number'));

/** The change from a to b, given whether b accepts only what a did and a only what b does. */
const containment = (narrowed: boolean, widened: boolean): ChangeKind | undefined =>
  narrowed && widened ? undefined : narrowed ? 'narrowed' : widened ? 'widened' : 'changed';

const typeText = (types: Set<string> | undefined) =>
  types ? [...types].sort().join('|') || 'no type' : 'any type';

/** A change a keyword rule found: kind, message and rule (after the side: `request-<rule>`). */
type Reading = [ChangeKind, string, string];
/** A value keyword's comparison: its values over the allOf parts, old and new. */
type KeywordRule = (a: unknown[], b: unknown[], keyword: string, side: Side) => Reading[];

const has = (list: unknown[], value: unknown) => list.some((other) => same(value, other));
const minus = (a: unknown[], b: unknown[]) => a.filter((value) => !has(b, value));

/** maxLength, minimum, ...: the tightest bound of all parts holds. */
const bound =
  (upper: boolean): KeywordRule =>
  (a, b, keyword) => {
    const pick = (v: unknown[]) =>
      v.length === 0 || !v.every((x) => typeof x === 'number')
        ? v[0]
        : (upper ? Math.min : Math.max)(...(v as number[]));
    const [x, y] = [pick(a), pick(b)];
    if (same(x, y)) return [];
    const numeric = typeof x === 'number' && typeof y === 'number';
    const kind =
      x === undefined
        ? 'narrowed'
        : y === undefined
          ? 'widened'
          : !numeric
            ? 'changed'
            : (upper ? y < x : y > x)
              ? 'narrowed'
              : 'widened';
    return [[kind, `${keyword} ${show(x)} → ${show(y)}`, keyword]];
  };

/**
 * pattern, format, const, ...: every value given must hold, so more values narrow, fewer widen.
 * `wider(a, b)`: value b accepts everything value a does (int32 → int64).
 */
const constraint =
  (wider: (a: unknown, b: unknown) => boolean = () => false): KeywordRule =>
  (a, b, keyword) => {
    const set = (v: unknown[]) => v.filter((x, i) => v.findIndex((y) => same(x, y)) === i);
    const [x, y] = [set(a), set(b)];
    const [added, removed] = [minus(y, x), minus(x, y)];
    let kind = containment(removed.length === 0, added.length === 0);
    if (!kind) return [];
    if (added.length === 1 && removed.length === 1) {
      if (wider(removed[0], added[0])) kind = 'widened';
      else if (wider(added[0], removed[0])) kind = 'narrowed';
    }
    const text = (v: unknown[]) => (v.length === 0 ? '(none)' : v.map(show).join(' and '));
    return [[kind, `${keyword} ${text(x)} → ${text(y)}`, keyword]];
  };

/** Formats that accept everything a narrower one does (OpenAPI's numeric formats). */
const WIDER_FORMAT: Record<string, string> = { int32: 'int64', float: 'double' };

/** A keyword added (narrows) or removed (widens) as a whole; `had`: the old schema has it. */
const presence = (had: boolean, keyword: string): Reading[] => [
  [had ? 'widened' : 'narrowed', `${keyword} ${had ? 'removed' : 'added'}`, keyword],
];

/** enum: a value is valid when every part lists it. */
const enumRule: KeywordRule = (a, b, keyword) => {
  const pick = (v: unknown[]) =>
    v.length === 0
      ? undefined
      : (v as unknown[][]).reduce((x, y) => x.filter((value) => has(y, value)));
  const [x, y] = [pick(a), pick(b)];
  if (same(x, y)) return [];
  if (!x || !y) return presence(Boolean(x), keyword);
  return [
    ...minus(x, y).map((v): Reading => [
      'narrowed',
      `${keyword} value ${show(v)} removed`,
      `${keyword}-value-removed`,
    ]),
    ...minus(y, x).map((v): Reading => [
      'widened',
      `${keyword} value ${show(v)} added`,
      `${keyword}-value-added`,
    ]),
  ];
};

/** discriminator: the property that picks the alternative, and its value → schema mapping. */
const discriminatorRule: KeywordRule = (a, b, keyword) => {
  if (a.length === 0 || b.length === 0)
    return a.length === b.length ? [] : presence(a.length > 0, keyword);
  const [x, y] = [objectOr(a[0]), objectOr(b[0])];
  const out: Reading[] = [];
  if (!same(x.propertyName, y.propertyName)) {
    out.push([
      'changed',
      `${keyword} propertyName ${show(x.propertyName)} → ${show(y.propertyName)}`,
      keyword,
    ]);
  }
  const [m, n] = [objectOr(x.mapping), objectOr(y.mapping)];
  for (const key of new Set([...Object.keys(m), ...Object.keys(n)])) {
    if (same(m[key], n[key])) continue;
    const kind = m[key] === undefined ? 'widened' : n[key] === undefined ? 'narrowed' : 'changed';
    out.push([
      kind,
      `${keyword} mapping ${show(key)}: ${show(m[key])} → ${show(n[key])}`,
      `${keyword}-mapping`,
    ]);
  }
  return out;
};

/**
 * Every value keyword the diff compares, and how (the structural ones are read by `normalise`).
 * readOnly and writeOnly are compared where they mean something, on properties (`Walk.object`).
 */
const KEYWORDS: Record<string, KeywordRule> = {
  enum: enumRule,
  const: constraint(),
  format: constraint((a, b) => WIDER_FORMAT[String(a)] === b),
  pattern: constraint(),
  multipleOf: constraint((a, b) => Number.isInteger(Number(a) / Number(b))),
  contentEncoding: constraint(),
  contentMediaType: constraint(),
  // uniqueItems: false says nothing.
  uniqueItems: (a, b, ...rest) => constraint()(a.filter(Boolean), b.filter(Boolean), ...rest),
  ...Object.fromEntries(
    words('maxLength maxItems maxProperties maximum exclusiveMaximum').map((k) => [k, bound(true)]),
  ),
  ...Object.fromEntries(
    words('minLength minItems minProperties minimum exclusiveMinimum').map((k) => [
      k,
      bound(false),
    ]),
  ),
  discriminator: discriminatorRule,
  // The server fills in what the console leaves out: a new request default is compatible, a changed
  // or removed one changes what a request means. In an answer a default is documentation.
  default: (a, b, keyword, side) =>
    side === 'response' || same(a[0], b[0])
      ? []
      : [
          [
            a.length === 0 ? 'added' : 'changed',
            `${keyword} ${show(a[0])} → ${show(b[0])}`,
            keyword,
          ],
        ],
  readOnly: () => [],
  writeOnly: () => [],
};

/** A keyed part of both documents (properties, parameters, headers, ...) and where it is. */
interface Keyed {
  name: string;
  node: unknown;
  pointer: Pointer;
}

/** The schema of a parameter, header or media type ({} when it has none). */
const schemaOf = (k: Keyed): Located => ({
  schema: objectOr(k.node).schema ?? {},
  pointer: [...k.pointer, 'schema'],
});

/** Calls `both` for each key in both maps, `gone` for the old only, `come` for the new only. */
function pair<T>(
  a: Map<string, T>,
  b: Map<string, T>,
  both: (x: T, y: T) => void,
  gone: (x: T) => void,
  come: (y: T) => void,
): void {
  for (const [key, x] of a) {
    const y = b.get(key);
    if (y === undefined) gone(x);
    else both(x, y);
  }
  for (const [key, y] of b) if (!a.has(key)) come(y);
}

/**
 * The fixed rules of operations, parameters, bodies, headers and statuses: the change each is and
 * its message ('$1': the name). Schema rules come from the keywords (KEYWORDS).
 */
const RULES: Record<string, [ChangeKind, string]> = {
  'operation-removed': ['removed', 'operation removed'],
  'operation-added': ['added', 'new operation'],
  'security-required': ['narrowed', 'the operation now requires authentication'],
  'security-optional': ['widened', 'the operation no longer requires authentication'],
  'parameter-removed': ['removed', "parameter '$1' removed"],
  'parameter-added': ['added', "new optional parameter '$1'"],
  'parameter-added-required': ['narrowed', "new required parameter '$1'"],
  'parameter-required': ['narrowed', "parameter '$1' is now required"],
  'parameter-optional': ['widened', "parameter '$1' is no longer required"],
  'request-body-removed': ['removed', 'request body removed'],
  'request-body-added': ['added', 'new optional request body'],
  'request-body-added-required': ['narrowed', 'new required request body'],
  'request-body-required': ['narrowed', 'the request body is now required'],
  'request-body-optional': ['widened', 'the request body is no longer required'],
  'response-header-removed': ['removed', "header '$1' removed"],
  'response-header-added': ['added', "new header '$1'"],
  'response-header-required': ['narrowed', "header '$1' is now required"],
  'response-header-optional': ['widened', "header '$1' is no longer required"],
  // A success status the console waits for breaks; an error status no longer sent narrows.
  'response-status-removed': ['removed', 'status $1 removed'],
  'response-error-status-removed': ['narrowed', 'status $1 removed'],
  // The console checks success answers against the statuses it knows; error statuses it maps by
  // its catalogue (an unknown one is a generic error).
  'response-status-added': [
    'widened',
    'new success status $1: consoles built from the old contract reject it',
  ],
  'response-error-status-added': ['added', 'new error status $1'],
};
/** 'required' or 'optional' when a required flag changed. */
const requiredness = (a: unknown, b: unknown) =>
  Boolean(a) === Boolean(b) ? undefined : b ? 'required' : 'optional';

class Walk {
  readonly oldDoc: unknown;
  readonly newDoc: unknown;
  readonly sink: Finding[] = [];

  constructor(oldDoc: unknown, newDoc: unknown) {
    this.oldDoc = oldDoc;
    this.newDoc = newDoc;
  }

  /** One finding at `ctx`, pointing at `pointer` (default: the new place, else the old one). */
  add(
    ctx: Context,
    kind: ChangeKind,
    rule: string,
    message: string,
    pointer?: Pointer,
    inNew = true,
  ): void {
    this.sink.push({
      breaking: breaks(kind, ctx.side),
      kind,
      rule,
      message,
      operation: ctx.operation,
      where: ctx.where,
      path: ctx.path,
      pointer: pointer ?? ctx.newPointer ?? ctx.oldPointer ?? [],
      inNew: pointer !== undefined || ctx.newPointer !== undefined ? inNew : false,
    });
  }

  /** A finding of a fixed rule (RULES). */
  rule(ctx: Context, rule: string, name = '', pointer?: Pointer, inNew = true): void {
    const [kind, message] = RULES[rule]!;
    this.add(ctx, kind, rule, message.replace('$1', name), pointer, inNew);
  }

  /**
   * Keys of two OpenAPI objects that are neither compared (`known`) nor annotations, and differ:
   * each is a breaking `unchecked-keyword` finding.
   */
  unchecked(a: unknown, b: unknown, known: readonly string[], ctx: Context): void {
    const [x, y] = [objectOr(a), objectOr(b)];
    for (const key of new Set([...Object.keys(x), ...Object.keys(y)])) {
      if (known.includes(key) || isAnnotation(key)) continue;
      if (!same(expand(this.oldDoc, x[key]), expand(this.newDoc, y[key])))
        this.uncheckedKeyword(ctx, key);
    }
  }

  uncheckedKeyword(ctx: Context, keyword: string): void {
    const message = `'${keyword}' changed: the gate does not compare it, so any change to it counts as breaking`;
    this.add(ctx, 'changed', 'unchecked-keyword', message);
  }

  /** Compares two located schemas, one `step` down the JSON path (when given). */
  down(a: Located, b: Located, ctx: Context, seen?: Set<string>, step?: string, inUnion = false) {
    const path = step === undefined ? ctx.path : [...ctx.path, step];
    const here = { ...ctx, path, oldPointer: a.pointer, newPointer: b.pointer };
    this.schema(a.schema, b.schema, here, seen, inUnion);
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
    const report = (readings: Reading[]) => {
      for (const [kind, message, rule] of readings)
        this.add(here, kind, `${ctx.side}-${rule}`, message);
    };
    if (!inUnion && o.nullable !== n.nullable) {
      report([
        n.nullable
          ? ['widened', 'may now be null', 'nullable']
          : ['narrowed', 'may no longer be null', 'nullable'],
      ]);
    }
    // A union beside a schema that is none: the alternatives, and what the union says itself
    // (its discriminator, say).
    const mixed = Boolean(o.union) !== Boolean(n.union);
    if (o.union || n.union) this.alternatives(o, n, oldRaw, newRaw, here, seen);
    const t = mixed
      ? undefined
      : containment(
          !o.types || (!!n.types && [...n.types].every((x) => covered(x, o.types!))),
          !n.types || (!!o.types && [...o.types].every((x) => covered(x, n.types!))),
        );
    if (t) report([[t, `type ${typeText(o.types)} → ${typeText(n.types)}`, 'type']]);
    const keys = mixed
      ? [...(o.union ? o : n).values.keys()]
      : [...o.values.keys(), ...n.values.keys()];
    for (const keyword of new Set(keys)) {
      const [a, b] = [o.values.get(keyword) ?? [], n.values.get(keyword) ?? []];
      const rule = KEYWORDS[keyword];
      if (rule) report(rule(a, b, keyword, ctx.side));
      else if (!same(a, b)) this.uncheckedKeyword(here, keyword);
    }
    if (mixed) return;
    this.object(o, n, here, seen);
    this.down(o.items, n.items, here, seen, '[]');
  }

  /** Properties, required, readOnly/writeOnly and additionalProperties. */
  object(o: SchemaView, n: SchemaView, here: Context, seen: Set<string>): void {
    const side = here.side;
    // A readOnly property is no part of a request, a writeOnly one no part of an answer.
    const hidden = side === 'request' ? 'readOnly' : 'writeOnly';
    const visible = (doc: unknown, view: SchemaView) =>
      new Map(
        [...view.properties].filter(
          ([, p]) => !normalise(doc, p.schema, p.pointer).values.get(hidden)?.includes(true),
        ),
      );
    const [op, np] = [visible(this.oldDoc, o), visible(this.newDoc, n)];
    // Each finding points at the property in the new schema, or at the schema when it has none.
    const say = (name: string, kind: ChangeKind, rule: string, message: string) => {
      const at = n.properties.get(name)?.pointer ?? n.pointer;
      this.add({ ...here, path: [...here.path, name] }, kind, `${side}-${rule}`, message, at);
    };
    for (const name of n.required) {
      const unchanged = o.required.has(name) && op.has(name) === np.has(name);
      if (unchanged || (!np.has(name) && n.properties.has(name))) continue;
      const message = op.has(name)
        ? `property '${name}' is now required`
        : `new required property '${name}'`;
      say(name, 'narrowed', 'required-added', message);
    }
    for (const name of o.required) {
      if (n.required.has(name) || !np.has(name)) continue;
      say(name, 'widened', 'required-removed', `property '${name}' is no longer required`);
    }
    const named = (map: Map<string, Located>) =>
      new Map([...map].map(([name, p]) => [name, { name, ...p }]));
    pair(
      named(op),
      named(np),
      (a, b) => this.down(a, b, here, seen, a.name),
      ({ name }) =>
        n.properties.has(name)
          ? say(name, 'removed', `property-${hidden}`, `property '${name}' is now ${hidden}`)
          : say(name, 'removed', 'property-removed', `property '${name}' removed`),
      ({ name }) => {
        const message = o.properties.has(name)
          ? `property '${name}' is no longer ${hidden}`
          : `new optional property '${name}'`;
        if (!n.required.has(name)) say(name, 'added', 'property-added', message);
      },
    );
    if (o.extra !== false && n.extra !== false) this.down(o.extra, n.extra, here, seen, '*');
    else if (o.extra !== n.extra) {
      const [kind, message] =
        n.extra === false
          ? (['narrowed', '→ false'] as const)
          : (['widened', 'false → allowed'] as const);
      this.add(here, kind, `${side}-additionalProperties`, `additionalProperties ${message}`);
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
    oldRaw: unknown,
    newRaw: unknown,
    here: Context,
    seen: Set<string>,
  ): void {
    const side = here.side;
    if (o.union && n.union && o.union.keyword !== n.union.keyword) {
      // A value valid against two alternatives passes anyOf, not oneOf.
      const kind = n.union.keyword === 'anyOf' ? 'widened' : 'narrowed';
      this.add(here, kind, `${side}-union`, `${o.union.keyword} → ${n.union.keyword}`);
    }
    const members = (view: SchemaView, doc: unknown, whole: unknown) =>
      (view.union?.members ?? [{ schema: whole, pointer: view.pointer }]).map((m) => {
        const ref = refOf(m.schema);
        const type = typeText(normalise(doc, m.schema, m.pointer).types);
        return {
          ...m,
          ref,
          body: canonicalize(expand(doc, m.schema)),
          type,
          label: ref?.split('/').pop() ?? type,
        };
      });
    const olds = members(o, this.oldDoc, oldRaw);
    const news = members(n, this.newDoc, newRaw);
    const pairs = new Map<(typeof olds)[number], (typeof news)[number]>();
    const taken = (m: (typeof news)[number]) => [...pairs.values()].includes(m);
    for (const key of ['ref', 'body', 'type'] as const) {
      for (const a of olds.filter((m) => !pairs.has(m) && m[key] !== undefined)) {
        const hits = news.filter((b) => !taken(b) && b[key] === a[key]);
        const rivals = olds.filter((m) => !pairs.has(m) && m[key] === a[key]);
        // A type matches only when it is the one alternative of that type on each side.
        if (hits.length > 0 && (key !== 'type' || (hits.length === 1 && rivals.length === 1)))
          pairs.set(a, hits[0]!);
      }
    }
    for (const [a, b] of pairs) this.down(a, b, here, seen, undefined, true);
    for (const a of olds.filter((m) => !pairs.has(m))) {
      this.add(here, 'narrowed', `${side}-alternative-removed`, `alternative ${a.label} removed`);
    }
    for (const b of news.filter((m) => !taken(m))) {
      this.add(
        { ...here, newPointer: b.pointer },
        'widened',
        `${side}-alternative-added`,
        `new alternative ${b.label}`,
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
    const entry = {
      method: lower,
      template: path,
      item,
      operation,
      pointer: ['paths', path, lower],
    };
    found.set(`${lower.toUpperCase()} ${pathKey(path)}`, entry);
  }
  return found;
}

/**
 * Parameters of an operation keyed by "in:name": path parameters by position ("path:#0"), header
 * names in lower case (HTTP header names are case-insensitive).
 */
function parametersOf(
  document: unknown,
  entry: OperationEntry,
): Map<string, Keyed & { param: JsonObject }> {
  const params = new Map<string, Keyed & { param: JsonObject }>();
  const add = (raw: unknown, at: Pointer) => {
    const { node, pointer } = resolve(document, raw, at);
    if (!isObject(node)) return;
    const name = String(node.name);
    const position = pathParams(entry.template).indexOf(name);
    const key =
      node.in === 'path' && position >= 0
        ? `path:#${position}`
        : `${String(node.in)}:${node.in === 'header' ? name.toLowerCase() : name}`;
    params.set(key, { name, node, param: node, pointer });
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

/**
 * Two lists of security requirements (alternatives, each a set of schemes with scopes): `widened`
 * when every old alternative still gets in (some new one asks for no more: a subset of its schemes,
 * the same scheme definitions, a subset of the scopes), `narrowed` in the other direction.
 */
function compareSecurity(oldDoc: unknown, oldReqs: unknown[], newDoc: unknown, newReqs: unknown[]) {
  // A scheme's definition without the scopes its flows offer: the requirement says which it needs.
  const definition = (doc: unknown, name: string) => {
    const scheme = objectOr(expand(doc, valueAt(doc, ['components', 'securitySchemes', name])));
    const flows = Object.entries(objectOr(scheme.flows)).map(([flow, f]) => {
      const { scopes: _, ...rest } = objectOr(f);
      return [flow, rest];
    });
    return canonicalize({ ...scheme, flows: Object.fromEntries(flows) });
  };
  const alternatives = (doc: unknown, reqs: unknown[]) =>
    (reqs.length === 0 ? [{}] : reqs).map((r) =>
      Object.entries(objectOr(r)).map(([name, scopes]) => ({
        name,
        scheme: definition(doc, name),
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
  const walk = new Walk(oldDoc, newDoc);
  const top: Context = { operation: '(document)', side: 'request', where: '', path: [] };
  // The base path: every server with its variables (descriptions are not in the wire contract).
  const servers = (doc: unknown) => objectOr(doc).servers ?? [];
  if (!same(servers(oldDoc), servers(newDoc))) {
    const text = (doc: unknown) =>
      [servers(doc)]
        .flat()
        .map((server) => objectOr(server).url)
        .join(', ') || '(none)';
    const message = `servers ${text(oldDoc)} → ${text(newDoc)}`;
    walk.add({ ...top, newPointer: ['servers'] }, 'changed', 'servers', message);
  }
  // Besides its operations (and the components they reach) and servers, nothing may change unseen.
  walk.unchecked(
    oldDoc,
    newDoc,
    ['openapi', 'info', 'servers', 'paths', 'components', 'security'],
    top,
  );
  const name = (entry: OperationEntry) => `${entry.method.toUpperCase()} ${entry.template}`;
  pair(
    operationsOf(oldDoc),
    operationsOf(newDoc),
    (o, n) =>
      compareOperation(walk, o, n, {
        operation: name(n),
        path: [],
        oldPointer: o.pointer,
        newPointer: n.pointer,
      }),
    (o) => walk.rule({ ...top, operation: name(o) }, 'operation-removed', '', o.pointer, false),
    (n) => walk.rule({ ...top, operation: name(n), newPointer: n.pointer }, 'operation-added'),
  );
  return walk.sink;
}

/** style and explode as they apply when not given (OpenAPI's defaults by location). */
const styleOf = (p: JsonObject) =>
  p.style ?? (p.in === 'query' || p.in === 'cookie' ? 'form' : 'simple');
const explodeOf = (p: JsonObject) => p.explode ?? styleOf(p) === 'form';

function compareOperation(
  walk: Walk,
  o: OperationEntry,
  n: OperationEntry,
  base: Omit<Context, 'side' | 'where'>,
): void {
  const { oldDoc, newDoc } = walk;
  const request: Context = { ...base, side: 'request', where: '' };
  walk.unchecked(
    o.operation,
    n.operation,
    words('parameters requestBody responses security'),
    request,
  );
  walk.unchecked(o.item, n.item, ['parameters', ...HTTP_METHODS], request);

  // Security: an operation that needed no session and now needs one shuts out its callers.
  const oldSec = securityOf(oldDoc, o.operation);
  const newSec = securityOf(newDoc, n.operation);
  const security = { ...request, where: 'security' };
  if (oldSec.isPublic && !newSec.isPublic) {
    walk.rule(security, 'security-required');
  } else if (!oldSec.isPublic && newSec.isPublic) {
    walk.rule(security, 'security-optional');
  } else {
    const kind = compareSecurity(oldDoc, oldSec.requirements, newDoc, newSec.requirements);
    const message =
      kind === 'widened'
        ? 'the operation accepts more credentials'
        : 'the authentication it requires changed';
    if (kind) walk.add(security, kind, 'security-changed', message);
  }

  // Parameters.
  const paramCtx = (p: Keyed & { param: JsonObject }, extra: Partial<Context>): Context => ({
    ...request,
    where: `${String(p.param.in)} parameter ${p.name}`,
    ...extra,
  });
  pair(
    parametersOf(oldDoc, o),
    parametersOf(newDoc, n),
    (a, b) => {
      const ctx = paramCtx(b, { oldPointer: a.pointer, newPointer: b.pointer });
      compareSerialised(walk, a, b, ctx, 'parameter');
    },
    // The operation's pointer in the new document (from `base`) is where a removed one was.
    (a) => walk.rule(paramCtx(a, { oldPointer: a.pointer }), 'parameter-removed', a.name),
    (b) => {
      const rule = b.param.required ? 'parameter-added-required' : 'parameter-added';
      walk.rule(paramCtx(b, { newPointer: b.pointer }), rule, b.name);
    },
  );

  // Request body.
  const oldBody = resolve(oldDoc, o.operation.requestBody, [...o.pointer, 'requestBody']);
  const newBody = resolve(newDoc, n.operation.requestBody, [...n.pointer, 'requestBody']);
  const body: Context = {
    ...request,
    where: 'request body',
    oldPointer: oldBody.pointer,
    newPointer: newBody.pointer,
  };
  const [x, y] = [oldBody.node, newBody.node];
  if (isObject(x) && isObject(y)) {
    const required = requiredness(x.required, y.required);
    if (required) walk.rule(body, `request-body-${required}`);
    walk.unchecked(x, y, ['content', 'required'], body);
    compareContent(walk, oldBody, newBody, body);
  } else if (isObject(x)) {
    walk.rule({ ...body, newPointer: n.pointer }, 'request-body-removed');
  } else if (isObject(y)) {
    walk.rule(body, y.required ? 'request-body-added-required' : 'request-body-added');
  }

  // Responses, by status ('2xx' and '2XX' are one).
  const statuses = (doc: unknown, op: OperationEntry) =>
    new Map(
      Object.entries(objectOr(op.operation.responses)).map(([name, raw]) => {
        const { node, pointer } = resolve(doc, raw, [...op.pointer, 'responses', name]);
        return [name.toUpperCase(), { name, node, pointer }];
      }),
    );
  const response = (r: Keyed, extra: Partial<Context>): Context => ({
    ...base,
    side: 'response',
    where: `response ${r.name}`,
    ...extra,
  });
  pair(
    statuses(oldDoc, o),
    statuses(newDoc, n),
    (a, b) => {
      const ctx = response(b, { oldPointer: a.pointer, newPointer: b.pointer });
      walk.unchecked(a.node, b.node, ['headers', 'content'], ctx);
      compareHeaders(walk, a, b, ctx);
      compareContent(walk, a, b, ctx, isSuccess(b.name));
    },
    (a) => {
      const ctx = response(a, { oldPointer: a.pointer, newPointer: [...n.pointer, 'responses'] });
      walk.rule(ctx, `response-${isSuccess(a.name) ? '' : 'error-'}status-removed`, a.name);
    },
    (b) => {
      const ctx = response(b, { newPointer: b.pointer });
      walk.rule(ctx, `response-${isSuccess(b.name) ? '' : 'error-'}status-added`, b.name);
    },
  );
}

const SERIALISATION = [
  ['style', styleOf],
  ['explode', explodeOf],
] as const;

/** What parameters and headers share: required, how the value is written, other keys, the schema. */
function compareSerialised(walk: Walk, a: Keyed, b: Keyed, ctx: Context, prefix: string): void {
  const [x, y] = [objectOr(a.node), objectOr(b.node)];
  const required = requiredness(x.required, y.required);
  if (required) walk.rule(ctx, `${prefix}-${required}`, b.name);
  // How the value is written into the URL or header: another style reads old values wrongly.
  for (const [keyword, of] of SERIALISATION) {
    const message = `${keyword} ${show(of(x))} → ${show(of(y))}`;
    if (of(x) !== of(y)) walk.add(ctx, 'changed', `${prefix}-${keyword}`, message);
  }
  // Reserved characters left unencoded, or an empty value, accepted: more is accepted.
  for (const keyword of ['allowReserved', 'allowEmptyValue']) {
    const [p, q] = [Boolean(x[keyword]), Boolean(y[keyword])];
    if (p !== q)
      walk.add(ctx, q ? 'widened' : 'narrowed', `${prefix}-${keyword}`, `${keyword} ${p} → ${q}`);
  }
  walk.unchecked(
    x,
    y,
    words('name in required style explode allowReserved allowEmptyValue schema'),
    ctx,
  );
  walk.down(schemaOf(a), schemaOf(b), ctx);
}

/** Response headers, by name in lower case (HTTP header names are case-insensitive). */
function compareHeaders(walk: Walk, old: Keyed, next: Keyed, ctx: Context): void {
  const headers = (doc: unknown, response: Keyed) =>
    new Map(
      Object.entries(objectOr(objectOr(response.node).headers)).map(([name, raw]) => {
        const { node, pointer } = resolve(doc, raw, [...response.pointer, 'headers', name]);
        return [name.toLowerCase(), { name, node: objectOr(node), pointer }];
      }),
    );
  const at = (h: Keyed, extra: Partial<Context>) => ({
    ...ctx,
    where: `${ctx.where} header ${h.name}`,
    ...extra,
  });
  pair(
    headers(walk.oldDoc, old),
    headers(walk.newDoc, next),
    (a, b) =>
      compareSerialised(
        walk,
        a,
        b,
        at(a, { oldPointer: a.pointer, newPointer: b.pointer }),
        'response-header',
      ),
    (a) => {
      const ctx = at(a, { oldPointer: a.pointer, newPointer: [...next.pointer, 'headers'] });
      walk.rule(ctx, 'response-header-removed', a.name);
    },
    (b) => walk.rule(at(b, { newPointer: b.pointer }), 'response-header-added', b.name),
  );
}

/**
 * A media type as compared: [type/subtype in lower case, its parameters sorted], charset=utf-8
 * dropped from JSON types (JSON is UTF-8: RFC 8259).
 */
function mediaKey(name: string): [string, string] {
  const [essence = '', ...params] = name.split(';').map((part) => part.trim());
  const type = essence.toLowerCase();
  const kept = params
    .map((param) => {
      const [key = '', value = ''] = param.split('=').map((s) => s.trim());
      return key.toLowerCase() === 'charset'
        ? `charset=${value.replace(/"/g, '').toLowerCase()}`
        : `${key.toLowerCase()}=${value}`;
    })
    .filter((param) => !(/^application\/(.+\+)?json$/.test(type) && param === 'charset=utf-8'));
  return [type, kept.sort().join('; ')];
}

/** Media types, matched by type/subtype; other parameters (application/json; v=2) are a change. */
function compareContent(
  walk: Walk,
  old: Resolved,
  next: Resolved,
  ctx: Context,
  success = true,
): void {
  const side = ctx.side;
  // Keyed by type/subtype, or by the whole key where one document lists a type/subtype twice.
  const content = (response: Resolved) => {
    const entries = Object.entries(objectOr(objectOr(response.node).content));
    const types = entries.map(([name]) => mediaKey(name)[0]);
    return new Map(
      entries.map(([name, node], i) => {
        const key =
          types.indexOf(types[i]!) === types.lastIndexOf(types[i]!)
            ? types[i]!
            : mediaKey(name).join(';');
        return [
          key,
          { name, node: objectOr(node), pointer: [...response.pointer, 'content', name] },
        ];
      }),
    );
  };
  const olds = content(old);
  // A finding about media type `m`, with the pointers of `extra`; its rule is `<side>-media-type-…`.
  const say = (m: Keyed, extra: Partial<Context>, kind: ChangeKind, rule: string, text: string) =>
    walk.add({ ...ctx, where: `${ctx.where} ${m.name}`, ...extra }, kind, `${side}-${rule}`, text);
  pair(
    olds,
    content(next),
    (a, b) => {
      const pointers = { oldPointer: a.pointer, newPointer: b.pointer };
      if (mediaKey(a.name)[1] !== mediaKey(b.name)[1])
        say(b, pointers, 'changed', 'media-type-parameters', `media type ${a.name} → ${b.name}`);
      const here = { ...ctx, where: `${ctx.where} ${b.name}`, ...pointers };
      walk.unchecked(a.node, b.node, ['schema'], here);
      walk.down(schemaOf(a), schemaOf(b), here);
    },
    (a) => {
      const pointers = { oldPointer: a.pointer, newPointer: [...next.pointer, 'content'] };
      say(a, pointers, 'removed', 'media-type-removed', `media type ${a.name} removed`);
    },
    (b) => {
      const kind = side === 'response' && success && olds.size > 0 ? 'widened' : 'added';
      say(b, { newPointer: b.pointer }, kind, 'media-type-added', `new media type ${b.name}`);
    },
  );
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
