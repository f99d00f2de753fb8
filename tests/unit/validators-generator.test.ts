import ts from 'typescript';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  kebab,
  listErrorBodies,
  listRequestBodies,
  renderValidators,
} from '../../scripts/lib/validators';
import { CONTRACT } from './contract-document';

type Schema = Record<string, unknown> | boolean;

/** A one-operation document whose 200 answer has `schema`, with optional components. */
function doc(schema: Schema, components: Record<string, Schema> = {}) {
  return {
    openapi: '3.1.0',
    paths: {
      '/thing/{id}': {
        get: {
          operationId: 'getThing',
          responses: {
            '200': { description: 'ok', content: { 'application/json': { schema } } },
            '404': { description: 'gone' },
          },
        },
        delete: { operationId: 'deleteThing', responses: { '204': { description: 'done' } } },
      },
    },
    components: { schemas: components },
  };
}

/** Compile the generated module and return its status → schema table. */
function load(schema: Schema, components: Record<string, Schema> = {}) {
  const files = renderValidators(doc(schema, components), { header: '// test\n' });
  const source = files['validator-get-thing.ts']!;
  const js = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const body = js
    .replace(/^import \* as v from 'valibot';$/m, '')
    .replace('export const responses =', 'return');
  const responses = new Function('v', body)(v) as Record<string, v.GenericSchema | null>;
  return { responses, source, files };
}

const ok = (schema: v.GenericSchema | null | undefined, value: unknown) =>
  v.safeParse(schema as v.GenericSchema, value).success;

