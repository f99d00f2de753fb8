// @vitest-environment node
// The breaking-change rules (scripts/lib/contract-diff.ts) and the release snapshot they compare
// with (scripts/lib/contract-release.ts): requests may only widen, responses may only narrow,
// removals break; a hand-edited snapshot, a lowered version and a breaking change without a raised
// major version fail the check. Each schema rule is checked on both sides and in both directions
// (the compatible direction gives no breaking finding).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { diffContracts, groupFindings, pathText } from '../../scripts/lib/contract-diff';
import {
  bumpVersion,
  checkAgainstRelease,
  compareVersions,
  parseVersion,
  readSnapshot,
  renderSnapshot,
  setVersion,
  snapshotOf,
} from '../../scripts/lib/contract-release';
import { wireContract } from '../../scripts/lib/contract-hash';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = fs.readFileSync(path.join(here, 'fixtures', 'mini.yaml'), 'utf8');
const realText = fs.readFileSync(path.join(here, '..', '..', 'openapi', 'openapi.yaml'), 'utf8');

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
interface Group {
  breaking: boolean;
  rule: string;
  message: string;
  pointer: (string | number)[];
  inNew: boolean;
  uses: { operation: string; where: string; path: string[] }[];
}

const parse = (text: string): Doc => YAML.parse(text, { maxAliasCount: -1 }) as Doc;
const base = parse(fixture);
const real = parse(realText);

const diff = (from: Doc, to: Doc) =>
  groupFindings(diffContracts(wireContract(from), wireContract(to))) as Group[];
/** The grouped findings between `from` and `from` changed by `edit`. */
function changes(edit: (doc: Doc) => void, from: Doc = base): Group[] {
  const next = structuredClone(from);
  edit(next);
  return diff(from, next);
}
/** "✖ rule" for a breaking finding, "✔ rule" for a compatible one, sorted. */
const verdicts = (groups: Group[]) =>
  groups.map((g) => `${g.breaking ? '✖' : '✔'} ${g.rule}`).sort();
const summary = (groups: Group[]) => groups.map((g) => [g.rule, g.breaking]);

const user = (doc: Doc) => doc.components.schemas.User;
const renameBody = (doc: Doc) =>
  doc.paths['/user/rename'].post.requestBody.content['application/json'].schema;
const getUser = (doc: Doc) => doc.paths['/user/{userId}'].get;

/** The fixture with `schema` as component Probe, an optional property of a request and an answer. */
function probe(schema: unknown): Doc {
  const doc = structuredClone(base);
  doc.components.schemas.Probe = schema;
  doc.components.schemas.Other = { type: 'object', properties: { b: { type: 'integer' } } };
  renameBody(doc).properties.probe = { $ref: '#/components/schemas/Probe' };
  user(doc).properties.probe = { $ref: '#/components/schemas/Probe' };
  return doc;
}
const probeVerdicts = (before: unknown, after: unknown) =>
  verdicts(diff(probe(before), probe(after)));

const str = { type: 'string' };
const obj = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties,
  ...extra,
});
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const nul = { type: 'null' };
const A = obj({ a: str });

