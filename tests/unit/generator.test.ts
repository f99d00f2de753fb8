// @vitest-environment node
// Tests of the contract toolchain (scripts/lib/contract-*.ts, spectral.ts) on fixture documents.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { computeHash, readStampedHash, stampHash } from '../../scripts/lib/contract-hash';
import { GENERATED_HEADER, checkGenerated, generate } from '../../scripts/lib/contract-generate';
import { checkStampedHash, unifiedDiff } from '../../scripts/lib/contract-staleness';
import { runSpectral } from '../../scripts/lib/spectral';

const here = path.dirname(fileURLToPath(import.meta.url));
const FIXTURE = path.join(here, 'fixtures', 'mini.yaml');
const RULESET = path.join(here, '..', '..', '.spectral.yaml');
const fixture = fs.readFileSync(FIXTURE, 'utf8');
const ZERO = '0'.repeat(64);
const HASH_A = 'a'.repeat(64);
const ALL_DIGITS = '1234567890'.repeat(6) + '1234';
// Spectral starts a Node process: slow on a loaded machine.
const SLOW = 120_000;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const tempDirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'generator-test-'));
  tempDirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function parsed(text = fixture): Json {
  return YAML.parse(text) as Json;
}

/** Deep copy with every mapping's keys in reverse order. */
function reverseKeys(value: Json): Json {
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .reverse()
        .map(([key, item]) => [key, reverseKeys(item)]),
    );
  }
  return value;
}

/** Paths of every scalar leaf and every mapping key, except the hash field. */
function leafPaths(value: Json, at: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => leafPaths(item, [...at, i]));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => leafPaths(item, [...at, key]));
  }
  return at.join('.') === 'components.headers.OpenapiHash.schema.const' ? [] : [at];
}

function setIn(root: Json, at: (string | number)[], next: (old: Json) => Json): Json {
  const copy = structuredClone(root);
  let node = copy as Record<string | number, Json>;
  for (const key of at.slice(0, -1)) node = node[key] as Record<string | number, Json>;
  const last = at.at(-1)!;
  node[last] = next(node[last] as Json);
  return copy;
}

function changed(value: Json): Json {
  if (typeof value === 'string') return `${value}x`;
  if (typeof value === 'number') return value + 1;
  if (typeof value === 'boolean') return !value;
  return 'now a string';
}

function diffLines(a: string, b: string): [string, string][] {
  const left = a.split('\n');
  const right = b.split('\n');
  expect(right.length).toBe(left.length);
  return left.flatMap((line, i) =>
    line === right[i] ? [] : [[line, right[i]] as [string, string]],
  );
}

describe('computeHash', () => {
  const base = computeHash(fixture);

  it('is a sha256 hex digest and deterministic', () => {
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    expect(computeHash(fixture)).toBe(base);
  });

  it('is unchanged by key order, comments, whitespace and quoting', () => {
    const variants = [
      YAML.stringify(reverseKeys(parsed()), { indent: 4 }),
      new YAML.Document(parsed(), { sortMapEntries: true }).toString({ indent: 3 }),
      JSON.stringify(reverseKeys(parsed()), null, 1),
      YAML.stringify(parsed(), { defaultStringType: 'QUOTE_SINGLE', collectionStyle: 'flow' }),
      fixture
        .replace(/^paths:$/m, '# paths follow\n\n\npaths:    # all of them')
        .replace(/^(\s+)operationId: getUser$/m, '$1# the id\n$1operationId:     getUser   ')
        .replace(/\n/g, '  \n')
        .concat('\n# trailing comment\n'),
    ];
    for (const variant of variants) {
      expect(variant).not.toBe(fixture);
      expect(computeHash(variant)).toBe(base);
    }
  });

  it('changes with any edit of any wire value or key (documentation is covered in contract-hash.test.ts)', () => {
    const value = parsed();
    const docOnly =
      /(^|\.)(description|summary|example|examples|tags|operationId)(\.|$)|^info\.title$/;
    const paths = leafPaths(value).filter((at) => !docOnly.test(at.join('.')));
    expect(paths.length).toBeGreaterThan(40);
    const seen = new Set([base]);
    for (const at of paths) {
      const hash = computeHash(YAML.stringify(setIn(value, at, changed)));
      expect(hash, `edit at ${at.join('.')}`).not.toBe(base);
      seen.add(hash);
    }
    expect(seen.size).toBe(paths.length + 1);
    const renamedKey = fixture.replace('isAdmin: { type: boolean }', 'isAdmin2: { type: boolean }');
    expect(computeHash(renamedKey)).not.toBe(base);
    const maxLength = fixture.replace('maxLength: 128 }', 'maxLength: 127 }');
    expect(maxLength).not.toBe(fixture);
    expect(computeHash(maxLength)).not.toBe(base);
  });

  it('ignores the current value of the hash field', () => {
    expect(readStampedHash(fixture)).toBe(ZERO);
    for (const replacement of [`"${HASH_A}"`, `'${ALL_DIGITS}'`, ALL_DIGITS, '""', '12']) {
      const text = fixture.replace(`"${ZERO}"`, replacement);
      expect(text).not.toBe(fixture);
      expect(computeHash(text)).toBe(base);
    }
  });

  it('fails clearly without the hash field', () => {
    expect(() => computeHash(fixture.replace('OpenapiHash:', 'OtherHeader:'))).toThrow(
      /components\.headers\.OpenapiHash\.schema\.const/,
    );
  });
});

