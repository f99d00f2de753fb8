import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../scripts/sandbox/contract';
import { parseLoginEmail } from '../../scripts/sandbox/sandbox';
import { totpCode } from '../../scripts/lib/totp';
import { SANDBOX_TOTP_CODE } from '../../scripts/sandbox/secrets';
import { TEAM } from '../../scripts/sandbox/story';
import { errorExamples, exampleOf } from './contract-document';
import { openSandbox, testClock, type Harness } from './sandbox-harness';

const ENG = TEAM.engineering;
const DESIGN = TEAM.design;
const SALES = TEAM.sales;
const FRANK_LAPTOP = 'de000000-0000-4000-8000-000000000001';
const DAY = 24 * 60 * 60 * 1000;
const SORT_COLUMNS = [
  'deviceName',
  'modelName',
  'status',
  'passedCount',
  'failedCount',
  'failedRequiredCount',
  'disabledCount',
  'version',
  'lastCheck',
  'created',
  'ownerEmail',
  'platform',
  'osVersion',
] as const;

/** The value of a named error example of an operation. */
function errorOf(operation: string, name: string): unknown {
  const found = errorExamples().find((e) => e.operation === operation && e.name === name);
  if (!found) throw new Error(`no error example ${name} for ${operation}`);
  return found.value;
}

/** Every operation any test of this file called, to prove all of them were exercised. */
const called = new Set<string>();
const harnesses: Harness[] = [];
const clock = testClock();

async function sandbox(options: Parameters<typeof openSandbox>[0] = {}): Promise<Harness> {
  const harness = await openSandbox({ now: clock.now, ...options });
  harnesses.push(harness);
  return harness;
}

afterAll(() => {
  const answers = harnesses.flatMap((harness) => harness.answers);
  // Every answer the handlers gave passed the contract (hash, declared status, body).
  expect(answers.filter((answer) => answer.problem !== null)).toEqual([]);
  for (const answer of answers) called.add(answer.operation);
  expect(OPERATIONS.map((operation) => operation.key).filter((key) => !called.has(key))).toEqual(
    [],
  );
});

describe('the device list: search, sort and paging by the server', () => {
  let h: Harness;
  let token: string;
  beforeEach(async () => {
    h = await sandbox();
    token = await h.login('lists@example.com');
  });
  const list = (query: Record<string, string | number>) =>
    h.client(token).GET('/team/{teamId}/devices', {
      params: { path: { teamId: ENG }, query: query as never },
    });

  it('pages 47 devices by 20 with totals, by device name ascending by default', async () => {
    const first = (await list({})).data!;
    expect(first).toMatchObject({ page: 1, pageSize: 20, pageCount: 3, total: 47 });
    expect(first.devices).toHaveLength(20);
    const last = (await list({ page: 3 })).data!;
    expect(last.devices).toHaveLength(7);
    const all = [...first.devices, ...(await list({ page: 2 })).data!.devices, ...last.devices];
    expect(new Set(all.map((d) => d.id)).size).toBe(47);
    const names = all.map((d) => d.deviceName);
    expect(names).toEqual(
      [...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true })),
    );
    expect((await list({ page: 4 })).data).toMatchObject({ devices: [], total: 47, page: 4 });
  });

  it.each(SORT_COLUMNS)(
    'sorts on %s both ways, never-reported devices the oldest',
    async (orderBy) => {
      const asc = (await list({ orderBy, direction: 'asc', pageSize: 100 })).data!.devices;
      const desc = (await list({ orderBy, direction: 'desc', pageSize: 100 })).data!.devices;
      expect(asc).toHaveLength(47);
      const key = (d: (typeof asc)[number]) => {
        const value = d[orderBy];
        if (orderBy === 'lastCheck' || orderBy === 'created') {
          return value === null ? -Infinity : Date.parse(String(value));
        }
        return typeof value === 'number' ? value : String(value).toLowerCase();
      };
      for (let i = 1; i < asc.length; i += 1) {
        expect(key(asc[i - 1]!) <= key(asc[i]!), `${orderBy} asc at ${i}`).toBe(true);
        expect(key(desc[i - 1]!) >= key(desc[i]!), `${orderBy} desc at ${i}`).toBe(true);
      }
      if (orderBy === 'lastCheck') expect(asc[0]!.lastCheck).toBeNull();
    },
  );

  it('searches names, owners, models and platforms, every word, without case', async () => {
    const linux = (await list({ search: 'linux', pageSize: 100 })).data!;
    expect(linux.total).toBeGreaterThan(2);
    expect(linux.devices.every((d) => d.platform === 'Linux' || /linux/i.test(d.deviceName))).toBe(
      true,
    );
    expect(
      (await list({ search: 'FRANK macbook' })).data!.devices.map((d) => d.deviceName),
    ).toEqual(["Frank's MacBook Pro"]);
    const everything = (await list({ pageSize: 100 })).data!.devices;
    const heidis = (await list({ search: 'heidi@northwind', pageSize: 100 })).data!;
    expect(heidis.total).toBe(
      everything.filter((d) => d.ownerEmail === 'heidi@northwind.example').length,
    );
    expect(heidis.devices.map((d) => d.deviceName)).toContain("Heidi's MacBook Air");
    expect((await list({ search: 'no such device' })).data).toMatchObject({
      total: 0,
      pageCount: 0,
    });
  });

  it('refuses a query outside the contract with a 400 listing the problem', async () => {
    const bad: Record<string, string | number>[] = [
      { page: 0 },
      { pageSize: 101 },
      { orderBy: 'secret' },
      { direction: 'up' },
    ];
    for (const query of bad) {
      const { error, response } = await list(query);
      expect(response.status).toBe(400);
      expect(error).toMatchObject({ errors: [expect.any(String)] });
    }
  });
});

