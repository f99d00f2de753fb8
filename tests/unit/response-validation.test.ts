import { describe, expect, it } from 'vitest';
import { RESPONSE_VALIDATORS } from '../../generated/response-validators';
import {
  checkAnswer,
  findUndeclared,
  jsonPath,
  loadGeneratedValidators,
} from '../../src/api/response-validation';
import { exampleOf, operations, successExamples } from './contract-document';

async function check(operation: string, body: unknown, { status = 200, strict = true } = {}) {
  return checkAnswer(await loadGeneratedValidators(operation), operation, status, body, strict);
}

type Json = Record<string, unknown>;
const LIST = 'GET /team/{teamId}/devices';
const DEVICE = 'GET /device/{deviceId}';
const OVERVIEW = 'GET /team/{teamId}/overview';
const TEAMS = 'GET /teams';
const TEAM = 'GET /team/{teamId}';
const USER = 'GET /user';

const list = () => exampleOf(LIST, 'engineering') as Json & { devices: Json[] };
const device = () => exampleOf(DEVICE, 'failing') as Json & { claims: Json[] };
const overview = () =>
  exampleOf(OVERVIEW, 'busy') as Json & {
    requiredChecks: (Json & { devices: Json[] })[];
    outdatedDevices: Json & { devices: Json[] };
  };

/**
 * The malformed 200 answers of the security probe (§5): 24 crashed a screen, 1 loaded forever,
 * 4 were silently wrong; a few that "rendered" were wrong too (unknown enum, not a date, ...).
 * Each must be rejected with the operation, the JSON path and the rule.
 */