describe('stampHash', () => {
  it('changes only the hash scalar, double-quoted, and is idempotent', () => {
    const hash = computeHash(fixture);
    const once = stampHash(fixture, hash);
    expect(readStampedHash(once)).toBe(hash);
    expect(diffLines(fixture, once)).toEqual([
      [`        const: "${ZERO}"`, `        const: "${hash}"`],
    ]);
    expect(once.replace(hash, ZERO)).toBe(fixture);
    expect(stampHash(once, hash)).toBe(once);
    expect(computeHash(once)).toBe(hash);
  });

  it('writes a quoted string for an all-digit hash', () => {
    const stamped = stampHash(fixture, ALL_DIGITS);
    expect(stamped).toContain(`const: "${ALL_DIGITS}"`);
    expect(readStampedHash(stamped)).toBe(ALL_DIGITS);
    expect(typeof YAML.parse(stamped).components.headers.OpenapiHash.schema.const).toBe('string');
  });

  it('replaces plain, single-quoted and flow-style values in place', () => {
    const variants: [string, string][] = [
      [fixture.replace(`"${ZERO}"`, ALL_DIGITS), ALL_DIGITS],
      [fixture.replace(`"${ZERO}"`, `'${ZERO}'`), `'${ZERO}'`],
      [
        fixture.replace(
          `      schema:\n        type: string\n        const: "${ZERO}"`,
          `      schema: { type: string, const: ${ZERO} }   # flow`,
        ),
        ZERO,
      ],
    ];
    for (const [variant, token] of variants) {
      expect(variant).not.toBe(fixture);
      expect(variant.split(token)).toHaveLength(2);
      const stamped = stampHash(variant, HASH_A);
      expect(stamped).toBe(variant.replace(token, `"${HASH_A}"`));
      expect(readStampedHash(stamped)).toBe(HASH_A);
      expect(stampHash(stamped, HASH_A)).toBe(stamped);
    }
  });

  it('rejects values that are not sha256 hex digests', () => {
    expect(() => stampHash(fixture, 'abc')).toThrow(/sha256/);
    expect(() => stampHash(fixture, 'A'.repeat(64))).toThrow(/sha256/);
  });
});

