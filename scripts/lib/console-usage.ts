// What the console uses of the contract, found in its code with the TypeScript compiler API: the
// operations it calls (`$api.useQuery('get', '/teams')`, `client.GET('/teams')`, `send('post', …)`, ...) and the
// response fields it reads (a property access, destructuring or `row[key]` whose property is
// declared in generated/api.d.ts, also through the console's own types a response is handed to).
// Written to openapi/CONSOLE-USAGE.md by `npm run contract:usage`; `npm run check:contract` fails
// when that file is not current.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { type CheckResult, unifiedDiff } from './contract-staleness';
import {
  type JsonObject,
  type Operation,
  componentName,
  deref,
  isHttpMethod,
  isObject,
  isSuccessStatus,
  listOperations,
  objectOr,
  operationResponses,
  readDocument,
} from './openapi-doc';
import { DOC_PATH, GENERATED_DIR, OPENAPI_DIR, REPO_ROOT } from './paths';

export const USAGE_PATH = path.join(OPENAPI_DIR, 'CONSOLE-USAGE.md');
/** The browser code's TypeScript project: the console is read with its own settings. */
export const APP_TSCONFIG = 'tsconfig.app.json';
const SRC = path.join(REPO_ROOT, 'src');
const API_TYPES = path.join(GENERATED_DIR, 'api.d.ts');
const CACHE_DIR = path.join(REPO_ROOT, 'node_modules', '.cache', 'contract-usage');
const CACHE_ENTRIES = 16;
const HOOKS = new Set([
  'useQuery',
  'useSuspenseQuery',
  'useInfiniteQuery',
  'useMutation',
  'queryOptions',
]);
const rel = (file: string) => path.relative(REPO_ROOT, file).split(path.sep).join('/');

export interface CodeUsage {
  /** "METHOD /path/template" → the files that call it */
  calls: Map<string, Set<string>>;
  /** declaration paths in generated/api.d.ts of the properties the code reads */
  reads: Set<string>;
}

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(ts|tsx)$/.test(name))
    .map((name) => path.join(dir, name))
    .sort();
}

/**
 * "METHOD /path" of a call of the API: `$api.useQuery('get', '/teams')`, `client.GET('/teams')`,
 * or the one-off `send('post', '/user/collaborator', init)` of src/api/query.ts.
 */