const MALFORMED: [string, string, () => unknown, string, string][] = [
  [
    'list: devices missing',
    LIST,
    () => ({ ...list(), devices: undefined }),
    '$.devices',
    'required',
  ],
  [
    'list: devices null',
    LIST,
    () => ({ ...list(), devices: null }),
    '$.devices',
    'type: expected array',
  ],
  [
    'list: devices a string',
    LIST,
    () => ({ ...list(), devices: 'x' }),
    '$.devices',
    'type: expected array',
  ],
  // valibot takes an array for an object: it fails on the first required field instead.
  ['list: body an array', LIST, () => [list()], '$.devices', 'required'],
  ['list: body null', LIST, () => null, '$', 'type: expected object'],
  [
    'list: a null entry',
    LIST,
    () => ({ ...list(), devices: [null] }),
    '$.devices[0]',
    'type: expected object',
  ],
  [
    'list: deviceName an object',
    LIST,
    () => {
      const l = list();
      l.devices[1]!.deviceName = { x: 1 };
      return l;
    },
    '$.devices[1].deviceName',
    'type: expected string',
  ],
  [
    'list: ownerEmail null',
    LIST,
    () => {
      const l = list();
      l.devices[0]!.ownerEmail = null;
      return l;
    },
    '$.devices[0].ownerEmail',
    'type: expected string',
  ],
  [
    'list: ownerEmail a number',
    LIST,
    () => {
      const l = list();
      l.devices[0]!.ownerEmail = 7;
      return l;
    },
    '$.devices[0].ownerEmail',
    'type: expected string',
  ],
  [
    'list: hostile id ../../logout',
    LIST,
    () => {
      const l = list();
      l.devices[0]!.id = '../../logout';
      return l;
    },
    '$.devices[0].id',
    'format uuid',
  ],
  [
    'list: pageCount null',
    LIST,
    () => ({ ...list(), pageCount: null }),
    '$.pageCount',
    'type: expected number',
  ],
  ['list: page 0', LIST, () => ({ ...list(), page: 0 }), '$.page', 'minimum 1'],
  [
    'list: lastCheck not a date',
    LIST,
    () => {
      const l = list();
      l.devices[0]!.lastCheck = 'yesterday';
      return l;
    },
    '$.devices[0].lastCheck',
    'format date-time',
  ],
  [
    'list: a negative passed count',
    LIST,
    () => {
      const l = list();
      l.devices[0]!.passedCount = -1;
      return l;
    },
    '$.devices[0].passedCount',
    'minimum 0',
  ],
  [
    'device: claims missing',
    DEVICE,
    () => ({ ...device(), claims: undefined }),
    '$.claims',
    'required',
  ],
  [
    'device: claims null',
    DEVICE,
    () => ({ ...device(), claims: null }),
    '$.claims',
    'type: expected array',
  ],
  [
    'device: claims an object',
    DEVICE,
    () => ({ ...device(), claims: {} }),
    '$.claims',
    'type: expected array',
  ],
  [
    'device: checks null',
    DEVICE,
    () => {
      const d = device();
      d.claims[0]!.checks = null;
      return d;
    },
    '$.claims[0].checks',
    'type: expected array',
  ],
  [
    'device: a null claim',
    DEVICE,
    () => ({ ...device(), claims: [null] }),
    '$.claims[0]',
    'type: expected object',
  ],
  [
    'device: ownerEmail null',
    DEVICE,
    () => ({ ...device(), ownerEmail: null }),
    '$.ownerEmail',
    'type: expected string',
  ],
  ['device: body {}', DEVICE, () => ({}), '$.id', 'required'],
  ['device: body null', DEVICE, () => null, '$', 'type: expected object'],
  ['device: body an array', DEVICE, () => [device()], '$.id', 'required'],
  [
    'device: unknown check state',
    DEVICE,
    () => {
      const d = device();
      (d.claims[0]!.checks as Json[])[0]!.state = 'exploded';
      return d;
    },
    '$.claims[0].checks[0].state',
    'enum ("off" | "fail" | "missingDependency" | "pass" | "error")',
  ],
  [
    'device: created null',
    DEVICE,
    () => ({ ...device(), created: null }),
    '$.created',
    'type: expected string',
  ],
  [
    'overview: requiredChecks missing',
    OVERVIEW,
    () => ({ ...overview(), requiredChecks: undefined }),
    '$.requiredChecks',
    'required',
  ],
  [
    'overview: outdatedDevices missing',
    OVERVIEW,
    () => ({ ...overview(), outdatedDevices: undefined }),
    '$.outdatedDevices',
    'required',
  ],
  [
    'overview: outdated devices null',
    OVERVIEW,
    () => {
      const o = overview();
      (o.outdatedDevices as Json).devices = null;
      return o;
    },
    '$.outdatedDevices.devices',
    'type: expected array',
  ],
  [
    'overview: check devices null',
    OVERVIEW,
    () => {
      const o = overview();
      (o.requiredChecks[0] as Json).devices = null;
      return o;
    },
    '$.requiredChecks[0].devices',
    'type: expected array',
  ],
  [
    'overview: outdated ownerEmail null',
    OVERVIEW,
    () => {
      const o = overview();
      o.outdatedDevices.devices[0]!.ownerEmail = null;
      return o;
    },
    '$.outdatedDevices.devices[0].ownerEmail',
    'type: expected string',
  ],
  ['overview: body {}', OVERVIEW, () => ({}), '$.requiredChecks', 'required'],
  ['teams: [null]', TEAMS, () => [null], '$[0]', 'type: expected object'],
  ['teams: an object', TEAMS, () => ({ unexpected: true }), '$', 'type: expected array'],
  [
    'teams: without id',
    TEAMS,
    () => (exampleOf(TEAMS, 'threeTeams') as Json[]).map(({ id: _id, ...rest }) => rest),
    '$[0].id',
    'required',
  ],
  ['team: body null (loaded forever)', TEAM, () => null, '$', 'type: expected object'],
  ['user: body null (no Log Out)', USER, () => null, '$', 'type: expected object'],
  [
    'user: teams [null]',
    USER,
    () => ({ ...(exampleOf(USER, 'admin') as Json), teams: [null] }),
    '$.teams[0]',
    'type: expected object',
  ],
];