// [rule, before, after, findings before → after, findings after → before]
type Case = [string, unknown, unknown, string[], string[]];
const schemaCases: Case[] = [
  [
    'type: narrower breaks a request, wider an answer',
    { type: ['string', 'integer'] },
    str,
    ['✔ response-type', '✖ request-type'],
    ['✔ request-type', '✖ response-type'],
  ],
  [
    'type: integer → number widens',
    { type: 'integer' },
    { type: 'number' },
    ['✔ request-type', '✖ response-type'],
    ['✔ response-type', '✖ request-type'],
  ],
  [
    'nullable: type list with null',
    str,
    { type: ['string', 'null'] },
    ['✔ request-nullable', '✖ response-nullable'],
    ['✔ response-nullable', '✖ request-nullable'],
  ],
  [
    'nullable: OpenAPI 3.0 nullable: true',
    str,
    { ...str, nullable: true },
    ['✔ request-nullable', '✖ response-nullable'],
    ['✔ response-nullable', '✖ request-nullable'],
  ],
  [
    'nullable: oneOf with {type: null}',
    ref('Other'),
    { oneOf: [ref('Other'), nul] },
    ['✔ request-nullable', '✖ response-nullable'],
    ['✔ response-nullable', '✖ request-nullable'],
  ],
  [
    'nullable: anyOf with {const: null}',
    ref('Other'),
    { anyOf: [{ const: null }, ref('Other')] },
    ['✔ request-nullable', '✖ response-nullable'],
    ['✔ response-nullable', '✖ request-nullable'],
  ],
  [
    'nullable: enum containing null',
    { ...str, enum: ['a', 'b'] },
    { ...str, enum: ['a', 'b', null] },
    ['✔ request-nullable', '✖ response-nullable'],
    ['✔ response-nullable', '✖ request-nullable'],
  ],
  [
    'nullable: null in another spelling is no change',
    { type: ['string', 'null'] },
    { oneOf: [{ ...str, nullable: true }, { const: null }] },
    [],
    [],
  ],
  [
    'enum: a removed value breaks a request, an added one an answer',
    { ...str, enum: ['a', 'b'] },
    { ...str, enum: ['a'] },
    ['✔ response-enum-value-removed', '✖ request-enum-value-removed'],
    ['✔ request-enum-value-added', '✖ response-enum-value-added'],
  ],
  [
    'enum: introduced narrows, dropped widens',
    str,
    { ...str, enum: ['a'] },
    ['✔ response-enum', '✖ request-enum'],
    ['✔ request-enum', '✖ response-enum'],
  ],
  [
    'const: set narrows, dropped widens',
    str,
    { ...str, const: 'a' },
    ['✔ response-const', '✖ request-const'],
    ['✔ request-const', '✖ response-const'],
  ],
  [
    'const: false is a value like any other',
    { type: 'boolean' },
    { type: 'boolean', const: false },
    ['✔ response-const', '✖ request-const'],
    ['✔ request-const', '✖ response-const'],
  ],
  [
    'uniqueItems: false is the same as none',
    { type: 'array', items: str },
    { type: 'array', items: str, uniqueItems: false },
    [],
    [],
  ],
  [
    'const: another value breaks both',
    { ...str, const: 'a' },
    { ...str, const: 'b' },
    ['✖ request-const', '✖ response-const'],
    ['✖ request-const', '✖ response-const'],
  ],
  [
    'format: added narrows',
    str,
    { ...str, format: 'uuid' },
    ['✔ response-format', '✖ request-format'],
    ['✔ request-format', '✖ response-format'],
  ],
  [
    'format: int32 → int64 widens',
    { type: 'integer', format: 'int32' },
    { type: 'integer', format: 'int64' },
    ['✔ request-format', '✖ response-format'],
    ['✔ response-format', '✖ request-format'],
  ],
  [
    'pattern: another pattern breaks both',
    { ...str, pattern: '^a' },
    { ...str, pattern: '^b' },
    ['✖ request-pattern', '✖ response-pattern'],
    ['✖ request-pattern', '✖ response-pattern'],
  ],
  [
    'multipleOf: 2 → 4 narrows',
    { type: 'integer', multipleOf: 2 },
    { type: 'integer', multipleOf: 4 },
    ['✔ response-multipleOf', '✖ request-multipleOf'],
    ['✔ request-multipleOf', '✖ response-multipleOf'],
  ],
  [
    'uniqueItems: true narrows',
    { type: 'array', items: str },
    { type: 'array', items: str, uniqueItems: true },
    ['✔ response-uniqueItems', '✖ request-uniqueItems'],
    ['✔ request-uniqueItems', '✖ response-uniqueItems'],
  ],
  [
    'contentEncoding: added narrows',
    str,
    { ...str, contentEncoding: 'base64' },
    ['✔ response-contentEncoding', '✖ request-contentEncoding'],
    ['✔ request-contentEncoding', '✖ response-contentEncoding'],
  ],
  [
    'contentMediaType: added narrows',
    str,
    { ...str, contentMediaType: 'image/png' },
    ['✔ response-contentMediaType', '✖ request-contentMediaType'],
    ['✔ request-contentMediaType', '✖ response-contentMediaType'],
  ],
  ...(['maxLength', 'maxItems', 'maximum', 'exclusiveMaximum', 'maxProperties'] as const).map(
    (k): Case => [
      `${k}: lowered narrows`,
      { [k]: 10 },
      { [k]: 5 },
      [`✔ response-${k}`, `✖ request-${k}`],
      [`✔ request-${k}`, `✖ response-${k}`],
    ],
  ),
  ...(['minLength', 'minItems', 'minimum', 'exclusiveMinimum', 'minProperties'] as const).map(
    (k): Case => [
      `${k}: raised narrows`,
      { [k]: 1 },
      { [k]: 5 },
      [`✔ response-${k}`, `✖ request-${k}`],
      [`✔ request-${k}`, `✖ response-${k}`],
    ],
  ),
  [
    'maxLength: removed widens',
    { ...str, maxLength: 5 },
    str,
    ['✔ request-maxLength', '✖ response-maxLength'],
    ['✔ response-maxLength', '✖ request-maxLength'],
  ],
  [
    'allOf: a stricter bound in a later part counts',
    { allOf: [{ ...str, maxLength: 10 }, { maxLength: 20 }] },
    { allOf: [{ ...str, maxLength: 10 }, { maxLength: 5 }] },
    ['✔ response-maxLength', '✖ request-maxLength'],
    ['✔ request-maxLength', '✖ response-maxLength'],
  ],
  [
    'allOf: a looser bound beside a stricter one is no change',
    { allOf: [{ ...str, maxLength: 10 }, { maxLength: 20 }] },
    { allOf: [{ ...str, maxLength: 10 }, { maxLength: 30 }] },
    [],
    [],
  ],
  [
    'allOf: a new part adds its properties and limits',
    A,
    { allOf: [A, ref('Other')] },
    ['✔ request-property-added', '✔ response-property-added'],
    ['✖ request-property-removed', '✖ response-property-removed'],
  ],
  [
    'allOf: types intersect (number and integer meet in integer)',
    { allOf: [{ type: 'number' }, { type: 'integer' }] },
    { type: 'integer' },
    [],
    [],
  ],
  [
    'required: a new required property breaks a request',
    A,
    { ...A, required: ['a'] },
    ['✔ response-required-added', '✖ request-required-added'],
    ['✔ request-required-removed', '✖ response-required-removed'],
  ],
  [
    'properties: removed breaks both, added optional breaks neither',
    A,
    obj({}),
    ['✖ request-property-removed', '✖ response-property-removed'],
    ['✔ request-property-added', '✔ response-property-added'],
  ],
  [
    'readOnly: a property made readOnly leaves requests; answers keep it',
    A,
    obj({ a: { ...str, readOnly: true } }),
    ['✖ request-property-readOnly'],
    ['✔ request-property-added'],
  ],
  [
    'readOnly: a new required readOnly property is no request change',
    A,
    obj({ a: str, id: { ...str, readOnly: true } }, { required: ['id'] }),
    ['✔ response-required-added'],
    ['✖ response-property-removed'],
  ],
  [
    'writeOnly: a property made writeOnly leaves answers; requests keep it',
    A,
    obj({ a: { ...str, writeOnly: true } }),
    ['✖ response-property-writeOnly'],
    ['✔ response-property-added'],
  ],
  [
    'additionalProperties: absent, true and {} are the same',
    A,
    { ...A, additionalProperties: true },
    [],
    [],
  ],
  [
    'additionalProperties: false narrows',
    A,
    { ...A, additionalProperties: false },
    ['✔ response-additionalProperties', '✖ request-additionalProperties'],
    ['✔ request-additionalProperties', '✖ response-additionalProperties'],
  ],
  [
    'additionalProperties: a schema instead of anything narrows',
    A,
    { ...A, additionalProperties: str },
    ['✔ response-nullable', '✔ response-type', '✖ request-nullable', '✖ request-type'],
    ['✔ request-nullable', '✔ request-type', '✖ response-nullable', '✖ response-type'],
  ],
  [
    'additionalProperties: false → a schema widens',
    { ...A, additionalProperties: false },
    { ...A, additionalProperties: str },
    ['✔ request-additionalProperties', '✖ response-additionalProperties'],
    ['✔ response-additionalProperties', '✖ request-additionalProperties'],
  ],
  [
    'additionalProperties: its schema is compared',
    { ...A, additionalProperties: { ...str, maxLength: 5 } },
    { ...A, additionalProperties: { ...str, maxLength: 9 } },
    ['✔ request-maxLength', '✖ response-maxLength'],
    ['✔ response-maxLength', '✖ request-maxLength'],
  ],
  [
    'items: its schema is compared, absent is anything',
    { type: 'array' },
    { type: 'array', items: { ...str, maxLength: 5 } },
    [
      '✔ response-nullable',
      '✔ response-maxLength',
      '✔ response-type',
      '✖ request-maxLength',
      '✖ request-nullable',
      '✖ request-type',
    ].sort(),
    [
      '✔ request-maxLength',
      '✔ request-nullable',
      '✔ request-type',
      '✖ response-maxLength',
      '✖ response-nullable',
      '✖ response-type',
    ].sort(),
  ],
  [
    'alternatives: a reorder is no change',
    { oneOf: [ref('User'), ref('Other'), str] },
    { oneOf: [str, ref('Other'), ref('User')] },
    [],
    [],
  ],
  [
    'alternatives: a new one widens, a removed one narrows',
    { oneOf: [ref('User'), str] },
    { oneOf: [ref('Other'), ref('User'), str] },
    ['✔ request-alternative-added', '✖ response-alternative-added'],
    ['✔ response-alternative-removed', '✖ request-alternative-removed'],
  ],
  [
    'alternatives: matched by $ref after a reorder, then compared',
    { anyOf: [{ ...str, maxLength: 5 }, ref('Other')] },
    { anyOf: [ref('Other'), { ...str, maxLength: 9 }] },
    ['✔ request-maxLength', '✖ response-maxLength'],
    ['✔ response-maxLength', '✖ request-maxLength'],
  ],
  [
    'alternatives: one schema becoming a union widens',
    ref('Other'),
    { oneOf: [ref('Other'), str] },
    ['✔ request-alternative-added', '✖ response-alternative-added'],
    ['✔ response-alternative-removed', '✖ request-alternative-removed'],
  ],
  [
    'union: oneOf → anyOf widens',
    { oneOf: [ref('Other'), str] },
    { anyOf: [ref('Other'), str] },
    ['✔ request-union', '✖ response-union'],
    ['✔ response-union', '✖ request-union'],
  ],
  [
    'discriminator: added narrows',
    { oneOf: [ref('User'), ref('Other')] },
    { oneOf: [ref('User'), ref('Other')], discriminator: { propertyName: 'kind' } },
    ['✔ response-discriminator', '✖ request-discriminator'],
    ['✔ request-discriminator', '✖ response-discriminator'],
  ],
  [
    'discriminator: another propertyName breaks both',
    { oneOf: [ref('User'), ref('Other')], discriminator: { propertyName: 'kind' } },
    { oneOf: [ref('User'), ref('Other')], discriminator: { propertyName: 'type' } },
    ['✖ request-discriminator', '✖ response-discriminator'],
    ['✖ request-discriminator', '✖ response-discriminator'],
  ],
  [
    'discriminator: a mapping entry added widens',
    {
      oneOf: [ref('User'), ref('Other')],
      discriminator: { propertyName: 'kind', mapping: { u: '#/components/schemas/User' } },
    },
    {
      oneOf: [ref('User'), ref('Other')],
      discriminator: {
        propertyName: 'kind',
        mapping: { u: '#/components/schemas/User', o: '#/components/schemas/Other' },
      },
    },
    ['✔ request-discriminator-mapping', '✖ response-discriminator-mapping'],
    ['✔ response-discriminator-mapping', '✖ request-discriminator-mapping'],
  ],
  [
    'discriminator: added with the union a schema becomes',
    ref('Other'),
    { oneOf: [ref('User'), ref('Other')], discriminator: { propertyName: 'kind' } },
    [
      '✔ request-alternative-added',
      '✔ response-discriminator',
      '✖ request-discriminator',
      '✖ response-alternative-added',
    ],
    [
      '✔ request-discriminator',
      '✔ response-alternative-removed',
      '✖ request-alternative-removed',
      '✖ response-discriminator',
    ],
  ],
  [
    'unchecked keyword: items as a list (tuple form) is compared as unknown',
    { type: 'array', items: [str] },
    { type: 'array', items: [{ type: 'integer' }] },
    ['✖ unchecked-keyword'],
    ['✖ unchecked-keyword'],
  ],
  [
    'default: a changed request default breaks, a new one does not; answers ignore it',
    { ...str, default: 'a' },
    { ...str, default: 'b' },
    ['✖ request-default'],
    ['✖ request-default'],
  ],
  [
    'unchecked keyword: a keyword the gate does not compare breaks both ways',
    str,
    { ...str, not: { const: 'x' } },
    ['✖ unchecked-keyword'],
    ['✖ unchecked-keyword'],
  ],
];

