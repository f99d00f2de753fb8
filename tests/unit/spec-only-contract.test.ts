// The contract's proposals (x-spec-gap marks) and the SPEC-only contract generated from them:
// a backend built to the SPEC alone, whose every answer the console must accept.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { OPENAPI_HASH } from '../../generated/openapi-hash';
import { checkAnswer, loadGeneratedValidators } from '../../src/api/response-validation';
import {
  collectSpecGaps,
  renderProposals,
  renderSpecOnly,
  specOnlyDocument,
} from '../../scripts/lib/spec-gaps';
import { CONTRACT, SPEC_ONLY_CONTRACT, successExamples } from './contract-document';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const text = (file: string) =>
  fs.readFileSync(new URL(`../../openapi/${file}`, import.meta.url), 'utf8');
const specOnly = SPEC_ONLY_CONTRACT as Json;

describe('the SPEC-only contract (openapi/spec-only.yaml)', () => {
  it('is what generation writes from the contract, and so is PROPOSALS.md', () => {
    const contract = text('openapi.yaml');
    expect(text('spec-only.yaml')).toBe(renderSpecOnly(contract));
    expect(text('PROPOSALS.md')).toBe(renderProposals(contract));
  });

  it('has none of the calls and fields the SPEC lacks, and keeps every SPEC call', () => {
    const proposedCalls = [
      '/team/{teamId}/public',
      '/team/{teamId}/history',
      '/team/{teamId}/exemptions',
      '/team/{teamId}/exemptions/{exemptionId}/end',
      '/user/activity',
    ];
    for (const path of proposedCalls) {
      expect(Object.keys(CONTRACT.paths as Json)).toContain(path);
      expect(Object.keys(specOnly.paths)).not.toContain(path);
    }
    expect(Object.keys(specOnly.paths)).toHaveLength(
      Object.keys(CONTRACT.paths as Json).length - proposedCalls.length,
    );
    const schemas = specOnly.components.schemas;
    expect(Object.keys(schemas.InviteLink.properties)).toEqual(['invite_link']);
    expect(schemas.Billing.properties).not.toHaveProperty('validTo');
    expect(schemas.Billing.properties).not.toHaveProperty('nextPayment');
    expect(schemas.Billing.properties).not.toHaveProperty('lastPayment');
    expect(schemas.DeviceCheck.properties).not.toHaveProperty('level');
    // Exemptions and history: the fields other answers carry for them are left out too.
    expect(schemas.DeviceCheck.properties).not.toHaveProperty('changedAt');
    expect(schemas.DeviceCheck.properties).not.toHaveProperty('exemption');
    expect(schemas.DeviceSummary.properties).not.toHaveProperty('exemptCount');
    expect(schemas.RequiredCheck.properties).not.toHaveProperty('exemptDevices');
    // The schemas only the removed proposals used are gone.
    for (const name of ['PublicTeam', 'Money', 'TeamHistory', 'Exemption', 'ExemptionNote'])
      expect(schemas).not.toHaveProperty(name);
    for (const name of ['ExemptDevice', 'ActivityList', 'ActivityKind', 'PersonRef'])
      expect(schemas).not.toHaveProperty(name);
    const left = collectSpecGaps(specOnly).map((mark) => mark.kind);
    expect(new Set(left)).toEqual(new Set(['fills-gap']));
  });

  it('answers with the hash the console checks, so the console accepts it', () => {
    expect(specOnly.components.headers.OpenapiHash.schema.const).toBe(OPENAPI_HASH);
  });

  it('its examples carry no removed field: the invite answer is only invite_link', () => {
    const invites = successExamples(specOnly).filter((e) => e.operationId === 'createTeamInvite');
    expect(invites.length).toBeGreaterThan(0);
    for (const invite of invites)
      expect(Object.keys(invite.value as Json)).toEqual(['invite_link']);
    const devices = successExamples(specOnly).filter((e) => e.operationId === 'getDevice');
    for (const device of devices) {
      for (const claim of (device.value as Json).claims)
        for (const check of claim.checks) expect(check).not.toHaveProperty('level');
    }
  });

  it('every answer it gives passes the console’s own validation (built from the full contract)', async () => {
    const examples = successExamples(specOnly);
    expect(examples.length).toBeGreaterThanOrEqual(80);
    const problems: string[] = [];
    for (const example of examples) {
      const validators = await loadGeneratedValidators(example.operation);
      const { violation, undeclared } = checkAnswer(
        validators,
        example.operation,
        example.status,
        example.value,
        true,
      );
      const problem = violation ?? undeclared;
      if (problem)
        problems.push(`${example.operation} ${example.name}: ${problem.path} ${problem.rule}`);
    }
    expect(problems).toEqual([]);
  });
});