describe('the validator generator', () => {
  it('writes one module per operation and a table keyed by method and path', () => {
    const { files } = load({ type: 'string' });
    expect(Object.keys(files).sort()).toEqual([
      'component-schemas.ts',
      'error-bodies.ts',
      'response-validators.ts',
      'validator-delete-thing.ts',
      'validator-get-thing.ts',
    ]);
    expect(files['response-validators.ts']).toContain(
      `"GET /thing/{id}": () => import('./validator-get-thing'),`,
    );
    expect(files['validator-delete-thing.ts']).toContain('"204": null,');
    expect(files['validator-get-thing.ts']).not.toContain('"404"');
  });

  it('maps types, formats, bounds and enums', () => {
    const { responses } = load({
      type: 'object',
      required: ['id', 'n', 'state', 'when', 'tags'],
      properties: {
        id: { type: 'string', format: 'uuid' },
        n: { type: 'integer', minimum: 1, maximum: 3 },
        state: { type: 'string', enum: ['a', 'b'] },
        when: { type: ['string', 'null'], format: 'date-time' },
        tags: { type: 'array', items: { type: 'string', pattern: '^[a-z]+$' }, maxItems: 2 },
        note: { type: 'string', maxLength: 3 },
      },
    });
    const schema = responses['200'];
    const good = {
      id: '7e000000-0000-4000-8000-000000000001',
      n: 2,
      state: 'a',
      when: null,
      tags: ['x'],
    };
    expect(ok(schema, good)).toBe(true);
    expect(ok(schema, { ...good, note: 'abc' })).toBe(true);
    expect(ok(schema, { ...good, note: 'abcd' })).toBe(false);
    expect(ok(schema, { ...good, id: 'nope' })).toBe(false);
    expect(ok(schema, { ...good, n: 1.5 })).toBe(false);
    expect(ok(schema, { ...good, n: 4 })).toBe(false);
    expect(ok(schema, { ...good, state: 'c' })).toBe(false);
    expect(ok(schema, { ...good, when: 'soon' })).toBe(false);
    expect(ok(schema, { ...good, when: '2026-11-21T12:00:00Z' })).toBe(true);
    expect(ok(schema, { ...good, tags: ['X'] })).toBe(false);
    expect(ok(schema, { ...good, tags: ['a', 'b', 'c'] })).toBe(false);
    expect(ok(schema, { ...good, tags: undefined })).toBe(false);
  });

  it('resolves components, merges allOf objects and reads "X or null" unions', () => {
    const { responses, source } = load(
      {
        allOf: [
          { $ref: '#/components/schemas/Base' },
          { type: 'object', required: ['extra'], properties: { extra: { type: 'boolean' } } },
        ],
      },
      {
        Base: {
          type: 'object',
          required: ['name', 'parent'],
          properties: {
            name: { type: 'string' },
            parent: { oneOf: [{ $ref: '#/components/schemas/Ref' }, { type: 'null' }] },
          },
        },
        Ref: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
      },
    );
    const schema = responses['200'];
    expect(ok(schema, { name: 'a', parent: null, extra: true })).toBe(true);
    expect(ok(schema, { name: 'a', parent: { id: 'x' }, extra: false })).toBe(true);
    expect(ok(schema, { name: 'a', parent: null })).toBe(false);
    expect(ok(schema, { name: 'a', parent: {}, extra: true })).toBe(false);
    // Merged, not intersected: an undeclared field shows up as dropped from the output.
    expect(source).not.toContain('v.intersect');
    const parsed = v.safeParse(schema as v.GenericSchema, {
      name: 'a',
      parent: null,
      extra: true,
      surprise: 1,
    });
    expect(parsed.success && Object.keys(parsed.output as object).sort()).toEqual([
      'extra',
      'name',
      'parent',
    ]);
  });

  it('keeps declared extra fields (additionalProperties) and rejects them when forbidden', () => {
    const open = load({ type: 'object', properties: {}, additionalProperties: { type: 'number' } });
    expect(ok(open.responses['200'], { a: 1 })).toBe(true);
    expect(ok(open.responses['200'], { a: 'x' })).toBe(false);
    const closed = load({
      type: 'object',
      required: ['a'],
      properties: { a: { type: 'number' } },
      additionalProperties: false,
    });
    expect(ok(closed.responses['200'], { a: 1 })).toBe(true);
    expect(ok(closed.responses['200'], { a: 1, b: 2 })).toBe(false);
  });

  it('an object with no required field still refuses an array', () => {
    const { responses } = load({ type: 'object', properties: { a: { type: 'string' } } });
    expect(ok(responses['200'], {})).toBe(true);
    expect(ok(responses['200'], [])).toBe(false);
  });

  it('fails loudly on any keyword it cannot check, instead of leaving it unchecked', () => {
    expect(() => load({ type: 'string', format: 'hostname' })).toThrow(/unsupported string format/);
    expect(() => load({ type: 'object', patternProperties: {} })).toThrow(/patternProperties/);
    expect(() => load({ not: { type: 'string' } })).toThrow(/not/);
    expect(() => load({ $ref: '#/components/schemas/Missing' })).toThrow(/unknown schema/);
    expect(() =>
      load(
        { $ref: '#/components/schemas/A' },
        { A: { type: 'array', items: { $ref: '#/components/schemas/A' } } },
      ),
    ).toThrow(/recursive/);
    expect(() => load({ type: 'object', required: ['x'], properties: {} })).toThrow(
      /required property x/,
    );
  });

  it('is deterministic: the same document gives the same files', () => {
    expect(renderValidators(CONTRACT)).toEqual(renderValidators(structuredClone(CONTRACT)));
  });

  describe('error bodies (generated/error-bodies.ts)', () => {
    /** A document whose operations answer `status` with the given bodies. */
    const errorDoc = (...bodies: [string, string, unknown][]) => ({
      openapi: '3.1.0',
      paths: Object.fromEntries(
        bodies.map(([status, media, schema], i) => [
          `/op${i}`,
          {
            get: {
              operationId: `op${i}`,
              responses: {
                '200': { description: 'ok' },
                [status]: { description: 'failed', content: { [media]: { schema } } },
              },
            },
          },
        ]),
      ),
      components: {
        schemas: {
          Problem: { type: 'object', properties: { message: { type: 'string' } } },
          Other: { type: 'object', required: ['code'], properties: { code: { type: 'string' } } },
        },
      },
    });
    const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

    it('lists, per error status, the component schema of its JSON body; non-JSON bodies are left out', () => {
      const doc = errorDoc(
        ['409', 'application/json', ref('Problem')],
        ['409', 'application/problem+json', ref('Problem')],
        ['402', 'application/json', ref('Other')],
        ['503', 'text/html', { type: 'string' }],
      );
      expect(listErrorBodies(doc)).toEqual([
        ['402', 'Other'],
        ['409', 'Problem'],
      ]);
      const module = renderValidators(doc)['error-bodies.ts']!;
      expect(module).toContain(
        'readonly "Problem": v.GenericSchema<unknown, components["schemas"]["Problem"]>;',
      );
      expect(module).toContain('"402": "Other",');
      expect(module).not.toContain('"503"');
    });

    it('fails when two operations answer one status with different bodies, or with an inline one', () => {
      expect(() =>
        listErrorBodies(
          errorDoc(
            ['409', 'application/json', ref('Problem')],
            ['409', 'application/json', ref('Other')],
          ),
        ),
      ).toThrow(/status 409 answers with Other here but with Problem at #\/paths\/\/op0/);
      expect(() =>
        listErrorBodies(errorDoc(['400', 'application/json', { type: 'object' }])),
      ).toThrow(/an error body must be a component schema/);
    });

    it('the contract: 402 carries PaymentRequired, every other JSON error body is ErrorBody', () => {
      const table = Object.fromEntries(listErrorBodies(CONTRACT));
      expect(table['402']).toBe('PaymentRequired');
      expect(new Set(Object.values(table))).toEqual(new Set(['ErrorBody', 'PaymentRequired']));
      expect(table).not.toHaveProperty('503');
    });
  });

  describe('component schemas and request bodies (generated/component-schemas.ts)', () => {
    it('holds every component schema and every JSON request body of the contract', async () => {
      const { COMPONENT_SCHEMAS, REQUEST_BODY_SCHEMAS } =
        await import('../../generated/component-schemas');
      const components = (CONTRACT.components as { schemas: Record<string, unknown> }).schemas;
      expect(Object.keys(COMPONENT_SCHEMAS).sort()).toEqual(Object.keys(components).sort());
      const withBody = listRequestBodies(CONTRACT).map((body) => body.key);
      expect(Object.keys(REQUEST_BODY_SCHEMAS).sort()).toEqual([...withBody].sort());
      expect(withBody).toContain('PATCH /device/{deviceId}/rename');
    });

    it("accepts the contract's named request examples and refuses what the contract forbids", async () => {
      const { REQUEST_BODY_SCHEMAS } = await import('../../generated/component-schemas');
      const schemas = REQUEST_BODY_SCHEMAS as Record<string, v.GenericSchema>;
      let checked = 0;
      for (const body of listRequestBodies(CONTRACT)) {
        const media = (
          (CONTRACT.paths as Record<string, Record<string, { requestBody: unknown }>>)[body.path]![
            body.method
          ]!.requestBody as {
            content: Record<string, { examples?: Record<string, { value: unknown }> }>;
          }
        ).content['application/json']!;
        for (const [name, example] of Object.entries(media.examples ?? {})) {
          expect(ok(schemas[body.key], example.value), `${body.key} example ${name}`).toBe(true);
          checked += 1;
        }
      }
      expect(checked).toBeGreaterThan(20);
      const rename = schemas['PATCH /device/{deviceId}/rename'];
      expect(ok(rename, { deviceName: 'x'.repeat(255) })).toBe(true);
      expect(ok(rename, { deviceName: 'x'.repeat(256) })).toBe(false);
      expect(ok(rename, { deviceName: '' })).toBe(false);
      expect(ok(schemas['POST /device/{deviceId}/public'], { slug: 'no spaces' })).toBe(false);
      expect(ok(schemas['POST /device/{deviceId}/public'], {})).toBe(true);
    });
  });

  it('names files in kebab case', () => {
    expect(kebab('listTeamDevices')).toBe('list-team-devices');
    expect(kebab('getURLForID')).toBe('get-url-for-id');
  });
});