describe('schema rules, on both sides and in both directions', () => {
  it.each(schemaCases)('%s', (_rule, before, after, forward, backward) => {
    expect(probeVerdicts(before, after)).toEqual([...forward].sort());
    expect(probeVerdicts(after, before)).toEqual([...backward].sort());
  });
});

const fields = (doc: Doc) => getUser(doc).parameters[1];
const ok200 = (doc: Doc) => getUser(doc).responses['200'];
const hashHeader = { $ref: '#/components/headers/OpenapiHash' };
const oauth = (doc: Doc, scopes: string[]) => {
  doc.components.securitySchemes.oauth = {
    type: 'oauth2',
    flows: {
      implicit: { authorizationUrl: 'https://x.test/auth', scopes: { read: 'r', write: 'w' } },
    },
  };
  getUser(doc).security = [{ oauth: scopes }];
};
const withOauth = (scopes: string[]) => (doc: Doc) => oauth(doc, scopes);
const start = (edit: (doc: Doc) => void) => {
  const doc = structuredClone(base);
  edit(doc);
  return doc;
};

// [rule, edit of the fixture, findings fixture → edited, findings edited → fixture, start from]
type OperationCase = [string, (doc: Doc) => void, string[], string[], Doc?];
const operationCases: OperationCase[] = [
  [
    'parameter-required / parameter-optional',
    (doc) => (fields(doc).required = true),
    ['✖ parameter-required'],
    ['✔ parameter-optional'],
  ],
  [
    'parameter-added / parameter-removed',
    (doc) => getUser(doc).parameters.push({ name: 'q', in: 'query', schema: str }),
    ['✔ parameter-added'],
    ['✖ parameter-removed'],
  ],
  [
    'parameter-added-required',
    (doc) => getUser(doc).parameters.push({ name: 'q', in: 'query', required: true, schema: str }),
    ['✖ parameter-added-required'],
    ['✖ parameter-removed'],
  ],
  [
    'parameter schema: a query parameter that accepts more is compatible',
    (doc) => (fields(doc).schema = { type: ['string', 'integer'] }),
    ['✔ request-maxLength', '✔ request-type'],
    ['✖ request-maxLength', '✖ request-type'],
  ],
  [
    'parameter-style: the default style written out is no change',
    (doc) => Object.assign(fields(doc), { style: 'form', explode: true }),
    [],
    [],
  ],
  [
    'parameter-style / parameter-explode',
    (doc) => Object.assign(fields(doc), { style: 'spaceDelimited', explode: false }),
    ['✖ parameter-explode', '✖ parameter-style'],
    ['✖ parameter-explode', '✖ parameter-style'],
  ],
  [
    'parameter-allowReserved: allowing reserved characters widens',
    (doc) => (fields(doc).allowReserved = true),
    ['✔ parameter-allowReserved'],
    ['✖ parameter-allowReserved'],
  ],
  [
    'parameter-allowEmptyValue: allowing an empty value widens',
    (doc) => (fields(doc).allowEmptyValue = true),
    ['✔ parameter-allowEmptyValue'],
    ['✖ parameter-allowEmptyValue'],
  ],
  [
    'header parameter names are case-insensitive',
    (doc) => (getUser(doc).parameters[2].name = 'x-trace-id'),
    [],
    [],
    start((doc) => getUser(doc).parameters.push({ name: 'X-Trace-Id', in: 'header', schema: str })),
  ],
  [
    'unchecked-keyword: a parameter given by content',
    (doc) => (fields(doc).content = { 'application/json': { schema: str } }),
    ['✖ unchecked-keyword'],
    ['✖ unchecked-keyword'],
  ],
  [
    'request-body-optional / request-body-required',
    (doc) => (doc.paths['/user/rename'].post.requestBody.required = false),
    ['✔ request-body-optional'],
    ['✖ request-body-required'],
  ],
  [
    'request-body-removed / request-body-added-required',
    (doc) => delete doc.paths['/user/rename'].post.requestBody,
    ['✖ request-body-removed'],
    ['✖ request-body-added-required'],
  ],
  [
    'request-body-added (optional)',
    (doc) => (getUser(doc).requestBody = { content: { 'application/json': { schema: str } } }),
    ['✔ request-body-added'],
    ['✖ request-body-removed'],
  ],
  [
    'request-media-type-added / request-media-type-removed',
    (doc) => (doc.paths['/user/rename'].post.requestBody.content['text/plain'] = { schema: str }),
    ['✔ request-media-type-added'],
    ['✖ request-media-type-removed'],
  ],
  [
    'response-media-type-added / response-media-type-removed',
    (doc) => (ok200(doc).content['text/csv'] = { schema: str }),
    ['✖ response-media-type-added'],
    ['✖ response-media-type-removed'],
  ],
  [
    'media type: charset=utf-8 on JSON is the same media type',
    (doc) => {
      ok200(doc).content = {
        'application/json; charset=utf-8': ok200(doc).content['application/json'],
      };
    },
    [],
    [],
  ],
  [
    'response-media-type-parameters: other parameters are a change',
    (doc) => {
      ok200(doc).content = {
        'application/json; version=2': ok200(doc).content['application/json'],
      };
    },
    ['✖ response-media-type-parameters'],
    ['✖ response-media-type-parameters'],
  ],
  [
    'request-media-type-parameters: other parameters are a change',
    (doc) => {
      const content = doc.paths['/user/rename'].post.requestBody.content;
      content['application/json; version=2'] = content['application/json'];
      delete content['application/json'];
    },
    ['✖ request-media-type-parameters'],
    ['✖ request-media-type-parameters'],
  ],
  [
    'media types of one type/subtype listed twice are each compared',
    (doc) => (ok200(doc).content['application/json'].schema.maxLength = 9),
    ['✖ response-maxLength'],
    ['✔ response-maxLength'],
    start((doc) => {
      const short = () => ({ schema: { ...str, maxLength: 5 } });
      ok200(doc).content = { 'application/json': short(), 'application/json; version=2': short() };
    }),
  ],
  [
    'unchecked-keyword: a media type encoding',
    (doc) =>
      (doc.paths['/user/rename'].post.requestBody.content['application/json'].encoding = {
        name: { contentType: 'text/plain' },
      }),
    ['✖ unchecked-keyword'],
    ['✖ unchecked-keyword'],
  ],
  [
    'response-status-added / response-status-removed: success',
    (doc) =>
      (getUser(doc).responses['203'] = {
        description: 'x',
        headers: { 'openapi-hash': hashHeader },
      }),
    ['✖ response-status-added'],
    ['✖ response-status-removed'],
  ],
  [
    'response-error-status-added / response-error-status-removed',
    (doc) => (getUser(doc).responses['409'] = { $ref: '#/components/responses/NotFound' }),
    ['✔ response-error-status-added'],
    ['✔ response-error-status-removed'],
  ],
  [
    'response-header-added / response-header-removed',
    (doc) => (ok200(doc).headers['x-request-id'] = { schema: str }),
    ['✔ response-header-added'],
    ['✖ response-header-removed'],
  ],
  [
    'response-header-optional / response-header-required',
    (doc) => (doc.components.headers.OpenapiHash.required = false),
    ['✖ response-header-optional'],
    ['✔ response-header-required'],
  ],
  [
    'response header names are case-insensitive',
    (doc) => {
      ok200(doc).headers = { 'OpenAPI-Hash': hashHeader };
    },
    [],
    [],
  ],
  [
    'response header schema: a wider one breaks',
    (doc) => (ok200(doc).headers['x-n'] = { schema: { type: 'number' } }),
    ['✖ response-type'],
    ['✔ response-type'],
    start((doc) => (ok200(doc).headers['x-n'] = { schema: { type: 'integer' } })),
  ],
  [
    'response-header-style / response-header-explode',
    // style form explodes by default, simple does not: both change.
    (doc) => (doc.components.headers.OpenapiHash.style = 'form'),
    ['✖ response-header-explode', '✖ response-header-style'],
    ['✖ response-header-explode', '✖ response-header-style'],
  ],
  [
    'security-required / security-optional',
    (doc) => (getUser(doc).security = []),
    ['✔ security-optional'],
    ['✖ security-required'],
  ],
  [
    'security-changed: an OAuth scope more narrows, one fewer widens',
    withOauth(['read', 'write']),
    ['✖ security-changed'],
    ['✔ security-changed'],
    start(withOauth(['read'])),
  ],
  [
    'security-changed: a scope the scheme offers besides is no change',
    (doc) => (doc.components.securitySchemes.oauth.flows.implicit.scopes.admin = 'a'),
    [],
    [],
    start(withOauth(['read'])),
  ],
  [
    'security-changed: another scheme definition breaks',
    (doc) =>
      (doc.components.securitySchemes.oauth.flows.implicit.authorizationUrl =
        'https://y.test/auth'),
    ['✖ security-changed'],
    ['✖ security-changed'],
    start(withOauth(['read'])),
  ],
  [
    'security-changed: another alternative widens',
    (doc) => getUser(doc).security.push({ oauth: ['write'] }),
    ['✔ security-changed'],
    ['✖ security-changed'],
    start(withOauth(['read'])),
  ],
  ['servers', (doc) => (doc.servers = [{ url: '/api/v2' }]), ['✖ servers'], ['✖ servers']],
  [
    'servers: a server variable is part of the base path',
    (doc) => (doc.servers = [{ url: '/api/{v}', variables: { v: { default: 'v2' } } }]),
    ['✖ servers'],
    ['✖ servers'],
    start((doc) => (doc.servers = [{ url: '/api/{v}', variables: { v: { default: 'v1' } } }])),
  ],
  [
    'operation-added / operation-removed',
    (doc) => (doc.paths['/user/other'] = doc.paths['/user/rename']),
    ['✔ operation-added'],
    ['✖ operation-removed'],
  ],
  [
    'unchecked-keyword: operation callbacks and document webhooks',
    (doc) => {
      getUser(doc).callbacks = { c: {} };
      doc.webhooks = { w: {} };
    },
    ['✖ unchecked-keyword', '✖ unchecked-keyword'],
    ['✖ unchecked-keyword', '✖ unchecked-keyword'],
  ],
];