function callKey(node: ts.CallExpression): string | undefined {
  const [first, second] = node.arguments.map((a) =>
    ts.isStringLiteralLike(a) ? a.text : undefined,
  );
  const callee = node.expression;
  if (first === undefined) return undefined;
  if (ts.isPropertyAccessExpression(callee)) {
    const name = callee.name.text;
    if (HOOKS.has(name) && second !== undefined) return `${first.toUpperCase()} ${second}`;
    if (isHttpMethod(name.toLowerCase()) && name === name.toUpperCase()) return `${name} ${first}`;
  } else if (ts.isIdentifier(callee) && callee.text === 'send' && second !== undefined) {
    if (isHttpMethod(first)) return `${first.toUpperCase()} ${second}`;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// The code
// ---------------------------------------------------------------------------------------------

/** The name path of a declaration in generated/api.d.ts: ['components','schemas','Team','name']. */
function declarationKey(node: ts.Node): string {
  const names: string[] = [];
  for (let at: ts.Node | undefined = node; at; at = at.parent) {
    if (ts.isPropertySignature(at) || ts.isInterfaceDeclaration(at)) {
      const name = at.name;
      names.unshift(
        ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)
          ? name.text
          : name.getText(),
      );
    }
  }
  return names.join('.');
}

/**
 * Reads the console's code: { calls: Map("METHOD /path" → Set(file)), reads: Set(key) }, a key
 * being the declaration path of a property in generated/api.d.ts.
 */
export function analyseCode({
  srcDir = SRC,
  apiTypes = API_TYPES,
  followTypes = true,
}: { srcDir?: string; apiTypes?: string; followTypes?: boolean } = {}): CodeUsage {
  const configFile = ts.findConfigFile(REPO_ROOT, ts.sys.fileExists, APP_TSCONFIG);
  if (!configFile) throw new Error(`no ${APP_TSCONFIG} in ${REPO_ROOT}`);
  const config = ts.getParsedCommandLineOfConfigFile(
    configFile,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  const roots = sourceFiles(srcDir);
  const program = ts.createProgram({
    rootNames: [...roots, path.resolve(apiTypes)],
    // The console runs in the browser: Node's types (large) are not needed to read it.
    options: { ...config?.options, noEmit: true, types: ['vite/client'] },
  });
  const checker = program.getTypeChecker();
  const apiFile = path.resolve(apiTypes);
  const fromApi = (decl: ts.Declaration) => path.resolve(decl.getSourceFile().fileName) === apiFile;

  // Property names declared in the generated types: only accesses of these names are resolved.
  const apiSource = program.getSourceFile(apiFile);
  if (!apiSource) throw new Error(`${rel(apiFile)} is not part of the console's program`);
  const apiNames = new Set<string>();
  const collect = (node: ts.Node) => {
    if (ts.isPropertySignature(node))
      apiNames.add(node.name.getText(apiSource).replace(/^["']|["']$/g, ''));
    ts.forEachChild(node, collect);
  };
  collect(apiSource);

  const calls = new Map<string, Set<string>>();
  const reads = new Set<string>();
  // Declarations of the console's own properties that hold a contract property (a response handed
  // to a prop or parameter typed by the console): declaration → Set(key).
  const aliases = new Map<ts.Declaration, Set<string>>();
  const aliasNames = new Set<string>();

  const keysOfSymbol = (symbol: ts.Symbol | undefined): string[] =>
    (symbol ? checker.getRootSymbols(symbol) : []).flatMap((root) =>
      (root.declarations ?? []).flatMap((decl) =>
        fromApi(decl) ? [declarationKey(decl)] : [...(aliases.get(decl) ?? [])],
      ),
    );
  const propertyKeys = (type: ts.Type | undefined, name: string): string[] =>
    (!type ? [] : type.isUnion() ? type.types : [type]).flatMap((part) =>
      keysOfSymbol(checker.getPropertyOfType(checker.getApparentType(part), name)),
    );

  // Pass 1: a value of a contract type given where the console's own type is expected.
  const link = (source: ts.Type, target: ts.Type, depth = 0, seen = new Set<string>()): void => {
    if (!source || !target || depth > 4 || source === target) return;
    const pair = `${checker.typeToString(source)}→${checker.typeToString(target)}`;
    if (seen.has(pair)) return;
    seen.add(pair);
    const unwrap = (type: ts.Type): ts.Type => {
      const element = checker.isArrayType(type)
        ? checker.getTypeArguments(type as ts.TypeReference)[0]
        : undefined;
      return element ?? type;
    };
    const s = unwrap(source);
    const t = unwrap(target);
    const targets = t.isUnion() ? t.types : [t];
    for (const part of targets) {
      for (const prop of checker.getPropertiesOfType(part)) {
        const decls = (prop.declarations ?? []).filter((d) => !fromApi(d));
        if (decls.length === 0) continue;
        const keys = propertyKeys(s, prop.getName());
        if (keys.length === 0) continue;
        aliasNames.add(prop.getName());
        for (const decl of decls)
          aliases.set(decl, new Set([...(aliases.get(decl) ?? []), ...keys]));
        const sourceProp = checker.getPropertyOfType(checker.getApparentType(s), prop.getName());
        if (sourceProp && decls[0]) {
          link(
            checker.getTypeOfSymbolAtLocation(sourceProp, decls[0]),
            checker.getTypeOfSymbol(prop),
            depth + 1,
            seen,
          );
        }
      }
    }
  };

  // A function of the console's own (cheap to tell from its name, unlike a method's receiver).
  const srcRoot = path.resolve(srcDir) + path.sep;
  const isOwnFunction = (identifier: ts.Identifier) => {
    let symbol = checker.getSymbolAtLocation(identifier);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    return (symbol?.declarations ?? []).some((d) =>
      path.resolve(d.getSourceFile().fileName).startsWith(srcRoot),
    );
  };
  const files = program
    .getSourceFiles()
    .filter((sf) => path.resolve(sf.fileName).startsWith(srcRoot));
  // The file only: a line number would make the list stale with every edit above a call.
  const where = (sf: ts.SourceFile) => rel(sf.fileName);
  for (const sf of files) {
    const visit = (node: ts.Node): void => {
      const key = ts.isCallExpression(node) ? callKey(node) : undefined;
      if (key) calls.set(key, (calls.get(key) ?? new Set<string>()).add(where(sf)));
      // Contract values handed to the console's own types: arguments of the console's functions
      // and values given a declared type. (JSX props are left out: their contextual types cost
      // seconds, and props typed with generated types need no link.)
      if (
        followTypes &&
        ts.isCallExpression(node) &&
        node.arguments.length > 0 &&
        ts.isIdentifier(node.expression) &&
        isOwnFunction(node.expression)
      ) {
        const signature = checker.getResolvedSignature(node);
        const declaration = signature?.getDeclaration();
        if (signature && declaration && !declaration.getSourceFile().isDeclarationFile) {
          node.arguments.forEach((argument, index) => {
            const parameter =
              signature.parameters[Math.min(index, signature.parameters.length - 1)];
            if (!parameter) return;
            link(
              checker.getTypeAtLocation(argument),
              checker.getTypeOfSymbolAtLocation(parameter, node),
            );
          });
        }
      }
      if (followTypes && ts.isVariableDeclaration(node) && node.type && node.initializer) {
        link(checker.getTypeAtLocation(node.initializer), checker.getTypeFromTypeNode(node.type));
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }

  // Pass 2: the reads.
  for (const sf of files) {
    const visit = (node: ts.Node): void => {
      if (
        ts.isPropertyAccessExpression(node) &&
        (apiNames.has(node.name.text) || aliasNames.has(node.name.text))
      ) {
        for (const key of keysOfSymbol(checker.getSymbolAtLocation(node.name))) reads.add(key);
      } else if (ts.isElementAccessExpression(node)) {
        const argType = checker.getTypeAtLocation(node.argumentExpression);
        const literals = (argType.isUnion() ? argType.types : [argType]).filter(
          (t): t is ts.StringLiteralType => t.isStringLiteral(),
        );
        const objectType = checker.getTypeAtLocation(node.expression);
        for (const literal of literals)
          for (const key of propertyKeys(objectType, literal.value)) reads.add(key);
      } else if (ts.isBindingElement(node) && ts.isObjectBindingPattern(node.parent)) {
        const name = node.propertyName ?? node.name;
        if (ts.isIdentifier(name) || ts.isStringLiteral(name)) {
          const type = checker.getTypeAtLocation(node.parent);
          for (const key of propertyKeys(type, name.text)) reads.add(key);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return { calls, reads };
}

// ---------------------------------------------------------------------------------------------
// The contract
// ---------------------------------------------------------------------------------------------

/** A field of a schema: '$.devices[].deviceName', and its declaration path in api.d.ts. */
export interface SchemaField {
  path: string;
  key: string;
}

/**
 * The fields of a schema, `key` being the declaration path openapi-typescript gives the property
 * in generated/api.d.ts.
 */
export function fieldsOf(
  document: unknown,
  schema: unknown,
  prefix: string[],
  at = '$',
  seen = new Set<string>(),
): SchemaField[] {
  if (!isObject(schema)) return [];
  if (typeof schema.$ref === 'string') {
    if (seen.has(schema.$ref)) return [];
    const name = componentName(schema.$ref, 'schemas') ?? schema.$ref.split('/').at(-1) ?? '';
    const next = new Set(seen).add(schema.$ref);
    const own: JsonObject = { ...schema };
    delete own.$ref;
    return [
      ...fieldsOf(
        document,
        deref(document, { $ref: schema.$ref }),
        ['components', 'schemas', name],
        at,
        next,
      ),
      ...fieldsOf(document, own, prefix, at, seen),
    ];
  }
  const fields: SchemaField[] = [];
  for (const key of ['allOf', 'oneOf', 'anyOf']) {
    const parts: unknown = schema[key];
    for (const part of Array.isArray(parts) ? parts : [])
      fields.push(...fieldsOf(document, part, prefix, at, seen));
  }
  if (schema.items) fields.push(...fieldsOf(document, schema.items, prefix, `${at}[]`, seen));
  for (const [name, sub] of Object.entries(objectOr(schema.properties))) {
    const key = [...prefix, name];
    const shown = /^[A-Za-z_$][\w$]*$/.test(name)
      ? `${at}.${name}`
      : `${at}[${JSON.stringify(name)}]`;
    fields.push({ path: shown, key: key.join('.') });
    fields.push(...fieldsOf(document, sub, key, shown, seen));
  }
  const unique = new Map<string, SchemaField>();
  for (const field of fields) if (!unique.has(field.path)) unique.set(field.path, field);
  return [...unique.values()];
}

function successBodies(document: unknown, op: Operation) {
  return operationResponses(document, op)
    .filter(([status]) => isSuccessStatus(status))
    .map(([status, response]) => ({
      status,
      schema: objectOr(objectOr(response.content)['application/json']).schema,
      prefix: ['operations', op.operationId, 'responses', status, 'content', 'application/json'],
    }));
}

// ---------------------------------------------------------------------------------------------
// The list
// ---------------------------------------------------------------------------------------------

/** The markdown of openapi/CONSOLE-USAGE.md for a parsed document and the code's usage. */
export function renderUsage(document: unknown, { calls, reads }: CodeUsage): string {
  const ops = listOperations(document);
  const used = ops.filter((op) => calls.has(op.key));
  const unused = ops.filter((op) => !calls.has(op.key));
  const unknown = [...calls.keys()].filter((key) => !ops.some((op) => op.key === key));
  const lines = [
    '# What the console uses of the contract',
    '',
    '<!-- Generated by npm run contract:usage from src/ and generated/api.d.ts; npm run check:contract fails when it is stale. Do not edit. -->',
    '',
    `The console calls **${used.length} of the ${ops.length} operations** of \`openapi/openapi.yaml\`.`,
    'For each: where the code calls it, and the fields of its success answer the code reads.',
    '',
    'How to read this:',
    '',
    '- **Reads** are found in the code with the TypeScript compiler: property accesses, destructuring and',
    '  `row[column]` on values typed by `generated/api.d.ts`, also after the code hands them to its own',
    '  types. A field of a shared schema (`TeamSummary`, `DeviceSummary`, ...) counts as read in every',
    '  answer that carries it. A value only passed on as a whole (printed, copied) is not a read.',
    '- **Validated, not read**: the console does not use these, but it checks every answer against the',
    '  contract (its generated validators), so a required field must still be sent, with the right type.',
    '- Every answer, success or error, must carry the `openapi-hash` header: the console compares it',
    '  with the hash it was built with.',
    '',
  ];
  for (const op of used) {
    lines.push(`## ${op.operationId || '(no operationId)'}: \`${op.key}\``, '');
    const places = [...(calls.get(op.key) ?? [])].sort();
    lines.push(`Called from ${places.map((p) => `\`${p}\``).join(', ')}.`, '');
    for (const body of successBodies(document, op)) {
      if (!body.schema) {
        lines.push(`- ${body.status}: no body.`);
        continue;
      }
      const fields = fieldsOf(document, body.schema, body.prefix);
      // A list or object counts as read when anything in it is.
      const isRead = (field: SchemaField) =>
        reads.has(field.key) ||
        fields.some(
          (other) =>
            reads.has(other.key) &&
            (other.path.startsWith(`${field.path}.`) || other.path.startsWith(`${field.path}[`)),
        );
      const read = fields.filter(isRead).map((f) => `\`${f.path}\``);
      const notRead = fields.filter((f) => !isRead(f)).map((f) => `\`${f.path}\``);
      lines.push(
        `- ${body.status} reads: ${read.length > 0 ? read.join(', ') : 'none (the answer itself is the signal)'}`,
      );
      if (notRead.length > 0)
        lines.push(`- ${body.status} validated, not read: ${notRead.join(', ')}`);
    }
    lines.push('');
  }
  const errorFields = Object.keys(objectOr(objectOr(objectOr(document).components).schemas))
    .filter((name) => ['ErrorBody', 'PaymentRequired'].includes(name))
    .flatMap((name) =>
      fieldsOf(document, { $ref: `#/components/schemas/${name}` }, []).map((f) => ({
        ...f,
        path: `${name} ${f.path}`,
      })),
    );
  if (errorFields.length > 0) {
    lines.push('## Error answers', '');
    lines.push(
      `Read from error bodies: ${
        errorFields
          .filter((f) => reads.has(f.key))
          .map((f) => `\`${f.path}\``)
          .join(', ') || 'none'
      }.`,
      '',
    );
  }
  lines.push('## Not called by the console', '');
  lines.push(
    unused.length === 0
      ? 'None: the console calls every operation of the contract.'
      : unused.map((op) => `- ${op.operationId}: \`${op.key}\``).join('\n'),
    '',
  );
  if (unknown.length > 0) {
    lines.push('## Calls the contract does not have', '');
    lines.push(
      unknown.map((key) => `- \`${key}\` (${[...(calls.get(key) ?? [])].join(', ')})`).join('\n'),
      '',
    );
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** The hash of everything the list is made from (the code, the generated types, the contract). */
function inputsHash({ srcDir = SRC, apiTypes = API_TYPES, docPath = DOC_PATH } = {}): string {
  const hash = createHash('sha256');
  for (const file of [
    ...sourceFiles(srcDir),
    apiTypes,
    docPath,
    path.join(REPO_ROOT, APP_TSCONFIG),
    fileURLToPath(import.meta.url),
  ]) {
    hash.update(rel(file)).update('\0').update(fs.readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

/**
 * The expected text of openapi/CONSOLE-USAGE.md. The analysis takes seconds, so its result is kept
 * in node_modules/.cache keyed by the hash of its inputs.
 */
export function expectedUsage({
  docPath = DOC_PATH,
  fresh = false,
}: { docPath?: string; fresh?: boolean } = {}): string {
  const key = inputsHash({ docPath });
  const cached = path.join(CACHE_DIR, `${key}.md`);
  if (!fresh && fs.existsSync(cached)) return fs.readFileSync(cached, 'utf8');
  const text = renderUsage(readDocument(docPath), analyseCode());
  try {
    fs.mkdirSync(CACHE_DIR, { recursive: true });
    fs.writeFileSync(cached, text);
    // Keep the last few (switching branches back and forth stays fast).
    const entries = fs
      .readdirSync(CACHE_DIR)
      .map((name) => ({ name, time: fs.statSync(path.join(CACHE_DIR, name)).mtimeMs }))
      .sort((a, b) => b.time - a.time);
    for (const old of entries.slice(CACHE_ENTRIES)) {
      fs.rmSync(path.join(CACHE_DIR, old.name), { force: true });
    }
  } catch {
    // No cache (a read-only node_modules): the next run analyses again.
  }
  return text;
}

/** The check of npm run check:contract: openapi/CONSOLE-USAGE.md is what the code gives. */
export function checkUsage({ usagePath = USAGE_PATH }: { usagePath?: string } = {}): CheckResult {
  const expected = expectedUsage();
  const name = rel(usagePath);
  const ops = /calls \*\*(\d+) of the (\d+) operations\*\*/.exec(expected);
  const what = ops ? `the console calls ${ops[1]} of ${ops[2]} operations` : 'the list';
  if (!fs.existsSync(usagePath)) {
    return {
      ok: false,
      summary: `${name} is missing`,
      problems: [`${name} is missing: run npm run contract:usage and commit it.`],
    };
  }
  const actual = fs.readFileSync(usagePath, 'utf8');
  if (actual === expected)
    return { ok: true, summary: `${name} is current (${what})`, problems: [] };
  return {
    ok: false,
    summary: `${name} is stale`,
    problems: [
      `${name} does not match the code: run npm run contract:usage and commit it.\n${unifiedDiff(name, actual, expected)}`,
    ],
  };
}