describe('changes show where they should', () => {
  let h: Harness;
  let token: string;
  beforeEach(async () => {
    h = await sandbox();
    token = await h.login('changes@example.com');
  });

  it('a renamed device is renamed in its details, the list and the overview', async () => {
    const api = h.client(token);
    const patched = await api.PATCH('/device/{deviceId}/rename', {
      params: { path: { deviceId: FRANK_LAPTOP } },
      body: { deviceName: 'Frank’s old laptop' },
    });
    expect(patched.response.status).toBe(204);
    const device = await api.GET('/device/{deviceId}', {
      params: { path: { deviceId: FRANK_LAPTOP } },
    });
    expect(device.data!.deviceName).toBe('Frank’s old laptop');
    const found = await api.GET('/team/{teamId}/devices', {
      params: { path: { teamId: ENG }, query: { search: 'old laptop' } },
    });
    expect(found.data!.devices.map((d) => d.id)).toEqual([FRANK_LAPTOP]);
    const overview = await api.GET('/team/{teamId}/overview', {
      params: { path: { teamId: ENG } },
    });
    expect(overview.data!.requiredChecks[0]!.devices[0]!.deviceName).toBe('Frank’s old laptop');
    const blank = await api.PATCH('/device/{deviceId}/rename', {
      params: { path: { deviceId: FRANK_LAPTOP } },
      body: { deviceName: '   ' },
    });
    expect(blank.response.status).toBe(400);
  });

  it('a moved device leaves one team and joins the other: lists, counts, overview, levels', async () => {
    const api = h.client(token);
    await api.PATCH('/team/{teamId}/settings/checks', {
      params: { path: { teamId: DESIGN } },
      body: { checks: [{ id: 'c3aee29a-f16d-4573-a861-b3ba0d860067', level: 'optional' }] },
    });
    const moved = await api.PATCH('/device/{deviceId}/move', {
      params: { path: { deviceId: FRANK_LAPTOP } },
      body: { teamId: DESIGN },
    });
    expect(moved.response.status).toBe(204);
    const teams = (await api.GET('/teams')).data!;
    expect(teams.map((t) => t.deviceCount)).toEqual([46, 2, 0]);
    const design = await api.GET('/team/{teamId}/devices', {
      params: { path: { teamId: DESIGN } },
    });
    expect(design.data!.devices.map((d) => d.id)).toContain(FRANK_LAPTOP);
    const eng = await api.GET('/team/{teamId}/overview', { params: { path: { teamId: ENG } } });
    expect(eng.data!.requiredChecks[0]!.devices).toHaveLength(17);
    // In Design FileVault is optional: only the firewall is a failing required check now.
    const device = (
      await api.GET('/device/{deviceId}', { params: { path: { deviceId: FRANK_LAPTOP } } })
    ).data!;
    expect(device).toMatchObject({
      teamId: DESIGN,
      failedRequiredCount: 1,
      statusMsg: '1 required check failing',
    });
    expect(
      (await api.GET('/team/{teamId}', { params: { path: { teamId: ENG } } })).data!.deviceCount,
    ).toBe(46);
    const nowhere = await api.PATCH('/device/{deviceId}/move', {
      params: { path: { deviceId: FRANK_LAPTOP } },
      body: { teamId: '7e000000-0000-4000-8000-0000000000ff' },
    });
    expect(nowhere.response.status).toBe(400);
  });

  it('a removed device is gone everywhere; totals and the billing usage follow', async () => {
    const api = h.client(token);
    const device = (
      await api.GET('/device/{deviceId}', { params: { path: { deviceId: FRANK_LAPTOP } } })
    ).data!;
    const wrong = await api.DELETE('/team/{teamId}/device', {
      params: { path: { teamId: ENG } },
      body: { id: FRANK_LAPTOP, machineUUID: 'not-its-hardware' },
    });
    expect(wrong.response.status).toBe(400);
    const removed = await api.DELETE('/team/{teamId}/device', {
      params: { path: { teamId: ENG } },
      body: { id: FRANK_LAPTOP, machineUUID: device.machineUUID },
    });
    expect(removed.response.status).toBe(204);
    const again = await api.GET('/device/{deviceId}', {
      params: { path: { deviceId: FRANK_LAPTOP } },
    });
    expect(again.response.status).toBe(404);
    expect(
      (await api.GET('/team/{teamId}/devices', { params: { path: { teamId: ENG } } })).data!.total,
    ).toBe(46);
    expect((await api.GET('/user')).data!.teams?.[0]?.deviceCount).toBe(46);
    expect((await api.GET('/user/billing')).data!.deviceUsage).toBe(47);
    const overview = (
      await api.GET('/team/{teamId}/overview', { params: { path: { teamId: ENG } } })
    ).data!;
    expect(
      overview.requiredChecks.find((c) => c.description === 'Firewall is on')!.devices,
    ).toHaveLength(2);
  });

  it('publishes with a slug of its own, a taken one refused, one made from the name, and unpublishes', async () => {
    const api = h.client(token);
    const path = (deviceId: string) => ({ params: { path: { deviceId } } });
    const taken = await api.POST('/device/{deviceId}/public', {
      ...path(FRANK_LAPTOP),
      body: { slug: 'ALICE-macbook' },
    });
    expect(taken.response.status).toBe(400);
    const spaced = await api.POST('/device/{deviceId}/public', {
      ...path(FRANK_LAPTOP),
      body: { slug: 'a b' },
    });
    expect(spaced.response.status).toBe(400);
    await api.POST('/device/{deviceId}/public', { ...path(FRANK_LAPTOP), body: {} });
    expect((await api.GET('/device/{deviceId}', path(FRANK_LAPTOP))).data!.publicId).toBe(
      'franks-macbook-pro',
    );
    await api.POST('/device/{deviceId}/public', {
      ...path(FRANK_LAPTOP),
      body: { slug: 'frank-laptop' },
    });
    expect((await api.GET('/device/{deviceId}', path(FRANK_LAPTOP))).data!.publicId).toBe(
      'frank-laptop',
    );
    expect(
      (await api.DELETE('/device/{deviceId}/public', path(FRANK_LAPTOP))).response.status,
    ).toBe(204);
    expect((await api.GET('/device/{deviceId}', path(FRANK_LAPTOP))).data!.publicId).toBeNull();
  });

  it('teams: created, a name taken refused, a team with devices not deleted, an empty one deleted', async () => {
    const api = h.client(token);
    expect((await api.POST('/team/create', { body: { name: 'Marketing' } })).response.status).toBe(
      204,
    );
    const twice = await api.POST('/team/create', { body: { name: ' marketing ' } });
    expect(twice.error).toEqual({ errors: ['A team named marketing already exists.'] });
    const teams = (await api.GET('/teams')).data!;
    expect(teams.map((t) => t.name)).toEqual(['Engineering', 'Design', 'Sales', 'Marketing']);
    const refused = await api.DELETE('/team/{teamId}', { params: { path: { teamId: DESIGN } } });
    expect(refused.error).toEqual(errorOf('DELETE /team/{teamId}', 'teamHasDevices'));
    expect(
      (await api.DELETE('/team/{teamId}', { params: { path: { teamId: SALES } } })).response.status,
    ).toBe(204);
    expect(
      (await api.GET('/team/{teamId}', { params: { path: { teamId: SALES } } })).response.status,
    ).toBe(404);
    // Erin collaborated on Sales only: she is no longer listed as a collaborator.
    expect((await api.GET('/user/collaborators')).data!.map((c) => c.email)).toEqual([
      'bob@northwind.example',
    ]);
  });

  it('settings: checks single and bulk change the devices, presets, device policy, recipients', async () => {
    const api = h.client(token);
    const team = { params: { path: { teamId: ENG } } };
    const required = await api.PATCH('/team/{teamId}/settings/checks', {
      ...team,
      body: { checks: [{ id: '7436553a-ae52-479b-937b-2ae14d15a520', level: 'required' }] },
    });
    expect(required.data!.claims[1]!.checks[0]).toMatchObject({
      description: 'Apps are up to date',
      level: 'required',
    });
    const niaj = 'de000000-0000-4000-8000-000000000013';
    expect(
      (await api.GET('/device/{deviceId}', { params: { path: { deviceId: niaj } } })).data,
    ).toMatchObject({
      status: 'failing',
      failedRequiredCount: 1,
    });
    const overview = (await api.GET('/team/{teamId}/overview', team)).data!;
    expect(overview.requiredChecks.map((c) => c.description)).toContain('Apps are up to date');
    const unknown = await api.PATCH('/team/{teamId}/settings/checks', {
      ...team,
      body: { checks: [{ id: '00000000-0000-4000-8000-000000000000', level: 'required' }] },
    });
    expect(unknown.response.status).toBe(400);
    await api.POST('/team/{teamId}/settings/checks/preset', { ...team, body: { preset: 'all' } });
    const all = (await api.GET('/team/{teamId}/settings/checks', team)).data!;
    expect(all).toEqual(exampleOf('GET /team/{teamId}/settings/checks', 'allRequired'));
    expect(
      (
        await api.PATCH('/team/{teamId}/settings/device', {
          ...team,
          body: { requireSerial: false },
        })
      ).data,
    ).toEqual({
      requireSerial: false,
    });
    expect((await api.GET('/team/{teamId}/settings/device', team)).data).toEqual({
      requireSerial: false,
    });
    const added = await api.POST('/team/{teamId}/report/email', {
      ...team,
      body: { email: 'frank@northwind.example', frequency: 'monthly' },
    });
    expect(added.data!.map((r) => r.email)).toEqual([
      'alice@northwind.example',
      'security@northwind.example',
      'frank@northwind.example',
    ]);
    const twice = await api.POST('/team/{teamId}/report/email', {
      ...team,
      body: { email: 'Frank@northwind.example', frequency: 'weekly' },
    });
    expect(twice.error).toEqual(errorOf('POST /team/{teamId}/report/email', 'alreadyRecipient'));
    const removed = await api.DELETE('/team/{teamId}/report/email', {
      ...team,
      body: { email: 'security@northwind.example', frequency: 'weekdays' },
    });
    expect(removed.data!.map((r) => r.email)).toEqual([
      'alice@northwind.example',
      'frank@northwind.example',
    ]);
    expect((await api.GET('/team/{teamId}/report/emails', team)).data).toHaveLength(2);
    expect((await api.GET('/team/{teamId}/slack/integrations', team)).data).toHaveLength(2);
  });

  it('admins and collaborators: added, listed, given teams, removed; the owner cannot remove herself', async () => {
    const api = h.client(token);
    expect(
      (await api.POST('/user/admin', { body: { email: 'grace@northwind.example', ssoOnly: true } }))
        .response.status,
    ).toBe(204);
    const admins = (await api.GET('/user/admins')).data!.map((a) => a.email);
    expect(admins).toEqual([
      'alice@northwind.example',
      'frank@northwind.example',
      'grace@northwind.example',
    ]);
    expect(
      (
        await api.POST('/user/admin', {
          body: { email: 'frank@northwind.example', ssoOnly: false },
        })
      ).error,
    ).toEqual(errorOf('POST /user/admin', 'adminExists'));
    expect(
      (await api.DELETE('/user/admin', { body: { email: 'alice@northwind.example' } })).response
        .status,
    ).toBe(400);
    expect(
      (await api.DELETE('/user/admin', { body: { email: 'grace@northwind.example' } })).response
        .status,
    ).toBe(204);
    const erin = await api.POST('/user/collaborator', {
      body: { email: 'erin@northwind.example', ssoOnly: false },
    });
    expect(erin.error).toEqual(errorOf('POST /user/collaborator', 'collaboratorExists'));
    expect(
      (
        await api.POST('/user/collaborator', {
          body: { email: 'ivan@northwind.example', ssoOnly: false },
        })
      ).response.status,
    ).toBe(204);
    const added = await api.POST('/team/{teamId}/collaborator', {
      params: { path: { teamId: ENG } },
      body: { email: 'ivan@northwind.example' },
    });
    expect(added.data).toEqual({
      message: 'ivan@northwind.example now has access to Engineering.',
    });
    expect((await api.GET('/user/collaborators')).data!.at(-1)).toEqual({
      email: 'ivan@northwind.example',
      teams: [{ id: ENG, name: 'Engineering' }],
    });
    const bob = await api.DELETE('/team/{teamId}/collaborator', {
      params: { path: { teamId: DESIGN } },
      body: { email: 'bob@northwind.example' },
    });
    expect(bob.response.status).toBe(204);
    const bobToken = await h.login('changes+bob@example.com');
    expect((await h.client(bobToken).GET('/teams')).data!.map((t) => t.name)).toEqual([
      'Engineering',
      'Design',
    ]);
    // ...a different world: Bob's own (changes+bob@...), still on both teams. In this world:
    const switched = await h.fetch('/__sandbox/person', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ personId: 'a1000000-0000-4000-8000-000000000002' }),
    });
    const asBob = ((await switched.json()) as { token: string }).token;
    expect((await h.client(asBob).GET('/teams')).data!.map((t) => t.name)).toEqual(['Engineering']);
    expect((await h.client(asBob).GET('/user/admins')).response.status).toBe(404);
    const design = await h
      .client(asBob)
      .GET('/team/{teamId}/overview', { params: { path: { teamId: DESIGN } } });
    expect(design.response.status).toBe(404);
  });
});

