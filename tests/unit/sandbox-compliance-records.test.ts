// The sandbox's answers to the contract's proposals for what a server remembers: exemptions change
// every count they should and end by themselves, the activity log names who changed what and when
// (filtered and paged), the compliance history follows the world's changes, and all of it survives
// a restart. Every answer is checked against the contract by the harness.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { CHECK, PERSON, TEAM } from '../../scripts/sandbox/story';
import { openSandbox, testClock, type Harness } from './sandbox-harness';

const ENG = TEAM.engineering;
const SALES = TEAM.sales;
const FRANK_LAPTOP = 'de000000-0000-4000-8000-000000000001';
const DAY = 24 * 60 * 60 * 1000;
const clock = testClock();
const harnesses: Harness[] = [];
const folders: string[] = [];

async function sandbox(dataDir: string | null = null): Promise<Harness> {
  const harness = await openSandbox({ now: clock.now, dataDir });
  harnesses.push(harness);
  return harness;
}
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});
afterAll(() => {
  const answers = harnesses.flatMap((harness) => harness.answers);
  expect(answers.filter((answer) => answer.problem !== null)).toEqual([]);
});

/** A session of another person of the same world (the QA panel's person switch). */
async function as(h: Harness, token: string, personId: string): Promise<string> {
  const switched = await h.fetch('/__sandbox/person', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ personId }),
  });
  return ((await switched.json()) as { token: string }).token;
}

const inDays = (days: number) => new Date(clock.now() + days * DAY).toISOString();

async function frankInList(h: Harness, token: string) {
  const { data } = await h.client(token).GET('/team/{teamId}/devices', {
    params: { path: { teamId: ENG }, query: { search: 'frank', pageSize: 100 } },
  });
  return data!.devices.find((device) => device.id === FRANK_LAPTOP)!;
}
async function failingOn(h: Harness, token: string, checkId: string) {
  const { data } = await h.client(token).GET('/team/{teamId}/overview', {
    params: { path: { teamId: ENG } },
  });
  const check = data!.requiredChecks.find((item) => item.id === checkId)!;
  return {
    failing: check.devices.map((device) => device.id),
    exempt: (check.exemptDevices ?? []).map((device) => device.id),
  };
}
const exempt = (
  h: Harness,
  token: string,
  checkId: string,
  endsAt: string,
  reason = 'Build machine',
) =>
  h.client(token).POST('/team/{teamId}/exemptions', {
    params: { path: { teamId: ENG } },
    body: { deviceId: FRANK_LAPTOP, checkId, reason, endsAt },
  });