describe('operation rules, in both directions', () => {
  it.each(operationCases)('%s', (_rule, edit, forward, backward, from = base) => {
    const next = structuredClone(from);
    edit(next);
    expect(verdicts(diff(from, next))).toEqual([...forward].sort());
    expect(verdicts(diff(next, from))).toEqual([...backward].sort());
  });
});

describe('what a finding says', () => {
  it('a new required request property: the message, the operation, the part and the path', () => {
    const required = changes((doc) => {
      renameBody(doc).properties.reason = { type: 'string' };
      renameBody(doc).required.push('reason');
    });
    expect(summary(required)).toEqual([['request-required-added', true]]);
    expect(required[0]!.message).toBe("new required property 'reason'");
    expect(required[0]!.uses).toEqual([
      { operation: 'POST /user/rename', where: 'request body application/json', path: ['reason'] },
    ]);
    const lower = changes((doc) => (renameBody(doc).properties.name.maxLength = 64));
    expect(lower[0]!.message).toBe('maxLength 128 → 64');
  });

  it('a path parameter renamed everywhere is the same operation (no finding)', () => {
    const renamed = changes((doc) => {
      const item = doc.paths['/user/{userId}'];
      delete doc.paths['/user/{userId}'];
      item.get.parameters[0].name = 'id';
      doc.paths['/user/{id}'] = item;
    });
    expect(renamed).toEqual([]);
  });

  it('a removed response property breaks, at the component, for every operation that returns it', () => {
    const removed = changes((doc) => {
      delete user(doc).properties.isAdmin;
      user(doc).required = ['id', 'email'];
    });
    expect(summary(removed)).toEqual([['response-property-removed', true]]);
    expect(removed[0]).toMatchObject({
      message: "property 'isAdmin' removed",
      pointer: ['components', 'schemas', 'User'],
      inNew: true,
    });
    expect(removed[0]!.uses.map((u) => `${u.operation} ${u.where} ${pathText(u.path)}`)).toEqual([
      'GET /user/{userId} response 200 application/json $.isAdmin',
    ]);
  });

  it('"or null": an answer that may now be null says so once, in any spelling', () => {
    const nullable = changes((doc) => {
      ok200(doc).content['application/json'].schema = { oneOf: [ref('User'), nul] };
    });
    expect(summary(nullable)).toEqual([['response-nullable', true]]);
    expect(nullable[0]!.message).toBe('may now be null');
    const type = changes((doc) => (user(doc).properties.isAdmin.type = 'string'));
    expect(type[0]!.message).toBe('type boolean → string');
  });

  it('readOnly and writeOnly say what the property became', () => {
    const messages = (before: unknown, after: unknown) =>
      diff(probe(before), probe(after)).map((g) => `${g.rule}: ${g.message}`);
    expect(messages(A, obj({ a: { ...str, readOnly: true } }))).toEqual([
      "request-property-readOnly: property 'a' is now readOnly",
    ]);
    expect(messages(obj({ a: { ...str, writeOnly: true } }), A)).toEqual([
      "response-property-added: property 'a' is no longer writeOnly",
    ]);
    expect(messages(A, { ...A, required: ['a'] })).toContain(
      "request-required-added: property 'a' is now required",
    );
  });

  it('the hash header must stay required; its value is blanked and never a change', () => {
    expect(
      changes((doc) => (doc.components.headers.OpenapiHash.schema.const = 'f'.repeat(64))).map(
        (g) => g.rule,
      ),
    ).toEqual(['response-const']);
  });

  it('documentation is no change; a removed operation is one entry at its old place', () => {
    expect(
      changes((doc) => {
        getUser(doc).description = 'Another text.';
        getUser(doc).operationId = 'fetchUser';
        doc.info.title = 'Renamed';
        doc.components.schemas.User.properties.email.examples = ['x@example.com'];
        doc.components.schemas.User.title = 'A user';
      }),
    ).toEqual([]);
    expect(changes((doc) => delete doc.paths['/user/rename'])).toEqual([
      expect.objectContaining({
        rule: 'operation-removed',
        breaking: true,
        inNew: false,
        pointer: ['paths', '/user/rename', 'post'],
      }),
    ]);
  });

  it('a new request default is compatible, a changed one breaks', () => {
    const withDefault = start((doc) => (fields(doc).schema.default = 'email'));
    expect(verdicts(diff(base, withDefault))).toEqual(['✔ request-default']);
    expect(verdicts(changes((doc) => (fields(doc).schema.default = 'id'), withDefault))).toEqual([
      '✖ request-default',
    ]);
  });
});