describe('worlds', () => {
  it('are per login email: changes stay in their world and come back after logging in again', async () => {
    const h = await sandbox();
    const one = await h.login('one@example.com');
    const two = await h.login('two@example.com');
    await h.client(one).POST('/team/create', { body: { name: 'Only in one' } });
    expect((await h.client(two).GET('/teams')).data!.map((t) => t.name)).not.toContain(
      'Only in one',
    );
    await h.client(one).POST('/user/logout');
    expect((await h.client(one).GET('/teams')).response.status).toBe(401);
    const again = await h.login('ONE@example.com');
    expect((await h.client(again).GET('/teams')).data!.map((t) => t.name)).toContain('Only in one');
  });

  it('the email convention picks the person and the story', async () => {
    expect(parseLoginEmail('Qa+Bob@Example.com')).toMatchObject({
      worldKey: 'qa+bob@example.com',
      person: 'bob',
    });
    const h = await sandbox();
    const user = async (email: string) => (await h.client(await h.login(email)).GET('/user')).data!;
    expect(await user('qa+collaborator@example.com')).toMatchObject({
      email: 'bob@northwind.example',
      state: 'Collaborator',
    });
    expect(await user('qa+support@example.com')).toMatchObject({
      email: 'dana@northwind.example',
      isSuperuser: true,
    });
    expect(await user('qa+peggy@example.com')).toMatchObject({ teams: [] });
    expect(await user('qa+frank@example.com')).toMatchObject({
      hasBillingRole: false,
      state: 'AccountAdmin',
    });
    expect(await user('qa+new@example.com')).toMatchObject({
      onboardingCompleted: false,
      teams: [{ name: 'Sales' }],
    });
    expect(await user('qa+nopassword@example.com')).toMatchObject({ hasPassword: false });
    expect(await user('qa+whatever@example.com')).toMatchObject({
      email: 'alice@northwind.example',
    });
  });

  it('are kept on disk with their sessions: a restart keeps changes and signed-in browsers', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-data-'));
    try {
      const first = await sandbox({ dataDir });
      const token = await first.login('kept@example.com');
      await first.client(token).PATCH('/device/{deviceId}/rename', {
        params: { path: { deviceId: FRANK_LAPTOP } },
        body: { deviceName: 'Kept across restarts' },
      });
      const second = await sandbox({ dataDir });
      const device = await second.client(token).GET('/device/{deviceId}', {
        params: { path: { deviceId: FRANK_LAPTOP } },
      });
      expect(device.data!.deviceName).toBe('Kept across restarts');
      expect(fs.readdirSync(path.join(dataDir, 'worlds'))).toHaveLength(1);
      // A world file edited into something the contract forbids is set aside, not served.
      const file = path.join(dataDir, 'worlds', fs.readdirSync(path.join(dataDir, 'worlds'))[0]!);
      fs.writeFileSync(
        file,
        fs.readFileSync(file, 'utf8').replace('"state":"pass"', '"state":"not a check state"'),
      );
      const third = await sandbox({ dataDir });
      expect(third.sandbox.size).toBe(0);
      expect(
        fs.readdirSync(path.dirname(file)).filter((name) => name.endsWith('.broken')),
      ).toHaveLength(1);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('a reset brings the story back; the session stays', async () => {
    const h = await sandbox();
    const token = await h.login('reset@example.com');
    await h.client(token).POST('/team/create', { body: { name: 'Temporary' } });
    const reset = await h.fetch('/__sandbox/reset', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(reset.status).toBe(200);
    expect((await h.client(token).GET('/teams')).data).toEqual(
      exampleOf('GET /teams', 'threeTeams'),
    );
  });
});

describe('a Prefer header is answered from the named examples, not the world', () => {
  it('as Prism answers it, for success and error examples, without changing the world', async () => {
    const h = await sandbox();
    const token = await h.login('prefer@example.com');
    const prefer = (value: string) => h.client(token, { Prefer: value });
    expect((await prefer('example=collaborator').GET('/user')).data).toEqual(
      exampleOf('GET /user', 'collaborator'),
    );
    expect(
      (
        await prefer('example=empty').GET('/team/{teamId}/devices', {
          params: { path: { teamId: ENG } },
        })
      ).data,
    ).toEqual(exampleOf('GET /team/{teamId}/devices', 'empty'));
    const refused = await prefer('code=400, example=teamNameTaken').POST('/team/create', {
      body: { name: 'Marketing' },
    });
    expect(refused.error).toEqual({ errors: ['A team named Marketing already exists.'] });
    expect((await h.client(token).GET('/teams')).data!.map((t) => t.name)).not.toContain(
      'Marketing',
    );
    const second = await h.client(undefined, { Prefer: 'code=412' }).POST('/user/login', {
      body: { email: 'prefer@example.com', password: 'x' },
    });
    expect(second.response.status).toBe(412);
    const maintenance = await h.fetch('/api/v1/teams', {
      headers: { Prefer: 'code=503', Authorization: `Bearer ${token}` },
    });
    expect(maintenance.status).toBe(503);
    expect(maintenance.headers.get('content-type')).toContain('text/html');
    const unknown = await prefer('example=nope').GET('/teams');
    expect(unknown.response.status).toBe(404);
  });
});

describe('credentials and sessions', () => {
  it('a password set is needed at the next login; a wrong current password is refused', async () => {
    const h = await sandbox();
    const token = await h.login('secure@example.com');
    const api = h.client(token);
    expect(
      (await api.POST('/user/password/change', { body: { newPassword: 'short-but-ok' } })).error,
    ).toEqual(errorOf('POST /user/password/change', 'wrongPassword'));
    expect(
      (
        await api.POST('/user/password/change', {
          body: { oldPassword: 'anything', newPassword: 'correct horse' },
        })
      ).response.status,
    ).toBe(204);
    const wrong = await h
      .client()
      .POST('/user/login', { body: { email: 'secure@example.com', password: 'nope' } });
    expect(wrong.error).toEqual(errorOf('POST /user/login', 'loginFailed'));
    await h.login('secure@example.com', 'correct horse');
    expect(
      (
        await api.POST('/user/password/change', {
          body: { oldPassword: 'anything', newPassword: 'another one' },
        })
      ).response.status,
    ).toBe(400);
  });

  it('a user without a password sets one without the current one', async () => {
    const h = await sandbox();
    const api = h.client(await h.login('google+nopassword@example.com'));
    expect(
      (await api.POST('/user/password/change', { body: { newPassword: 'my first one' } })).response
        .status,
    ).toBe(204);
    expect((await api.GET('/user')).data!.hasPassword).toBe(true);
  });

  it('two-factor: provisioned once (reconfiguring refused), then the login asks for the code', async () => {
    const h = await sandbox();
    const token = await h.login('qa+bob@example.com');
    const api = h.client(token);
    const { secret } = (await api.POST('/user/2fa')).data!;
    const wrong = await api.PATCH('/user/2fa', { body: { totp: '000000', secret } });
    expect(wrong.error).toEqual(errorOf('PATCH /user/2fa', 'wrongCode'));
    expect(
      (await api.PATCH('/user/2fa', { body: { totp: totpCode(secret, clock.now())!, secret } }))
        .response.status,
    ).toBe(204);
    expect((await api.GET('/user')).data!.twoFAProvisioned).toBe(true);
    const again = await api.PATCH('/user/2fa', { body: { totp: SANDBOX_TOTP_CODE, secret } });
    expect(again.error).toEqual({
      errors: [
        'Reconfiguring Two Factor Authentication is not allowed, please contact the support.',
      ],
    });
    const login = (pin?: string) =>
      h.client().POST('/user/login', {
        body: { email: 'qa+bob@example.com', password: 'x', ...(pin ? { pin } : {}) },
      });
    expect((await login()).error).toEqual(errorOf('POST /user/login', 'secondFactor'));
    expect((await login('111111')).response.status).toBe(401);
    expect((await login(SANDBOX_TOTP_CODE)).data!.token).toMatch(/^sbx_/);
  });

  it('a reset link from the mail sets a new password once', async () => {
    const h = await sandbox();
    const token = await h.login('forgot@example.com');
    expect(
      (await h.client().POST('/user/password/reset', { body: { email: 'forgot@example.com' } }))
        .response.status,
    ).toBe(204);
    expect(
      (await h.client().POST('/user/password/reset', { body: { email: 'nobody@example.com' } }))
        .response.status,
    ).toBe(204);
    const mail = (await (await h.fetch('/__sandbox/mail?email=forgot@example.com')).json()) as {
      mail: { link: string }[];
    };
    const [, , , userId, resetToken] = mail.mail[0]!.link.split('/');
    const body = { userId: userId!, resetToken: resetToken!, password: 'brand new pass' };
    expect((await h.client().POST('/user/password/reset/change', { body })).response.status).toBe(
      204,
    );
    expect((await h.client().POST('/user/password/reset/change', { body })).error).toEqual(
      errorOf('POST /user/password/reset/change', 'expiredLink'),
    );
    await h.login('forgot@example.com', 'brand new pass');
    expect((await h.client(token).GET('/user')).data!.hasPassword).toBe(true);
  });

  it('an email change is done when both addresses followed their link', async () => {
    const h = await sandbox();
    const token = await h.login('move@example.com');
    const api = h.client(token);
    expect(
      (await api.POST('/user/email/change', { body: { newEmail: 'frank@northwind.example' } }))
        .error,
    ).toEqual(errorOf('POST /user/email/change', 'emailTaken'));
    await api.POST('/user/email/change', { body: { newEmail: 'alice.moreau@northwind.example' } });
    const mail = (await (
      await h.fetch('/__sandbox/mail', { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as {
      mail: { link: string }[];
    };
    const verify = async (link: string) => {
      const query = new URL(link, 'http://x').searchParams;
      return h.client().POST('/user/email/verify', {
        body: {
          newEmail: query.get('newEmail')!,
          changeToken: query.get('changeToken')!,
          stage: query.get('stage') as 'CurrentEmail' | 'NewEmail',
        },
      });
    };
    expect((await verify(mail.mail[1]!.link)).data).toMatchObject({
      currentEmailVerified: true,
      newEmailVerified: false,
    });
    expect((await verify(mail.mail[0]!.link)).data).toMatchObject({
      currentEmailVerified: true,
      newEmailVerified: true,
    });
    expect((await api.GET('/user')).data!.email).toBe('alice.moreau@northwind.example');
    const bad = await h.client().POST('/user/email/verify', {
      body: { newEmail: 'x@example.com', changeToken: 'chg_unknown', stage: 'NewEmail' },
    });
    expect(bad.error).toEqual(errorOf('POST /user/email/verify', 'invalidLink'));
  });

  it('support staff impersonate by email and by id; others may not', async () => {
    const h = await sandbox();
    const dana = h.client(await h.login('imp+support@example.com'));
    const byEmail = await dana.POST('/user/impersonate/email', {
      body: { email: 'bob@northwind.example' },
    });
    expect((await h.client(byEmail.data!.token).GET('/user')).data!.email).toBe(
      'bob@northwind.example',
    );
    const byId = await dana.POST('/user/impersonate/id', {
      body: { id: 'a1000000-0000-4000-8000-000000000004' },
    });
    expect((await h.client(byId.data!.token).GET('/user')).data!.email).toBe(
      'frank@northwind.example',
    );
    expect(
      (await dana.POST('/user/impersonate/email', { body: { email: 'who@example.com' } })).response
        .status,
    ).toBe(404);
    const alice = h.client(await h.login('imp@example.com'));
    expect(
      (await alice.POST('/user/impersonate/email', { body: { email: 'bob@northwind.example' } }))
        .response.status,
    ).toBe(400);
  });

  it('Google sign-in, onboarding, billing and Slack are remembered', async () => {
    const h = await sandbox();
    const google = await h.client().POST('/sso/google', { body: { code: 'code-1' } });
    expect(google.data!.token).toMatch(/^sbx_/);
    expect(
      (await h.client().POST('/sso/google', { body: { code: 'code-1' } })).response.status,
    ).toBe(400);
    const onboarding = h.client(await h.login('fresh+new@example.com'));
    await onboarding.POST('/team/{teamId}/settings/checks/preset', {
      params: { path: { teamId: SALES } },
      body: { preset: 'default' },
    });
    await onboarding.POST('/user/info', {
      body: { foundAppOn: 'Podcast', usingAppFor: 'Ourselves', termsAgreed: true },
    });
    expect((await onboarding.GET('/user')).data).toMatchObject({
      onboardingCompleted: true,
      termsAccepted: true,
    });

    const api = h.client(await h.login('pay@example.com'));
    expect(
      (await api.PATCH('/user/billing', { body: { priceId: 'pri_team_monthly', deviceLimit: 10 } }))
        .error,
    ).toEqual({
      errors: ['The device limit cannot be lower than the 48 devices in use.'],
    });
    expect(
      (await api.PATCH('/user/billing', { body: { priceId: 'pri_team_monthly', deviceLimit: 50 } }))
        .response.status,
    ).toBe(204);
    expect((await api.GET('/user/billing')).data).toMatchObject({
      plan: 'Team',
      deviceLimit: 50,
      nextPayment: { amount: 400 },
    });
    expect((await api.GET('/user/billing/manage')).data).toEqual(
      exampleOf('GET /user/billing/manage', 'portal'),
    );
    expect((await api.GET('/slack/auth', { params: { query: { code: 'slack-1' } } })).data).toEqual(
      { ok: true },
    );
    expect(
      (await api.GET('/slack/auth', { params: { query: { code: 'slack-1' } } })).error,
    ).toEqual(errorOf('GET /slack/auth', 'slackCodeInvalid'));
    const channels = await api.GET('/team/{teamId}/slack/integrations', {
      params: { path: { teamId: ENG } },
    });
    expect(channels.data!.map((c) => c.channel)).toContain('#device-security');
    const frank = h.client(await h.login('pay+frank@example.com'));
    expect((await frank.GET('/user/billing')).data).toMatchObject({
      state: 'AccountAdmin',
      nextPayment: null,
    });
    expect((await frank.GET('/user/billing/manage')).response.status).toBe(404);
  });
});

describe('invites and simulations', () => {
  it('an invite reports the device linked through it; snoozing needs a known invite', async () => {
    const h = await sandbox();
    const token = await h.login('link@example.com');
    const api = h.client(token, { Origin: 'http://localhost:5173' });
    const invite = (
      await api.POST('/team/{teamId}/invite', {
        params: { path: { teamId: SALES } },
        body: { email: 'quinn@northwind.example' },
      })
    ).data!;
    expect(invite.invite_link).toBe(
      `http://localhost:5173/team/join/${SALES}?email=quinn%40northwind.example`,
    );
    const poll = () =>
      h.client().GET('/team/{teamId}/invite/{inviteId}', {
        params: { path: { teamId: SALES, inviteId: invite.inviteId! } },
      });
    expect((await poll()).data).toEqual({ deviceId: null });
    const linked = await h.fetch('/__sandbox/simulate/link', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ teamId: SALES }),
    });
    const { deviceId } = (await linked.json()) as { deviceId: string };
    expect((await poll()).data).toEqual({ deviceId });
    expect(
      (await api.GET('/device/{deviceId}', { params: { path: { deviceId } } })).data,
    ).toMatchObject({
      deviceName: "Quinn's MacBook Air",
      status: 'pending',
      ownerEmail: 'quinn@northwind.example',
    });
    expect(
      (await api.GET('/team/{teamId}', { params: { path: { teamId: SALES } } })).data!.deviceCount,
    ).toBe(1);
    expect(
      (await api.GET('/team/{teamId}/public', { params: { path: { teamId: SALES } } })).data,
    ).toEqual({
      name: 'Sales',
      requireSerial: false,
    });
    const snooze = (inviteId: string) =>
      h.client().PATCH('/team/{teamId}/snooze/emails', {
        params: { path: { teamId: SALES } },
        body: { inviteId },
      });
    expect((await snooze(invite.inviteId!)).response.status).toBe(204);
    expect((await snooze('1f000000-0000-4000-8000-0000000000ff')).response.status).toBe(404);
  });

  it('a device stops reporting (stale, on the overview) and reports again', async () => {
    const h = await sandbox();
    const token = await h.login('sim@example.com');
    const api = h.client(token);
    const control = (route: string, body: unknown) =>
      h.fetch(`/__sandbox/simulate/${route}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const niaj = 'de000000-0000-4000-8000-000000000013';
    await control('stop-reporting', { deviceId: niaj });
    const stale = (await api.GET('/device/{deviceId}', { params: { path: { deviceId: niaj } } }))
      .data!;
    expect(stale).toMatchObject({ status: 'stale', statusMsg: 'No report for 61 days' });
    const overview = async () =>
      (await api.GET('/team/{teamId}/overview', { params: { path: { teamId: ENG } } })).data!;
    expect((await overview()).outdatedDevices).toMatchObject({ total: 13 });
    clock.advance(DAY);
    await control('report', { deviceId: niaj });
    expect(
      (await api.GET('/device/{deviceId}', { params: { path: { deviceId: niaj } } })).data,
    ).toMatchObject({
      status: 'compliant',
      lastCheck: new Date(clock.now()).toISOString(),
    });
    expect((await overview()).outdatedDevices.total).toBe(12);
  });
});

describe('the proposals a server remembers (history, exemptions, activity log)', () => {
  it('are served in the contract’s shapes (their rules: sandbox-compliance-records.test.ts)', async () => {
    const h = await sandbox();
    const api = h.client(await h.login('proposals@example.com'));
    const team = { path: { teamId: ENG } };
    expect((await api.GET('/team/{teamId}/history', { params: team })).data!.points).toHaveLength(
      90,
    );
    const made = await api.POST('/team/{teamId}/exemptions', {
      params: team,
      body: {
        deviceId: FRANK_LAPTOP,
        checkId: 'c3aee29a-f16d-4573-a861-b3ba0d860067',
        reason: 'Kiosk',
        endsAt: new Date(clock.now() + DAY).toISOString(),
      },
    });
    expect((await api.GET('/team/{teamId}/exemptions', { params: team })).data!.exemptions).toEqual(
      [made.data],
    );
    const end = await api.POST('/team/{teamId}/exemptions/{exemptionId}/end', {
      params: { path: { teamId: ENG, exemptionId: made.data!.id } },
    });
    expect(end.response.status).toBe(204);
    const log = (await api.GET('/user/activity')).data!;
    expect(log.entries.map((entry) => entry.kind)).toEqual(['exemptionEnded', 'exemptionCreated']);
  });
});

describe('the contract gate', () => {
  it('answers 401 without a session, 400 for bad ids and bodies, 404 for unknown paths, never 501', async () => {
    const h = await sandbox();
    expect((await h.client().GET('/teams')).error).toEqual(errorOf('GET /teams', 'expired'));
    const token = await h.login('gate@example.com');
    const bad = await h.fetch('/api/v1/device/not-a-uuid', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(bad.status).toBe(400);
    const body = await h.client(token).POST('/team/create', { body: { name: 'x'.repeat(129) } });
    expect(body.response.status).toBe(400);
    const unknown = await h.fetch('/api/v1/nothing/here', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('openapi-hash')).toMatch(/^[0-9a-f]{64}$/);
    h.answers.splice(h.answers.length - 1);
  });

  it('the test-only fault switch sends a wrong answer the contract check catches, then stops', async () => {
    const h = await sandbox();
    const token = await h.login('fault@example.com');
    const set = await h.fetch('/__sandbox/fault', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ operation: 'GET /teams', kind: 'wrong-type', times: 1 }),
    });
    expect(set.status).toBe(200);
    await h.client(token).GET('/teams');
    const wrong = h.answers.pop()!;
    expect(wrong.problem).toBe('$[0].id: type: expected string');
    await h.client(token).GET('/teams');
    expect(h.answers.at(-1)!.problem).toBeNull();
    const off = await sandbox({ faults: false });
    const refused = await off.fetch('/__sandbox/fault', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ operation: 'GET /teams', kind: 'wrong-type' }),
    });
    expect(refused.status).toBe(404);
  });
});