describe('generate and the staleness checks', () => {
  function setUp() {
    const dir = tempDir();
    const docPath = path.join(dir, 'openapi.yaml');
    const outDir = path.join(dir, 'generated');
    fs.writeFileSync(docPath, fixture);
    return { docPath, outDir };
  }
  const snapshot = (dir: string) =>
    Object.fromEntries(
      fs.readdirSync(dir).map((f) => [f, fs.readFileSync(path.join(dir, f), 'utf8')]),
    );

  it(
    'stamps, generates, and a second run writes nothing',
    async () => {
      const { docPath, outDir } = setUp();
      const first = await generate({ docPath, outDir });
      expect(first.hash).toBe(computeHash(fixture));
      expect(first.written.map((f) => path.relative(path.dirname(docPath), f)).sort()).toEqual([
        'generated/api.d.ts',
        'generated/component-schemas.ts',
        'generated/error-bodies.ts',
        'generated/openapi-hash.ts',
        'generated/response-validators.ts',
        'generated/validator-get-user.ts',
        'generated/validator-rename-user.ts',
        'openapi.yaml',
      ]);
      const doc = fs.readFileSync(docPath, 'utf8');
      const files = snapshot(outDir);
      expect(doc).toBe(stampHash(fixture, first.hash));
      expect(files['openapi-hash.ts']).toBe(
        `${GENERATED_HEADER}export const OPENAPI_HASH = "${first.hash}";\nexport const OPENAPI_VERSION = "1.2.0";\n`,
      );
      expect(files['api.d.ts']?.startsWith(GENERATED_HEADER)).toBe(true);
      expect(files['api.d.ts']).toContain('getUser: {');
      expect(files['api.d.ts']).toContain(`"${first.hash}"`);

      const second = await generate({ docPath, outDir });
      expect(second).toEqual({ hash: first.hash, written: [] });
      expect(fs.readFileSync(docPath, 'utf8')).toBe(doc);
      expect(snapshot(outDir)).toEqual(files);

      expect(checkStampedHash(doc).ok).toBe(true);
      expect(await checkGenerated({ docPath, outDir })).toMatchObject({ ok: true, problems: [] });
    },
    SLOW,
  );

  it(
    'fails on a hand-edited document',
    async () => {
      const { docPath, outDir } = setUp();
      await generate({ docPath, outDir });
      const edited = fs
        .readFileSync(docPath, 'utf8')
        .replace('maxLength: 128 }', 'maxLength: 64 }');
      fs.writeFileSync(docPath, edited);

      const hash = checkStampedHash(edited);
      expect(hash.ok).toBe(false);
      expect(hash.problems.join('\n')).toMatch(/stale.*npm run generate/);
      const gen = await checkGenerated({ docPath, outDir });
      expect(gen.ok).toBe(false);
      expect(gen.problems.join('\n')).toMatch(/openapi-hash\.ts is stale/);

      await generate({ docPath, outDir });
      expect(checkStampedHash(fs.readFileSync(docPath, 'utf8')).ok).toBe(true);
      expect((await checkGenerated({ docPath, outDir })).ok).toBe(true);
    },
    SLOW,
  );

  it(
    'fails on hand-edited, missing or extra generated files',
    async () => {
      const { docPath, outDir } = setUp();
      await generate({ docPath, outDir });
      fs.appendFileSync(path.join(outDir, 'api.d.ts'), '// hand edit\n');
      fs.rmSync(path.join(outDir, 'openapi-hash.ts'));
      fs.writeFileSync(path.join(outDir, 'extra.ts'), '');
      const result = await checkGenerated({ docPath, outDir });
      expect(result.ok).toBe(false);
      expect(result.problems).toHaveLength(3);
      expect(result.problems.join('\n')).toMatch(/api\.d\.ts is stale/);
      expect(result.problems.join('\n')).toMatch(/openapi-hash\.ts is missing/);
      expect(result.problems.join('\n')).toMatch(/extra\.ts is not written by generation/);
    },
    SLOW,
  );

  it('detects a stale stamped hash even when it is not a string', () => {
    const result = checkStampedHash(fixture.replace(`"${ZERO}"`, ALL_DIGITS));
    expect(result.ok).toBe(false);
    expect(result.problems[0]).toMatch(/not a string/);
  });
});