describe('the real contract', () => {
  it('is no change against itself', () => {
    expect(diff(real, real)).toEqual([]);
  });

  // The drift battery of the contract-tooling probe, and the two changes Optic let through.
  it('finds the breaking changes of the probe battery on openapi/openapi.yaml', () => {
    const removedDeviceCount = changes((doc) => {
      const team = doc.components.schemas.TeamSummary;
      delete team.properties.deviceCount;
      team.required = team.required.filter((name: string) => name !== 'deviceCount');
    }, real);
    expect(summary(removedDeviceCount)).toEqual([['response-property-removed', true]]);
    expect(removedDeviceCount[0]!.uses.map((u) => u.operation).sort()).toEqual([
      'GET /team/{teamId}',
      'GET /teams',
      'GET /user',
    ]);

    const reason = changes((doc) => {
      const schema =
        doc.paths['/device/{deviceId}/rename'].patch.requestBody.content['application/json'].schema;
      schema.properties.reason = { type: 'string' };
      schema.required.push('reason');
    }, real);
    expect(summary(reason)).toEqual([['request-required-added', true]]);

    const orderBy = changes((doc) => {
      const sort = doc.components.schemas.DeviceSortColumn;
      sort.enum = sort.enum.filter((value: string) => value !== 'osVersion');
    }, real);
    expect(orderBy.filter((g) => g.breaking).map((g) => [g.rule, g.uses[0]!.where])).toEqual([
      ['request-enum-value-removed', 'query parameter orderBy'],
    ]);

    const manage = changes((doc) => delete doc.paths['/user/billing/manage'], real);
    expect(summary(manage)).toEqual([['operation-removed', true]]);

    const passed = changes((doc) => {
      doc.components.schemas.DeviceSummary.properties.passedCount = { type: 'string' };
    }, real);
    expect(passed.filter((g) => g.breaking).map((g) => g.message)).toEqual([
      'type integer → string',
      'minimum 0 → (none)',
    ]);

    const shorterName = changes((doc) => {
      doc.paths['/team/create'].post.requestBody.content[
        'application/json'
      ].schema.properties.name.maxLength = 64;
    }, real);
    expect(summary(shorterName)).toEqual([['request-maxLength', true]]);

    const retired = changes(
      (doc) => doc.components.schemas.DeviceStatus.enum.push('retired'),
      real,
    );
    expect(summary(retired)).toEqual([['response-enum-value-added', true]]);
  });
});