describe('exemptions', () => {
  it('an exempted failing check stops counting as failing everywhere until its end date, then counts again', async () => {
    const h = await sandbox();
    const token = await h.login('exempt-ends@example.com');
    const before = await frankInList(h, token);
    expect(before).toMatchObject({ status: 'failing', failedRequiredCount: 2 });
    expect((await failingOn(h, token, CHECK.fileVault)).failing).toContain(FRANK_LAPTOP);

    const created = await exempt(h, token, CHECK.fileVault, inDays(3));
    expect(created.response.status).toBe(201);
    expect(created.data).toMatchObject({
      deviceId: FRANK_LAPTOP,
      checkId: CHECK.fileVault,
      deviceName: "Frank's MacBook Pro",
      reason: 'Build machine',
      createdBy: { id: PERSON.alice },
    });
    expect((await exempt(h, token, CHECK.firewall, inDays(30))).response.status).toBe(201);

    expect(await frankInList(h, token)).toMatchObject({
      status: 'compliant',
      failedRequiredCount: 0,
      failedCount: before.failedCount - 2,
      exemptCount: 2,
    });
    expect(await failingOn(h, token, CHECK.fileVault)).toMatchObject({
      exempt: [FRANK_LAPTOP],
    });
    expect((await failingOn(h, token, CHECK.fileVault)).failing).not.toContain(FRANK_LAPTOP);
    const device = (
      await h.client(token).GET('/device/{deviceId}', {
        params: { path: { deviceId: FRANK_LAPTOP } },
      })
    ).data!;
    const fileVault = device.claims.flatMap((c) => c.checks).find((c) => c.id === CHECK.fileVault)!;
    expect(fileVault).toMatchObject({
      state: 'fail',
      exemption: { reason: 'Build machine', endsAt: inDays(3), by: { id: PERSON.alice } },
    });
    expect(fileVault.changedAt).toEqual(expect.any(String));
    const listed = await h.client(token).GET('/team/{teamId}/exemptions', {
      params: { path: { teamId: ENG } },
    });
    expect(listed.data!.exemptions.map((item) => item.checkId)).toEqual([
      CHECK.fileVault,
      CHECK.firewall,
    ]);

    // Past its end date the FileVault exemption is over: the check fails again.
    clock.advance(3 * DAY + 1);
    expect(await frankInList(h, token)).toMatchObject({
      status: 'failing',
      failedRequiredCount: 1,
      exemptCount: 1,
    });
    expect((await failingOn(h, token, CHECK.fileVault)).failing).toContain(FRANK_LAPTOP);
    const left = await h.client(token).GET('/team/{teamId}/exemptions', {
      params: { path: { teamId: ENG } },
    });
    expect(left.data!.exemptions.map((item) => item.checkId)).toEqual([CHECK.firewall]);

    // End now: the firewall counts again, and the exemption cannot be ended twice.
    const end = () =>
      h.client(token).POST('/team/{teamId}/exemptions/{exemptionId}/end', {
        params: { path: { teamId: ENG, exemptionId: left.data!.exemptions[0]!.id } },
      });
    expect((await end()).response.status).toBe(204);
    expect((await end()).response.status).toBe(404);
    expect(await frankInList(h, token)).toMatchObject({
      status: 'failing',
      failedRequiredCount: 2,
    });
  });

  it('refuses a missing reason, an end in the past or more than a year ahead, and non-admins', async () => {
    const h = await sandbox();
    const token = await h.login('exempt-refused@example.com');
    const errors = async (reason: string, endsAt: string) =>
      (await exempt(h, token, CHECK.fileVault, endsAt, reason)).error;
    expect(await errors('  ', inDays(10))).toEqual({
      errors: ['Enter a reason for the exemption.'],
    });
    expect(await errors('Kiosk', inDays(-1))).toEqual({
      errors: ['The end date must be in the future.'],
    });
    expect(await errors('Kiosk', inDays(366))).toEqual({
      errors: ['The end date must be at most a year ahead.'],
    });
    expect((await exempt(h, token, CHECK.fileVault, inDays(365))).response.status).toBe(201);
    expect(await errors('Again', inDays(10))).toEqual({
      errors: ['The device is already exempt from this check.'],
    });
    const bob = await as(h, token, PERSON.bob);
    const refused = await h.client(bob).POST('/team/{teamId}/exemptions', {
      params: { path: { teamId: ENG } },
      body: { deviceId: FRANK_LAPTOP, checkId: CHECK.firewall, reason: 'x', endsAt: inDays(2) },
    });
    expect(refused.error).toEqual({
      errors: ['Only account admins can exempt devices from checks.'],
    });
  });
});

describe('the activity log', () => {
  it('names who renamed, moved and changed a check, when, with the name at the time; filters and pages', async () => {
    const h = await sandbox();
    const token = await h.login('activity@example.com');
    const api = h.client(token);
    const alice = (await api.GET('/user')).data!;
    const start = clock.now();
    await api.PATCH('/device/{deviceId}/rename', {
      params: { path: { deviceId: FRANK_LAPTOP } },
      body: { deviceName: 'Build box' },
    });
    clock.advance(DAY);
    await api.PATCH('/team/{teamId}/settings/checks', {
      params: { path: { teamId: ENG } },
      body: { checks: [{ id: CHECK.firewall, level: 'optional' }] },
    });
    clock.advance(DAY);
    // Support (Dana) impersonating Alice moves the device.
    const dana = await as(h, token, PERSON.dana);
    const asAlice = (
      await h.client(dana).POST('/user/impersonate/id', { body: { id: PERSON.alice } })
    ).data!.token;
    await h.client(asAlice).PATCH('/device/{deviceId}/move', {
      params: { path: { deviceId: FRANK_LAPTOP } },
      body: { teamId: SALES },
    });

    const log = async (query: Record<string, string | number> = {}) =>
      (await api.GET('/user/activity', { params: { query } })).data!;
    const all = await log();
    expect(all.entries.map((entry) => entry.kind)).toEqual([
      'deviceMoved',
      'checksChanged',
      'deviceRenamed',
    ]);
    expect(all.entries[2]).toMatchObject({
      at: new Date(start).toISOString(),
      actor: { id: PERSON.alice, email: alice.email },
      object: { type: 'device', id: FRANK_LAPTOP, name: "Frank's MacBook Pro" },
      detail: "Frank's MacBook Pro → Build box",
    });
    expect(all.entries[1]).toMatchObject({
      object: { type: 'team', id: ENG, name: 'Engineering' },
      detail: 'Firewall is on: required → optional',
    });
    expect(all.entries[0]).toMatchObject({
      actor: {
        id: PERSON.alice,
        impersonatedBy: { id: PERSON.dana },
      },
      object: { name: 'Build box' },
      detail: 'Engineering → Sales',
    });
    expect(all.entries[1]!.actor).not.toHaveProperty('impersonatedBy');

    expect((await log({ kind: 'deviceRenamed' })).entries).toHaveLength(1);
    expect((await log({ actor: PERSON.dana })).entries.map((e) => e.kind)).toEqual(['deviceMoved']);
    expect((await log({ actor: alice.email.toUpperCase() })).total).toBe(3);
    const secondDay = await log({
      from: new Date(start + DAY).toISOString(),
      to: new Date(start + 2 * DAY).toISOString(),
    });
    expect(secondDay.entries.map((e) => e.kind)).toEqual(['checksChanged']);
    expect(await log({ pageSize: 2, page: 2 })).toMatchObject({
      page: 2,
      pageSize: 2,
      pageCount: 2,
      total: 3,
      entries: [{ kind: 'deviceRenamed' }],
    });
    const backwards = await api.GET('/user/activity', {
      params: {
        query: { from: new Date(start + DAY).toISOString(), to: new Date(start).toISOString() },
      },
    });
    expect(backwards.response.status).toBe(400);
    // Collaborators do not read the log.
    const bob = await as(h, token, PERSON.bob);
    expect((await h.client(bob).GET('/user/activity')).response.status).toBe(404);
  });
});