describe('generated response validators', () => {
  it('cover all 55 operations of the contract, keyed like openapi-fetch schemaPath', () => {
    const keys = operations().map((op) => op.operation);
    expect(keys).toHaveLength(55);
    expect(Object.keys(RESPONSE_VALIDATORS).sort()).toEqual([...keys].sort());
  });

  it('accept every named success example of the contract (what Prism answers), with no undeclared field', async () => {
    const examples = successExamples();
    expect(examples.length).toBeGreaterThanOrEqual(80);
    const problems: string[] = [];
    for (const example of examples) {
      const { violation, undeclared } = await check(example.operation, example.value, {
        status: example.status,
      });
      const problem = violation ?? undeclared;
      if (problem)
        problems.push(`${example.operation} ${example.name}: ${problem.path} ${problem.rule}`);
    }
    expect(problems).toEqual([]);
  });

  it.each(MALFORMED)('reject %s', async (_name, operation, make, path, rule) => {
    const body = JSON.parse(JSON.stringify(make()) ?? 'null') as unknown;
    const { violation } = await check(operation, body, { strict: false });
    expect(violation).toEqual({ operation, path, rule });
  });

  it('never put the received value into the rule (it may be personal data)', async () => {
    const l = list();
    l.devices[0]!.created = 'not-a-date secret';
    const { violation } = await check(LIST, l);
    expect(JSON.stringify(violation)).not.toContain('secret');
    expect(violation?.rule).toBe('format date-time');
  });

  it('an undeclared status or an unknown operation is a violation', async () => {
    expect((await check(TEAMS, [], { status: 203 })).violation?.rule).toBe(
      'status 203 not declared',
    );
    expect(checkAnswer(undefined, 'GET /nope', 200, {}, false).violation?.rule).toBe(
      'operation not in the contract',
    );
  });

  it('a 204 answer has no body to check', async () => {
    const result = await check('PATCH /device/{deviceId}/rename', undefined, { status: 204 });
    expect(result).toEqual({ violation: null, undeclared: null });
  });

  it('undeclared fields are flagged in strict builds only, and never fail the answer', async () => {
    const l = list();
    l.devices[2]!.internalNote = 'x';
    const strict = await check(LIST, l, { strict: true });
    expect(strict.violation).toBeNull();
    expect(strict.undeclared).toEqual({
      operation: LIST,
      path: '$.devices[2].internalNote',
      rule: 'undeclared property',
      undeclared: true,
    });
    const production = await check(LIST, l, { strict: false });
    expect(production).toEqual({ violation: null, undeclared: null });
  });

  it('answers carry no input limits: any platform, over-long names and addresses pass (SPEC §3, §5)', async () => {
    const l = list();
    l.devices[0]!.platform = 'FreeBSD';
    l.devices[0]!.deviceName = 'N'.repeat(10_000);
    l.devices[0]!.ownerEmail = `${'o'.repeat(64)}@${'w'.repeat(60)}.example`;
    l.pageSize = 500;
    expect((await check(LIST, l)).violation).toBeNull();
    const o = overview() as Json & { outdatedDevices: Json & { devices: Json[] } };
    o.outdatedDevices.devices = [
      { ...o.outdatedDevices.devices[0], platform: '', ownerEmail: 'x' },
    ];
    expect((await check(OVERVIEW, o)).violation).toBeNull();
    expect(
      (await check(TEAMS, [{ ...(exampleOf(TEAM, 'engineering') as Json), name: 'T'.repeat(500) }]))
        .violation,
    ).toBeNull();
  });
});

describe('JSON paths and undeclared fields', () => {
  it('writes paths a person can read', () => {
    expect(jsonPath([])).toBe('$');
    expect(jsonPath(['devices', 3, 'claims'])).toBe('$.devices[3].claims');
    expect(jsonPath(['a b', 'ok'])).toBe('$["a b"].ok');
  });

  it('finds the first field the schema output dropped', () => {
    expect(findUndeclared({ a: 1, b: [{ c: 1, d: 2 }] }, { a: 1, b: [{ c: 1 }] })).toEqual([
      'b',
      0,
      'd',
    ]);
    expect(findUndeclared({ a: 1 }, { a: 1 })).toBeNull();
    expect(findUndeclared([1, 2], [1, 2])).toBeNull();
  });
});

describe('validated data already guarantees the unions the screens no longer re-check', () => {
  /** The first named success example of an operation, to break one field of. */
  const example = (operation: string) => {
    const found = successExamples().find((e) => e.operation === operation);
    if (!found) throw new Error(`no example for ${operation}`);
    return structuredClone(found.value) as Record<string, unknown>;
  };
  /** Production checking (no undeclared-field flags): the rule that stops the answer. */
  const rule = async (operation: string, body: unknown) =>
    checkAnswer(await loadGeneratedValidators(operation), operation, 200, body, false).violation
      ?.rule;

  it('a device status or check state the contract does not list never reaches a screen', async () => {
    const device = example('GET /device/{deviceId}');
    expect(await rule('GET /device/{deviceId}', device)).toBeUndefined();
    expect(await rule('GET /device/{deviceId}', { ...device, status: 'retired' })).toMatch(
      /^enum /,
    );
    const claims = structuredClone(device.claims) as { checks: { state: string }[] }[];
    claims[0]!.checks[0]!.state = 'skipped';
    expect(await rule('GET /device/{deviceId}', { ...device, claims })).toMatch(/^enum /);
  });

  it('so do a billing state, an impersonation answer without a token, a malformed invite id', async () => {
    const billing = example('GET /user/billing');
    expect(await rule('GET /user/billing', { ...billing, state: 'Suspended' })).toMatch(/^enum /);
    for (const answer of [{}, { token: '' }, { token: 42 }, null])
      expect(await rule('POST /user/impersonate/email', answer)).toBeDefined();
    const invite = example('POST /team/{teamId}/invite');
    expect(await rule('POST /team/{teamId}/invite', { ...invite, inviteId: 'x' })).toBe(
      'format uuid',
    );
    expect(await rule('GET /team/{teamId}/invite/{inviteId}', { deviceId: '../admin' })).toBe(
      'format uuid',
    );
    expect(await rule('POST /user/2fa', { secret: 'S' })).toBe('required');
  });
});