describe('versions', () => {
  it('parses, compares and bumps MAJOR.MINOR.PATCH', () => {
    expect(parseVersion('2.10.3')).toEqual({ major: 2, minor: 10, patch: 3 });
    expect(parseVersion('2.1')).toBeUndefined();
    expect(compareVersions('2.10.0', '2.9.9')).toBeGreaterThan(0);
    expect(compareVersions('2.0.0', '2.0.0')).toBe(0);
    expect(bumpVersion('2.4.1', 'major')).toBe('3.0.0');
    expect(bumpVersion('2.4.1', 'minor')).toBe('2.5.0');
    expect(bumpVersion('2.4.1', 'patch')).toBe('2.4.2');
    const text = setVersion(fixture, '1.3.0');
    expect(text).toBe(fixture.replace('version: 1.2.0', 'version: 1.3.0'));
  });
});

describe('the check against the release snapshot', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  function setUp(releasedText: string, currentText: string) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contract-release-'));
    dirs.push(dir);
    const docPath = path.join(dir, 'openapi.yaml');
    const releasedPath = path.join(dir, 'released.json');
    fs.writeFileSync(releasedPath, renderSnapshot(snapshotOf(releasedText)));
    fs.writeFileSync(docPath, currentText);
    return { docPath, releasedPath };
  }
  const removeIsAdmin = (text: string) => {
    const out = text
      .replace('required: [id, email, isAdmin]', 'required: [id, email]')
      .replace('        isAdmin: { type: boolean }\n', '')
      .replace('                    isAdmin: true\n', '');
    expect(out).not.toContain('isAdmin');
    return out;
  };

  it('passes the released document itself and a compatible change', () => {
    expect(checkAgainstRelease(setUp(fixture, fixture))).toMatchObject({
      ok: true,
      summary: expect.stringMatching(/^the document is release 1\.2\.0/),
    });
    const added = fixture.replace(
      '        isAdmin: { type: boolean }\n',
      '        isAdmin: { type: boolean }\n        nickname: { type: string }\n',
    );
    const result = checkAgainstRelease(setUp(fixture, added));
    expect(result.ok).toBe(true);
    expect(result.summary).toMatch(
      /no breaking change against release 1\.2\.0 .*1 compatible change/,
    );
    // A compatible change stays on the line: the hash backends of 1.2.0 send is the one it expects.
    expect(result.notes.join('\n')).toMatch(
      /Unreleased, same line: backends of 1\.2\.0 and consoles built from this document both use openapi-hash [0-9a-f]{64} \(the line of 1\.2\.0\), so either may deploy first/,
    );
  });

  it('fails a breaking change without a raised major version, naming the place and the line', () => {
    const minor = removeIsAdmin(fixture).replace('version: 1.2.0', 'version: 1.3.0');
    const result = checkAgainstRelease(setUp(fixture, minor));
    expect(result.ok).toBe(false);
    expect(result.summary).toMatch(
      /^1 breaking change\(s\) against release 1\.2\.0 .* without a raised major version \(info\.version 1\.2\.0 → 1\.3\.0\)$/,
    );
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatch(
      /^components\.schemas\.User: property 'isAdmin' removed \[response-property-removed\] \(.*openapi\.yaml:\d+\)\n {2}in GET \/user\/\{userId\} \(getUser\) response 200 application\/json \$\.isAdmin$/,
    );
    expect(result.notes[0]).toMatch(/raise the major info\.version \(1\.2\.0 → 2\.0\.0\)/);
  });

  it('passes a breaking change once the major version is raised, and lists it', () => {
    const major = removeIsAdmin(fixture).replace('version: 1.2.0', 'version: 2.0.0');
    const result = checkAgainstRelease(setUp(fixture, major));
    expect(result.ok).toBe(true);
    expect(result.summary).toMatch(
      /1 breaking change\(s\) against release 1\.2\.0 .*allowed: the major version is raised/,
    );
    expect(result.notes[0]).toMatch(/property 'isAdmin' removed/);
  });

  it('fails without a snapshot, with a hand-edited one, and with a version lower than the release', () => {
    const { docPath, releasedPath } = setUp(fixture, fixture);
    const edited = JSON.parse(fs.readFileSync(releasedPath, 'utf8'));
    delete edited.contract.components.schemas.User.properties.isAdmin;
    fs.writeFileSync(releasedPath, JSON.stringify(edited));
    expect(readSnapshot(releasedPath).error).toMatch(
      /was edited by hand .* hashes to [0-9a-f]{64}, not to the recorded/,
    );
    const check = checkAgainstRelease({ docPath, releasedPath });
    expect(check).toMatchObject({ ok: false, summary: 'no release baseline' });
    fs.rmSync(releasedPath);
    expect(checkAgainstRelease({ docPath, releasedPath }).problems[0]).toMatch(
      /does not exist.*npm run contract:release/,
    );
    const lower = setUp(fixture, fixture.replace('version: 1.2.0', 'version: 1.1.9'));
    expect(checkAgainstRelease(lower)).toMatchObject({
      ok: false,
      summary: 'info.version 1.1.9 is lower than the released 1.2.0',
    });
  });

  it('the snapshot is the wire contract: its hash is the stamped hash, documentation is not in it', () => {
    const snapshot = snapshotOf(fixture);
    expect(snapshot.version).toBe('1.2.0');
    expect(snapshot.operationIds).toEqual({
      'GET /user/{userId}': 'getUser',
      'POST /user/rename': 'renameUser',
    });
    expect(JSON.stringify(snapshot.contract)).not.toMatch(/Returns one user|alice@example\.com/);
    expect(renderSnapshot(snapshotOf(fixture.replace('Returns one user.', 'Other words.')))).toBe(
      renderSnapshot(snapshot),
    );
  });
});
