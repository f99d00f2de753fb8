// @vitest-environment node
// The breaking-change rules (scripts/lib/contract-diff.ts) and the release snapshot they compare
// with (scripts/lib/contract-release.ts): requests may only widen, responses may only narrow,
// removals break; a hand-edited snapshot, a lowered version and a breaking change without a raised
// major version fail the check.
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

/** The grouped findings between `from` and `from` changed by `edit`. */
function changes(edit: (doc: Doc) => void, from: Doc = base): Group[] {
  const next = structuredClone(from);
  edit(next);
  return groupFindings(diffContracts(wireContract(from), wireContract(next))) as Group[];
}
const summary = (groups: Group[]) => groups.map((g) => [g.rule, g.breaking]);

const user = (doc: Doc) => doc.components.schemas.User;
const renameBody = (doc: Doc) =>
  doc.paths['/user/rename'].post.requestBody.content['application/json'].schema;
const getUser = (doc: Doc) => doc.paths['/user/{userId}'].get;

describe('request changes: widening is compatible, narrowing breaks', () => {
  it('a new required request property breaks, a new optional one does not', () => {
    const required = changes((doc) => {
      renameBody(doc).properties.reason = { type: 'string' };
      renameBody(doc).required.push('reason');
    });
    expect(summary(required)).toEqual([['request-required-added', true]]);
    expect(required[0]!.message).toBe("new required property 'reason'");
    expect(required[0]!.uses).toEqual([
      { operation: 'POST /user/rename', where: 'request body application/json', path: ['reason'] },
    ]);
    const optional = changes((doc) => {
      renameBody(doc).properties.reason = { type: 'string' };
    });
    expect(summary(optional)).toEqual([['request-property-added', false]]);
  });

  it('limits: a lowered maxLength or a raised minLength breaks, the reverse does not', () => {
    const lower = changes((doc) => (renameBody(doc).properties.name.maxLength = 64));
    expect(summary(lower)).toEqual([['request-maxLength', true]]);
    expect(lower[0]!.message).toBe('maxLength 128 → 64');
    expect(summary(changes((doc) => (renameBody(doc).properties.name.maxLength = 255)))).toEqual([
      ['request-maxLength', false],
    ]);
    expect(summary(changes((doc) => (renameBody(doc).properties.name.minLength = 2)))).toEqual([
      ['request-minLength', true],
    ]);
    expect(
      summary(changes((doc) => (getUser(doc).parameters[1].schema.maxLength = 32))).map(
        ([rule, breaking]) => [rule, breaking],
      ),
    ).toEqual([['request-maxLength', true]]);
  });

  it('enum values: removing one from a request breaks, adding one does not', () => {
    const withEnum = structuredClone(base);
    renameBody(withEnum).properties.mode = { type: 'string', enum: ['a', 'b'] };
    const removed = changes((doc) => (renameBody(doc).properties.mode.enum = ['a']), withEnum);
    expect(summary(removed)).toEqual([['request-enum-value-removed', true]]);
    expect(removed[0]!.message).toBe("enum value 'b' removed");
    const added = changes((doc) => renameBody(doc).properties.mode.enum.push('c'), withEnum);
    expect(summary(added)).toEqual([['request-enum-value-added', false]]);
  });

  it('types: narrowing a request type breaks, accepting null too does not', () => {
    const wider = changes((doc) => (renameBody(doc).properties.name.type = ['string', 'null']));
    expect(summary(wider)).toEqual([['request-type', false]]);
    expect(wider[0]!.message).toBe('type string → null|string');
    const narrower = changes(
      (doc) => (renameBody(doc).properties.name.type = 'string'),
      (() => {
        const doc = structuredClone(base);
        renameBody(doc).properties.name.type = ['string', 'null'];
        return doc;
      })(),
    );
    expect(summary(narrower)).toEqual([['request-type', true]]);
  });

  it('parameters: removed, newly required or added as required break; a new optional one does not', () => {
    expect(summary(changes((doc) => getUser(doc).parameters.splice(1, 1)))).toEqual([
      ['parameter-removed', true],
    ]);
    expect(summary(changes((doc) => (getUser(doc).parameters[1].required = true)))).toEqual([
      ['parameter-required', true],
    ]);
    const add = (required: boolean) => (doc: Doc) =>
      getUser(doc).parameters.push({
        name: 'q',
        in: 'query',
        required,
        schema: { type: 'string' },
      });
    expect(summary(changes(add(true)))).toEqual([['parameter-added-required', true]]);
    expect(summary(changes(add(false)))).toEqual([['parameter-added', false]]);
    // A new default changes what the server does when the console leaves the parameter out.
    const withDefault = structuredClone(base);
    getUser(withDefault).parameters[1].schema.default = 'email';
    expect(
      summary(changes((doc) => (getUser(doc).parameters[1].schema.default = 'id'), withDefault)),
    ).toEqual([['request-default', true]]);
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

  it('an operation that now needs a session breaks its callers', () => {
    const publicOp = structuredClone(base);
    getUser(publicOp).security = [];
    expect(summary(changes((doc) => delete getUser(doc).security, publicOp))).toEqual([
      ['security-required', true],
    ]);
    expect(summary(changes((doc) => (getUser(doc).security = []))).map((s) => s[1])).toEqual([
      false,
    ]);
  });
});

describe('response changes: narrowing is compatible, widening breaks (the console validates every answer)', () => {
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

  it('a property no longer required breaks; a new required one does not', () => {
    const optional = changes((doc) => (user(doc).required = ['id', 'email']));
    expect(summary(optional)).toEqual([['response-required-removed', true]]);
    expect(optional[0]!.message).toBe("property 'isAdmin' is no longer required");
    const stricter = changes((doc) => {
      user(doc).properties.name = { type: 'string' };
      user(doc).required.push('name');
    });
    expect(summary(stricter)).toEqual([['response-required-added', false]]);
  });

  it('a new enum value, a raised maxLength or a changed type in an answer breaks', () => {
    const withEnum = structuredClone(base);
    user(withEnum).properties.role = { type: 'string', enum: ['admin', 'member'] };
    expect(
      summary(changes((doc) => user(doc).properties.role.enum.push('owner'), withEnum)),
    ).toEqual([['response-enum-value-added', true]]);
    expect(
      summary(changes((doc) => (user(doc).properties.role.enum = ['admin']), withEnum)),
    ).toEqual([['response-enum-value-removed', false]]);
    expect(summary(changes((doc) => (user(doc).properties.email.maxLength = 255)))).toEqual([
      ['response-maxLength', true],
    ]);
    expect(summary(changes((doc) => (user(doc).properties.email.maxLength = 64)))).toEqual([
      ['response-maxLength', false],
    ]);
    const type = changes((doc) => (user(doc).properties.isAdmin.type = 'string'));
    expect(summary(type)).toEqual([['response-type', true]]);
    expect(type[0]!.message).toBe('type boolean → string');
    expect(summary(changes((doc) => delete user(doc).properties.id.format))).toEqual([
      ['response-format', true],
    ]);
  });

  it('"or null": an answer that may now be null breaks, one that no longer is does not', () => {
    const nullable = changes((doc) => {
      getUser(doc).responses['200'].content['application/json'].schema = {
        oneOf: [{ $ref: '#/components/schemas/User' }, { type: 'null' }],
      };
    });
    expect(summary(nullable)).toEqual([['response-type', true]]);
    expect(nullable[0]!.message).toBe('type object → null|object');
    const typed = structuredClone(base);
    user(typed).type = ['object', 'null'];
    expect(summary(changes((doc) => (user(doc).type = 'object'), typed))).toEqual([
      ['response-type', false],
    ]);
  });

  it('statuses: a new success status or a removed one breaks, a new error status does not', () => {
    const ok = { description: 'x', headers: getUser(base).responses['200'].headers };
    expect(summary(changes((doc) => (getUser(doc).responses['201'] = ok)))).toEqual([
      ['response-status-added', true],
    ]);
    expect(summary(changes((doc) => (getUser(doc).responses['409'] = ok)))).toEqual([
      ['response-status-added', false],
    ]);
    expect(summary(changes((doc) => delete getUser(doc).responses['404']))).toEqual([
      ['response-status-removed', true],
    ]);
  });

  it('the hash header must stay required; its value is blanked and never a change', () => {
    expect(
      summary(changes((doc) => (doc.components.headers.OpenapiHash.required = false))),
    ).toEqual([['response-header-optional', true]]);
    expect(
      changes((doc) => (doc.components.headers.OpenapiHash.schema.const = 'f'.repeat(64))).map(
        (g) => g.rule,
      ),
    ).toEqual(['response-const']);
  });
});

describe('the whole document', () => {
  it('documentation is no change; removing an operation is one breaking entry', () => {
    expect(
      changes((doc) => {
        getUser(doc).description = 'Another text.';
        getUser(doc).operationId = 'fetchUser';
        doc.info.title = 'Renamed';
        doc.components.schemas.User.properties.email.examples = ['x@example.com'];
      }),
    ).toEqual([]);
    const removed = changes((doc) => delete doc.paths['/user/rename']);
    expect(removed).toEqual([
      expect.objectContaining({
        rule: 'operation-removed',
        breaking: true,
        inNew: false,
        pointer: ['paths', '/user/rename', 'post'],
      }),
    ]);
    expect(
      summary(changes((doc) => (doc.paths['/user/other'] = doc.paths['/user/rename']))),
    ).toEqual([['operation-added', false]]);
    expect(summary(changes((doc) => (doc.servers = [{ url: '/api/v2' }])))).toEqual([
      ['servers', true],
    ]);
  });

  // The drift battery of the contract-tooling probe, and the two changes Optic let through, on the
  // real contract.
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
    expect(result.notes.join('\n')).toMatch(/Unreleased: backends of 1\.2\.0 send openapi-hash/);
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
