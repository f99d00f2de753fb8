// The sandbox remembers exactly what happened: every kind of change is on disk after a restart,
// whatever its method or security; a change that throws is undone; the story copy of signed-out
// calls is never written; one sandbox per folder; old worlds and sessions go; only this machine
// may call it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getResponse } from 'msw';
import { createOpenApiHttp } from 'openapi-msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { paths } from '../../generated/api';
import { refusal, serve } from '../../scripts/sandbox/http';
import { Sandbox } from '../../scripts/sandbox/sandbox';
import { CHECK, STORY_INVITE, TEAM } from '../../scripts/sandbox/story';
import { openSandbox, testClock } from './sandbox-harness';

const ENG = TEAM.engineering;
const SALES = TEAM.sales;
const FRANK_LAPTOP = 'de000000-0000-4000-8000-000000000001';
const DAY = 24 * 60 * 60 * 1000;
const JSON_HEADERS = { 'content-type': 'application/json' };
const clock = testClock();

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});
function folder(): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-persistence-'));
  folders.push(dataDir);
  return dataDir;
}
const open = (dataDir: string) => openSandbox({ dataDir, now: clock.now });
const worldFiles = (dataDir: string) => fs.readdirSync(path.join(dataDir, 'worlds'));

describe('every kind of change is kept across a restart', () => {
  it('a Slack connection (a GET), a snooze, a recipient, a check setting, a move, onboarding, a Google sign-in', async () => {
    const dataDir = folder();
    const first = await open(dataDir);
    const token = await first.login('kept-all@example.com');
    const api = first.client(token);
    expect(
      (await api.GET('/slack/auth', { params: { query: { code: 'kept-code' } } })).data,
    ).toEqual({ ok: true });
    const invite = (
      await api.POST('/team/{teamId}/invite', {
        params: { path: { teamId: SALES } },
        body: { email: 'new@northwind.example' },
      })
    ).data!;
    // Signed out, as the snooze link in the mail is followed.
    await first.client().PATCH('/team/{teamId}/snooze/emails', {
      params: { path: { teamId: SALES } },
      body: { inviteId: invite.inviteId! },
    });
    await api.POST('/team/{teamId}/report/email', {
      params: { path: { teamId: ENG } },
      body: { email: 'weekly@northwind.example', frequency: 'weekly' },
    });
    await api.PATCH('/team/{teamId}/settings/checks', {
      params: { path: { teamId: ENG } },
      body: { checks: [{ id: CHECK.firewall, level: 'optional' }] },
    });
    await api.PATCH('/device/{deviceId}/move', {
      params: { path: { deviceId: FRANK_LAPTOP } },
      body: { teamId: SALES },
    });
    await api.POST('/user/info', { body: {} as never });
    await first.client().POST('/sso/google', { body: { code: 'google-once' } });

    const second = await open(dataDir);
    const again = second.client(token);
    const user = (await again.GET('/user')).data!;
    expect(user.slackConfig).toEqual({ teamId: ENG, channel: '#device-security' });
    expect(user.onboardingCompleted).toBe(true);
    expect(
      (await again.GET('/team/{teamId}/slack/integrations', { params: { path: { teamId: ENG } } }))
        .data,
    ).toContainEqual({ channel: '#device-security', email: user.email });
    // A Slack code works once, also after a restart.
    expect(
      (await again.GET('/slack/auth', { params: { query: { code: 'kept-code' } } })).response
        .status,
    ).toBe(400);
    const world = second.sandbox.existing('kept-all@example.com')!;
    expect(
      world.invites.findFirst((q) => q.where({ id: invite.inviteId }))!.snoozedUntil,
    ).not.toBeNull();
    expect(
      (await again.GET('/team/{teamId}/report/emails', { params: { path: { teamId: ENG } } })).data,
    ).toContainEqual(
      expect.objectContaining({ email: 'weekly@northwind.example', frequency: 'weekly' }),
    );
    const checks = (
      await again.GET('/team/{teamId}/settings/checks', { params: { path: { teamId: ENG } } })
    ).data!;
    expect(
      checks.claims.flatMap((claim) => claim.checks).find((check) => check.id === CHECK.firewall)!
        .level,
    ).toBe('optional');
    expect(
      (await again.GET('/device/{deviceId}', { params: { path: { deviceId: FRANK_LAPTOP } } }))
        .data!.teamId,
    ).toBe(SALES);
    const teams = (await again.GET('/teams')).data!;
    expect(teams.find((team) => team.id === ENG)!.deviceCount).toBe(46);
    expect(teams.find((team) => team.id === SALES)!.deviceCount).toBe(1);
    // The Google code was used once (kept in the Google world's file).
    const google = await second.client().POST('/sso/google', { body: { code: 'google-once' } });
    expect(google.response.status).toBe(400);
  });
});