describe('the compliance history', () => {
  it('has a point per day, seeded for the past, and its latest point follows a removal', async () => {
    const h = await sandbox();
    const token = await h.login('history@example.com');
    const api = h.client(token);
    const history = async (days?: number) =>
      (
        await api.GET('/team/{teamId}/history', {
          params: { path: { teamId: ENG }, query: days ? { days } : {} },
        })
      ).data!;
    const before = await history();
    expect(before.points).toHaveLength(90);
    expect(before.points.at(-1)!.date).toBe(new Date(clock.now()).toISOString().slice(0, 10));
    expect(before.checks.map((check) => check.id)).toContain(CHECK.fileVault);
    expect((await history(30)).points).toEqual(before.points.slice(-30));
    expect((await history()).points).toEqual(before.points); // the seeded past is stable

    const device = (
      await api.GET('/device/{deviceId}', { params: { path: { deviceId: FRANK_LAPTOP } } })
    ).data!;
    await api.DELETE('/team/{teamId}/device', {
      params: { path: { teamId: ENG } },
      body: { id: FRANK_LAPTOP, machineUUID: device.machineUUID },
    });
    const after = await history();
    const [was, now] = [before.points.at(-1)!, after.points.at(-1)!];
    expect(now.failing).toBe(was.failing - 1);
    const fileVault = (point: typeof now) =>
      point.failingChecks.find((check) => check.id === CHECK.fileVault)!.failing;
    expect(fileVault(now)).toBe(fileVault(was) - 1);
    expect(after.points.slice(0, -1)).toEqual(before.points.slice(0, -1));

    // The next day, yesterday keeps the removal's numbers (stored when the world changed).
    clock.advance(DAY);
    const tomorrow = await history();
    expect(tomorrow.points.at(-2)).toEqual(now);
    expect(
      (
        await api.GET('/team/{teamId}/history', {
          params: { path: { teamId: ENG }, query: { days: 366 } },
        })
      ).response.status,
    ).toBe(400);
  });
});

describe('across a restart', () => {
  it('keeps exemptions, the activity log and the stored history', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-records-'));
    folders.push(dataDir);
    const first = await sandbox(dataDir);
    const token = await first.login('records-kept@example.com');
    await exempt(first, token, CHECK.fileVault, inDays(10));
    await first.client(token).PATCH('/device/{deviceId}/rename', {
      params: { path: { deviceId: FRANK_LAPTOP } },
      body: { deviceName: 'Kept name' },
    });
    const read = async (h: Harness) => {
      const api = h.client(token);
      return {
        exemptions: (
          await api.GET('/team/{teamId}/exemptions', { params: { path: { teamId: ENG } } })
        ).data,
        activity: (await api.GET('/user/activity')).data,
        history: (await api.GET('/team/{teamId}/history', { params: { path: { teamId: ENG } } }))
          .data,
        device: await frankInList(h, token),
      };
    };
    const kept = await read(first);
    first.sandbox.close();
    const second = await sandbox(dataDir);
    const again = await read(second);
    expect(again).toEqual(kept);
    expect(again.activity!.entries.map((e) => e.kind)).toEqual([
      'deviceRenamed',
      'exemptionCreated',
    ]);
    expect(again.device.exemptCount).toBe(1);
    second.sandbox.close();
  });
});