const FIXTURE = `
openapi: 3.1.0
info: { title: Fixture, version: 1.0.0 }
paths:
  /thing:
    get:
      operationId: getThing
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Thing' }
              examples:
                one:
                  value: { id: a, extra: 1, parts: [{ name: x, hint: y }], price: { amount: 1 } }
  /thing/public:
    get:
      operationId: getPublicThing
      x-spec-gap: { kind: adds-call, why: A call the SPEC lacks., without: The page does without. }
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: { $ref: '#/components/schemas/PublicThing' }
components:
  schemas:
    Thing:
      allOf:
        - type: object
          required: [id]
          properties:
            id: { type: string }
            extra:
              type: integer
              x-spec-gap: { kind: adds-field, why: Beyond the SPEC answer., without: Left out. }
        - type: object
          properties:
            parts: { type: array, items: { $ref: '#/components/schemas/Part' } }
            price:
              oneOf: [{ $ref: '#/components/schemas/Price' }, { type: 'null' }]
    Part:
      type: object
      properties:
        name: { type: string }
        hint:
          type: string
          x-spec-gap: { kind: adds-field, why: A hint., without: No hint. }
    Price:
      type: object
      properties:
        amount: { type: number }
    PublicThing: { type: object, properties: { name: { type: string } } }
    Unused: { type: object }
`;

describe('x-spec-gap marks', () => {
  const fixture = YAML.parse(FIXTURE) as Json;

  it('the SPEC-only variant drops marked calls and fields, prunes examples through allOf, arrays and oneOf, and the schemas only they used', () => {
    const only = specOnlyDocument(fixture) as Json;
    expect(Object.keys(only.paths)).toEqual(['/thing']);
    expect(
      only.paths['/thing'].get.responses['200'].content['application/json'].examples.one.value,
    ).toEqual({
      id: 'a',
      parts: [{ name: 'x' }],
      price: { amount: 1 },
    });
    expect(only.components.schemas).not.toHaveProperty('PublicThing');
    // A schema nothing used before stays: only what the removal orphaned goes.
    expect(only.components.schemas).toHaveProperty('Unused');
    expect(only.info.title).toBe('Fixture (SPEC only)');
    // The input is not modified.
    expect(fixture.paths).toHaveProperty('/thing/public');
  });

  it('PROPOSALS lists each mark by kind, where it is used, why and what happens without it', () => {
    const md = renderProposals(FIXTURE);
    expect(md).toContain('### GET /thing/public (getPublicThing)');
    expect(md).toContain('### Schema `Part`: field `hint`');
    expect(md).toContain('- **Where:** `GET /thing`');
    expect(md).toContain('- **Why the console wants it:** A hint.');
    expect(md).toContain('- **Without it:** No hint.');
    expect(md).toContain('3 proposals');
  });

  it.each([
    ['a bare true', 'x-spec-gap: true', /must be a mapping/],
    ['an unknown kind', 'x-spec-gap: { kind: maybe, why: x, without: y }', /kind must be one of/],
    ['no without', 'x-spec-gap: { kind: fills-gap, why: x }', /without must be a non-empty text/],
  ])('a mark with %s is refused', (_name, mark, error) => {
    const doc = FIXTURE.replace(
      'x-spec-gap: { kind: adds-call, why: A call the SPEC lacks., without: The page does without. }',
      mark,
    );
    expect(() => renderProposals(doc)).toThrow(error);
  });

  it('a field the console must work without cannot be required', () => {
    const doc = FIXTURE.replace('required: [id]', 'required: [id, extra]');
    expect(() => renderSpecOnly(doc)).toThrow(/cannot be required/);
  });

  it('adds-call marks an operation, nothing else', () => {
    const doc = FIXTURE.replace(
      'x-spec-gap: { kind: adds-field, why: A hint., without: No hint. }',
      'x-spec-gap: { kind: adds-call, why: A hint., without: No hint. }',
    );
    expect(() => renderProposals(doc)).toThrow(/adds-call marks an operation/);
  });
});