describe('a change is whole or not at all', () => {
  it('a change that throws leaves memory and disk as they were', async () => {
    const dataDir = folder();
    const h = await open(dataDir);
    const token = await h.login('undone@example.com');
    const file = path.join(dataDir, 'worlds', worldFiles(dataDir)[0]!);
    const before = fs.readFileSync(file, 'utf8');
    const world = h.sandbox.existing('undone@example.com')!;
    const me = world.person(h.sandbox.signed(token)!.person.id)!;
    await expect(
      h.sandbox.transaction(async () => {
        const reached = h.sandbox.existing('undone@example.com')!;
        await reached.renameDevice(me, FRANK_LAPTOP, { deviceName: 'Half done' });
        throw new Error('the second half failed');
      }),
    ).rejects.toThrow('the second half failed');
    expect(world.devices.findFirst((q) => q.where({ id: FRANK_LAPTOP }))!.deviceName).toBe(
      "Frank's MacBook Pro",
    );
    expect(fs.readFileSync(file, 'utf8')).toBe(before);
  });

  it('an email verification refused after marking its stage is undone', async () => {
    const h = await open(folder());
    const token = await h.login('verify@example.com');
    await h
      .client(token)
      .POST('/user/email/change', { body: { newEmail: 'taken-later@example.com' } });
    const world = h.sandbox.existing('verify@example.com')!;
    const { changeToken } = world.emailChanges.all()[0]!;
    const verify = (stage: 'CurrentEmail' | 'NewEmail') =>
      h.client().POST('/user/email/verify', {
        body: { newEmail: 'taken-later@example.com', changeToken, stage },
      });
    expect((await verify('CurrentEmail')).response.status).toBe(200);
    // Meanwhile the address became someone else's: the last stage is refused, and not half kept.
    await h
      .client(token)
      .POST('/user/collaborator', { body: { email: 'taken-later@example.com', ssoOnly: false } });
    expect((await verify('NewEmail')).response.status).toBe(400);
    expect(world.emailChanges.all()[0]).toMatchObject({
      currentEmailVerified: true,
      newEmailVerified: false,
    });
  });

  it('a change inside a change runs in place, and a reset never interleaves with a write in flight', async () => {
    const dataDir = folder();
    const h = await open(dataDir);
    expect(await h.sandbox.transaction(() => h.sandbox.transaction(async () => 'nested'))).toBe(
      'nested',
    );
    const token = await h.login('race@example.com');
    const rename = h.client(token).PATCH('/device/{deviceId}/rename', {
      params: { path: { deviceId: FRANK_LAPTOP } },
      body: { deviceName: 'Renamed before the reset' },
    });
    const reset = h.fetch('/__sandbox/reset', {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify({ email: 'race@example.com' }),
    });
    expect((await rename).response.status).toBe(204);
    expect((await reset).status).toBe(200);
    // Whichever ran first, the disk holds what memory holds.
    const inMemory = h.sandbox.existing('race@example.com')!.serialize();
    const restarted = await open(dataDir);
    expect(restarted.sandbox.existing('race@example.com')!.serialize()).toBe(inMemory);
  });

  it("a signed-out snooze of the story's own invite is answered, never written, and the story stays as it was", async () => {
    const dataDir = folder();
    const h = await open(dataDir);
    const snooze = await h.client().PATCH('/team/{teamId}/snooze/emails', {
      params: { path: { teamId: ENG } },
      body: { inviteId: STORY_INVITE },
    });
    expect(snooze.response.status).toBe(204);
    expect(worldFiles(dataDir)).toEqual([]);
    const story = (await h.sandbox.publicWorld(() => true, STORY_INVITE))!;
    expect(story.invites.findFirst((q) => q.where({ id: STORY_INVITE }))!.snoozedUntil).toBeNull();
  });
});