describe('spectral ruleset', () => {
  it(
    'passes the fixture and reports each broken rule as an error',
    () => {
      const dir = tempDir();
      const good = runSpectral({ docPath: FIXTURE, ruleset: RULESET });
      expect(good.problems).toEqual([]);
      expect(good.ok).toBe(true);

      const broken = fixture
        .replace(
          "        '204':\n          description: Renamed.\n          headers:\n            openapi-hash:\n              $ref: '#/components/headers/OpenapiHash'\n",
          "        '204':\n          description: Renamed.\n",
        )
        .replace('      operationId: renameUser\n', '')
        .replace('isAdmin: true', 'isAdmin: maybe')
        .replace('value: { name: Alice }', 'value: { name: "" }')
        .replace(
          "    NotFound:\n      description: Not found.\n      headers:\n        openapi-hash:\n          $ref: '#/components/headers/OpenapiHash'\n",
          '    NotFound:\n      description: Not found.\n',
        );
      const docPath = path.join(dir, 'broken.yaml');
      fs.writeFileSync(docPath, broken);
      const bad = runSpectral({ docPath, ruleset: RULESET });
      expect(bad.ok).toBe(false);
      expect(bad.errors.map((e) => e.code).sort()).toEqual([
        'component-response-openapi-hash-header',
        'oas3-valid-media-example',
        'oas3-valid-media-example',
        'operation-operationId',
        'operation-response-openapi-hash-header',
      ]);
    },
    SLOW,
  );

  it(
    'fails when the hash header loses required: true or its const (the proxy relies on both)',
    () => {
      const dir = tempDir();
      const header =
        '      required: true\n      schema:\n        type: string\n        const: "' +
        ZERO +
        '"\n';
      expect(fixture).toContain(header);
      const variants: [string, string, RegExp][] = [
        [
          'no-required',
          fixture.replace(header, header.replace('      required: true\n', '')),
          /must have required property "required"/,
        ],
        [
          'required-false',
          fixture.replace(header, header.replace('required: true', 'required: false')),
          /"required" property must be equal to one of the allowed values|must be equal to constant|required/,
        ],
        [
          'no-const',
          fixture.replace(header, header.replace(`        const: "${ZERO}"\n`, '')),
          /must have required property "const"/,
        ],
      ];
      for (const [name, text, message] of variants) {
        expect(text, name).not.toBe(fixture);
        const docPath = path.join(dir, `${name}.yaml`);
        fs.writeFileSync(docPath, text);
        const result = runSpectral({ docPath, ruleset: RULESET });
        expect(result.ok, name).toBe(false);
        expect(
          result.errors.map((e) => e.code),
          name,
        ).toEqual(['openapi-hash-header-component']);
        expect(result.problems.join('\n'), name).toMatch(message);
      }
    },
    SLOW,
  );
});

describe('a stale generated/ shows the diff', () => {
  it('prints the changed lines of a hand-edited file', async () => {
    const repo = tempDir();
    const docPath = path.join(repo, 'openapi.yaml');
    const outDir = path.join(repo, 'generated');
    fs.writeFileSync(docPath, fixture);
    await generate({ docPath, outDir });
    const file = path.join(outDir, 'openapi-hash.ts');
    const text = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, text.replace('OPENAPI_VERSION = "1.2.0"', 'OPENAPI_VERSION = "9.9.9"'));
    const result = await checkGenerated({ docPath, outDir });
    expect(result.ok).toBe(false);
    const report = result.problems.join('\n');
    expect(report).toMatch(/openapi-hash\.ts is stale or edited by hand/);
    expect(report).toContain('-export const OPENAPI_VERSION = "9.9.9";');
    expect(report).toContain('+export const OPENAPI_VERSION = "1.2.0";');
  });

  it('cuts a long diff and counts the rest', () => {
    const before = Array.from({ length: 100 }, (_, i) => `line ${i}`).join('\n');
    const after = Array.from({ length: 100 }, (_, i) => `line ${i} changed`).join('\n');
    const diff = unifiedDiff('generated/x.ts', before, after, 10);
    expect(diff.split('\n')).toHaveLength(13);
    expect(diff).toMatch(
      /^--- generated\/x\.ts \(on disk\)\n\+\+\+ generated\/x\.ts \(npm run generate\)/,
    );
    expect(diff).toMatch(/\.\.\. \d+ more diff line\(s\)$/);
  });
});