describe('the data folder', () => {
  it('a second sandbox on the same folder refuses to start while the first runs; a lock left by a stopped one is taken over', async () => {
    const dataDir = folder();
    // The test runner's parent process is running: as if another sandbox held the folder.
    fs.writeFileSync(path.join(dataDir, 'sandbox.lock'), String(process.ppid));
    await expect(Sandbox.open({ dataDir })).rejects.toThrow(
      `${dataDir} is used by another sandbox (process ${process.ppid}): stop it, or give this one another folder (SANDBOX_DATA_DIR)`,
    );
    const stopped = spawnSync(process.execPath, ['-e', '']).pid!;
    fs.writeFileSync(path.join(dataDir, 'sandbox.lock'), String(stopped));
    const sandbox = await Sandbox.open({ dataDir });
    expect(fs.readFileSync(path.join(dataDir, 'sandbox.lock'), 'utf8')).toBe(String(process.pid));
    sandbox.close();
    expect(fs.existsSync(path.join(dataDir, 'sandbox.lock'))).toBe(false);
  });

  it('worlds unused and sessions older than the age limit are dropped at start', async () => {
    const dataDir = folder();
    const h = await open(dataDir);
    const token = await h.login('old@example.com');
    const recent = await h.login('recent@example.com');
    const old = new Date(clock.now() - 31 * DAY);
    const file = worldFiles(dataDir).find((name) => name.startsWith('old@'))!;
    fs.utimesSync(path.join(dataDir, 'worlds', file), old, old);
    const restarted = await openSandbox({ dataDir, now: clock.now, maxAgeDays: 30 });
    expect(restarted.sandbox.size).toBe(1);
    expect(restarted.sandbox.signed(token)).toBeUndefined();
    expect(restarted.sandbox.signed(recent)).toBeDefined();
    const later = await openSandbox({ dataDir, now: () => clock.now() + 31 * DAY, maxAgeDays: 30 });
    expect(later.sandbox.signed(recent)).toBeUndefined();
  });
});

describe('only this machine may call the sandbox', () => {
  it('refuses another Host (DNS rebinding), another Origin, and a POST to the controls that is not JSON', async () => {
    const h = await open(folder());
    const status = (url: string, init?: RequestInit) =>
      h.fetch(url, init).then((answer) => answer.status);
    expect(await status('http://rebound.example:4020/__sandbox/mail?email=a@example.com')).toBe(
      403,
    );
    expect(await status('http://rebound.example:4020/api/v1/teams')).toBe(403);
    const login = {
      method: 'POST',
      body: JSON.stringify({ email: 'o@example.com', password: 'x' }),
    };
    expect(
      await status('/api/v1/user/login', {
        ...login,
        headers: { ...JSON_HEADERS, origin: 'https://evil.example' },
      }),
    ).toBe(403);
    expect(
      await status('/__sandbox/reset', {
        method: 'POST',
        headers: { origin: 'null', ...JSON_HEADERS },
        body: '{}',
      }),
    ).toBe(403);
    // A text/plain POST needs no preflight: refused.
    expect(
      await status('/__sandbox/reset', {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify({ email: 'o@example.com' }),
      }),
    ).toBe(415);
    expect(
      await status('/api/v1/user/login', { ...login, headers: { 'content-type': 'text/plain' } }),
    ).toBe(400);
    // This machine under any of its names and ports, from the console's own origin.
    expect(
      await status('/api/v1/user/login', {
        ...login,
        headers: { ...JSON_HEADERS, origin: 'http://localhost:5173' },
      }),
    ).toBe(200);
    for (const host of ['127.0.0.1:4020', '[::1]:4020', 'localhost']) {
      const request = new Request(`http://${host}/__sandbox/status`, {
        headers: { origin: 'http://127.0.0.1:5173' },
      });
      expect(refusal(request)).toBeNull();
    }
  });
});

describe('a handler', () => {
  it('whose operation key is not its own path fails each call instead of answering for another operation', async () => {
    const sandbox = await Sandbox.open({ dataDir: null });
    const api = createOpenApiHttp<paths>({ baseUrl: 'http://localhost/api/v1' });
    const wrong = api.get('/teams', (info) =>
      serve(sandbox, 'GET /user/admins', info, () => info.response(200).json([])),
    );
    const answer = await getResponse([wrong], new Request('http://localhost/api/v1/teams'));
    expect(answer!.status).toBe(500);
    expect(await answer!.json()).toMatchObject({
      message: 'the handler of GET /user/admins answered GET /api/v1/teams',
    });
  });
});
