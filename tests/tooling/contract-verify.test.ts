// npm run contract:verify against servers the test runs: the project's sandbox (npm run sandbox)
// and a well-behaved fake (every operation passes, and everything the run made is gone afterwards),
// a deliberately faulty one (each fault named by operation, JSON path, rule and received value);
// --read-only, --token, --only and a failed login; and the guards: no writes to a server that is
// not on this machine unless --allow-writes names it, nothing it did not make without its flag,
// and a run stopped by Ctrl-C, a crash or a refused put-back undoes what it can and prints the rest.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { OPENAPI_HASH } from '../../generated/openapi-hash';
import { PLAN_OPERATIONS } from '../../scripts/lib/verify-plan';
import { type FakeBackend, startFakeBackend } from './fake-backend';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const PASSWORD = 'correct horse battery';

// A name that is not this machine's, which the spawned command resolves to the fake backend
// (127.0.0.1) all the same: a "remote" server the test can look at.
const REMOTE = 'verify-remote.example';
const RESOLVE_REMOTE = `data:text/javascript,${encodeURIComponent(`
import dns from 'node:dns';
const lookup = dns.lookup;
dns.lookup = function (hostname, options, callback) {
  if (hostname !== ${JSON.stringify(REMOTE)}) return lookup.call(this, hostname, options, callback);
  const done = typeof options === 'function' ? options : callback;
  const all = typeof options === 'object' && options !== null && options.all;
  process.nextTick(() => (all ? done(null, [{ address: '127.0.0.1', family: 4 }]) : done(null, '127.0.0.1', 4)));
};`)}`;

interface Started {
  child: ChildProcess;
  /** Resolves when the output so far matches `pattern` (no timer: the test's own timeout bounds it). */
  waitFor(pattern: RegExp): Promise<void>;
  exited: Promise<{ status: number | null; output: string }>;
}

function start(...args: string[]): Started {
  // The script itself, as `npm run contract:verify` runs it (without npm's own start-up).
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--import', RESOLVE_REMOTE, 'scripts/contract-verify.ts', ...args],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        CONTRACT_VERIFY_TOKEN: '',
        CONTRACT_VERIFY_EMAIL: '',
        CONTRACT_VERIFY_PASSWORD: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const waiting: { pattern: RegExp; resolve: () => void }[] = [];
  const take = (text: string) => {
    output += text;
    for (const wait of [...waiting]) {
      if (!wait.pattern.test(output)) continue;
      waiting.splice(waiting.indexOf(wait), 1);
      wait.resolve();
    }
  };
  child.stdout!.setEncoding('utf8').on('data', take);
  child.stderr!.setEncoding('utf8').on('data', take);
  return {
    child,
    waitFor: (pattern) =>
      pattern.test(output)
        ? Promise.resolve()
        : new Promise((resolve) => waiting.push({ pattern, resolve })),
    exited: new Promise((resolve) => child.on('exit', (status) => resolve({ status, output }))),
  };
}

const verify = (...args: string[]) => start(...args).exited;
const WRITE_FLAGS = ['--touch-existing-data', '--change-password', '--include-irreversible'];

let backend: FakeBackend | undefined;
afterEach(async () => {
  await backend?.close();
  backend = undefined;
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

describe('against the sandbox', () => {
  let sandbox: ChildProcess | undefined;
  let dataDir = '';
  afterEach(async () => {
    if (sandbox && sandbox.exitCode === null) {
      const exited = new Promise((resolve) => sandbox!.once('exit', resolve));
      sandbox.kill('SIGTERM');
      await exited;
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('passes on all 55 operations, twice in the same world', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'verify-sandbox-'));
    const port = await freePort();
    sandbox = spawn(process.execPath, ['--import', 'tsx', 'scripts/sandbox/server.ts'], {
      cwd: ROOT,
      env: { ...process.env, SANDBOX_PORT: String(port), SANDBOX_DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    sandbox.stdout!.setEncoding('utf8').on('data', (text: string) => (log += text));
    sandbox.stderr!.setEncoding('utf8').on('data', (text: string) => (log += text));
    await expect
      .poll(() => log, { timeout: 60_000 })
      .toMatch(/sandbox: http:\/\/127\.0\.0\.1:\d+\/api\/v1/);
    const upstream = `http://127.0.0.1:${port}/api/v1`;
    for (const round of [1, 2]) {
      const { status, output } = await verify(
        '--upstream',
        upstream,
        '--email',
        'verify@ci.example',
        '--password',
        PASSWORD,
        ...WRITE_FLAGS,
      );
      expect(output, `round ${round}`).toContain(
        'contract:verify: 55 of 55 operations checked: 55 ✔, 0 ✖; 0 skipped',
      );
      expect(status, output).toBe(0);
    }
  }, 240_000); // two full runs
});

describe('against a well-behaved server', () => {
  it('checks every operation of the contract, passes, and leaves the data as it found it', async () => {
    backend = await startFakeBackend();
    const before = backend.state();
    const { status, output } = await verify(
      '--upstream',
      backend.url,
      '--email',
      'alice@northwind.example',
      '--password',
      PASSWORD,
      ...WRITE_FLAGS,
    );
    const after = backend.state();
    expect(output).toMatch(/contract:verify: passed: every answer matches the contract\n/);
    expect(status, output).toBe(0);
    expect(output).toContain(`(openapi-hash ${OPENAPI_HASH})`);
    expect(output).toContain(`contract:verify: 55 of 55 operations checked: 55 ✔, 0 ✖; 0 skipped`);
    expect(output).not.toMatch(/^✖/m);
    expect(output).toMatch(
      /^✔ \[cv-[0-9a-f]{8}-\d+\] GET \/teams \(listTeams\) → 200 · the new team is listed$/m,
    );
    expect(output).toMatch(
      /^✔ \[cv-[0-9a-f]{8}-\d+\] PATCH \/user\/2fa \(confirmTwoFactor\) → 204/m,
    );
    // Everything it created it removed; what it changed it put back; only what cannot be undone
    // stays (the removed device, the invited collaborator).
    expect(after.teams).toEqual(before.teams);
    expect(after.reports).toEqual({ ...before.reports });
    expect(after.admins).toEqual(before.admins);
    expect(after.password).toBe(PASSWORD);
    const removed = before.devices.filter(
      (d: { id: string }) => !after.devices.some((a: { id: string }) => a.id === d.id),
    );
    expect(removed).toHaveLength(1);
    expect(after.devices).toEqual(before.devices.filter((d: { id: string }) => d !== removed[0]));
    expect(after.collaborators.slice(0, before.collaborators.length)).toEqual(before.collaborators);
    expect(after.collaborators.slice(before.collaborators.length)).toEqual([
      { email: expect.stringMatching(/^[0-9a-f]{8}-collaborator@verify\.example$/), teams: [] },
    ]);
    const calls = backend.calls;
    expect(calls.filter((c) => c === 'POST createTeam')).toHaveLength(1);
    expect(calls.filter((c) => c === 'DELETE deleteTeam')).toHaveLength(1);
    expect(calls.at(-1)).toBe('POST logout');
    expect(new Set(calls.map((c) => c.split(' ')[1]))).toEqual(new Set(PLAN_OPERATIONS));
  });

  it('--read-only with --token: no call that changes state, nothing logged in or out', async () => {
    backend = await startFakeBackend([], { sessions: ['a-session-from-the-console'] });
    const { status, output } = await verify(
      '--upstream',
      backend.url,
      '--token',
      'a-session-from-the-console',
      '--read-only',
    );
    expect(status, output).toBe(0);
    // Only the calls with a made-up secret, which the server refuses, are not GETs.
    const changing = [...new Set(backend.calls.filter((c) => !c.startsWith('GET ')))].sort();
    expect(changing).toEqual(['POST googleSignIn', 'POST resetPassword', 'POST verifyEmailChange']);
    expect(output).toMatch(/^ {2}○ login: the session given with --token is used$/m);
    expect(output).toMatch(
      /^○ \[skipped\] POST \/user\/logout \(logout\): would end the session given with --token$/m,
    );
    expect(output).toMatch(/^ {2}○ createTeam, .*, deleteTeam: changes state \(--read-only\)$/m);
    expect(output).toMatch(/contract:verify: 23 of 55 operations checked: 23 ✔, 0 ✖; 32 skipped/);
    expect(output).toMatch(/^ {2}○ logout: would end the session given with --token$/m);
  });
});

describe('against a faulty server', () => {
  it('fails, naming the operation, the JSON path, the rule and the received value', async () => {
    backend = await startFakeBackend([
      'listTeams: deviceCount as a string',
      'getBilling: no openapi-hash',
      'getTeam: 409',
      'createTeam: not stored',
    ]);
    const { status, output } = await verify(
      '--upstream',
      backend.url,
      '--email',
      'alice@northwind.example',
      '--password',
      PASSWORD,
    );
    expect(status, output).toBe(1);
    /** The lines of the call whose headline starts with `headline` (after the request id). */
    const block = (headline: string) => {
      const lines = output.split('\n');
      const start = lines.findIndex((line) =>
        line.replace(/^✖ \[cv-[0-9a-f]{8}-\d+\] /, '').startsWith(headline),
      );
      expect(start, `${headline} in\n${output}`).toBeGreaterThanOrEqual(0);
      const end = lines.findIndex((line, i) => i > start && /^[✔✖○]|^$/.test(line));
      return lines
        .slice(start, end)
        .join('\n')
        .replace(/^✖ \[cv-[0-9a-f]{8}-\d+\] /, '');
    };
    expect(block('GET /teams (listTeams) → 200: ')).toBe(
      [
        'GET /teams (listTeams) → 200: 1 violation(s)',
        '    ✖ response body $[0].deviceCount · type: Response body property 0.deviceCount must be integer · received "20"',
      ].join('\n'),
    );
    expect(block('GET /team/{teamId} (getTeam) → 409')).toContain(
      '    ✖ response status 409 · undeclared-status: 409 is not declared for this operation (declared: 200, 400, 401, 402, 404, 429, 500, 503)',
    );
    const billing = block('GET /user/billing (getBilling) → 200');
    expect(billing).toContain(
      '    ✖ response header openapi-hash · required: the contract hash header is missing',
    );
    expect(billing).toContain(`      expected hash ${OPENAPI_HASH}`);
    expect(billing).toContain('      received hash (no header)');
    expect(block('GET /teams (listTeams) → 200 · the new team is listed')).toMatch(
      /✖ response body · flow: the team "contract-verify [0-9a-f]{8}" that createTeam made is not in the list$/,
    );
    expect(output).toMatch(/operations checked: \d+ ✔, 3 ✖ \(listTeams, getTeam, getBilling\)/);
    expect(output).toMatch(
      /contract:verify: FAILED: 3 operation\(s\) answered against the contract/,
    );
  });
});

describe('the session and the selection', () => {
  it('a failed login is reported and the run goes on with what needs no session', async () => {
    backend = await startFakeBackend();
    const { status, output } = await verify(
      '--upstream',
      backend.url,
      '--email',
      'alice@northwind.example',
      '--password',
      'wrong password',
      '--only',
      'getUser,googleSignIn',
    );
    expect(status, output).toBe(1);
    expect(output).toMatch(
      /^✖ \[cv-[0-9a-f]{8}-01\] POST \/user\/login \(login\) → 401 · log in with --email\/--password: 1 violation\(s\)\n {4}✖ response status 401 · unexpected-status: the console's flow needs 200 here/m,
    );
    expect(output).toMatch(
      /^✔ \[cv-[0-9a-f]{8}-02\] POST \/sso\/google \(googleSignIn\) → 400 · a made-up Google code$/m,
    );
    expect(output).toMatch(/^ {2}○ getUser: login answered 401$/m);
    expect(output).toMatch(/^ {2}✖ login failed: login answered 401$/m);
    expect(backend.calls).toEqual(['POST login', 'POST googleSignIn']);
  });

  it('--only runs the operation with what makes and removes its data (--list shows the plan)', async () => {
    const { status, output } = await verify('--only', 'renameDevice', '--list');
    expect(status).toBe(0);
    expect(output.trim().split('\n')).toEqual([
      'login · log in with --email/--password',
      'listTeams',
      'listTeamDevices · first page, newest report first (the list page)',
      'getDevice',
      'renameDevice · renamed, then back [--touch-existing-data]',
      'getDevice · the new name shows [--touch-existing-data]',
      'renameDevice · back to its name [--touch-existing-data]',
      'logout · the session it opened',
    ]);
    const unknown = await verify('--only', 'renameDevices', '--list');
    expect(unknown.status).toBe(2);
    expect(unknown.output).toMatch(/--only: no such operation renameDevices/);
  });
});

describe('what a run may change', () => {
  const login = ['--email', 'alice@northwind.example', '--password', PASSWORD];
  /**
   * What the server keeps that is not the run's own (its team's settings come and go with it); the
   * password is the one the first login set, unless a run changed it.
   */
  const kept = (server: FakeBackend) => {
    const { teams, devices, admins, collaborators, password, reports } = server.state();
    return { teams, devices, admins, collaborators, password: password || PASSWORD, reports };
  };

  it('on this machine without a flag: only what it makes; what it did not make is listed first and left alone', async () => {
    backend = await startFakeBackend();
    const before = kept(backend);
    const { status, output } = await verify('--upstream', backend.url, ...login);
    expect(status, output).toBe(0);
    const lines = output.split('\n');
    const listed = lines.findIndex((line) => line.startsWith('contract:verify: writes ('));
    expect(lines[listed]).toBe(
      'contract:verify: writes (127.0.0.1 is this machine): what it makes it removes; data it did not make:',
    );
    expect(listed).toBeLessThan(lines.findIndex((line) => /^[✔✖] \[cv-/.test(line)));
    expect(output).toContain(
      '  ○ requestPasswordReset: sends the reset email to the account · cannot be undone · not run (--include-irreversible runs it)',
    );
    expect(output).toContain(
      "  ○ changePassword: to a temporary password, then back (a server may end the account's other sessions) · put back after · not run (--change-password runs it)",
    );
    const untouched = new Set(
      'renameDevice moveDevice publishDevice unpublishDevice addAdmin addTeamCollaborator createTwoFactorSecret changePassword requestPasswordReset'.split(
        ' ',
      ),
    );
    expect(backend.calls.filter((call) => untouched.has(call.split(' ')[1]!))).toEqual([]);
    expect(backend.calls).toContain('POST createTeam');
    expect(kept(backend)).toEqual(before);
  });

  it('on another host without --allow-writes: read-only, and a host --allow-writes does not name: nothing at all', async () => {
    backend = await startFakeBackend();
    const before = kept(backend);
    const remote = backend.url.replace('127.0.0.1', REMOTE);
    const { status, output } = await verify('--upstream', remote, ...login);
    expect(status, output).toBe(0);
    expect(output).toContain(
      `contract:verify: read-only (${REMOTE} is not this machine; --allow-writes=${REMOTE} accepts writes there): only reads, a login and logout, and made-up secrets the server must refuse`,
    );
    const changing = [...new Set(backend.calls.filter((c) => !c.startsWith('GET ')))].sort();
    expect(changing).toEqual([
      'POST googleSignIn',
      'POST login',
      'POST logout',
      'POST resetPassword',
      'POST verifyEmailChange',
    ]);
    expect(kept(backend)).toEqual(before);

    backend.calls.length = 0;
    const refused = await verify('--upstream', remote, ...login, '--allow-writes=staging.example');
    expect(refused.status).toBe(2);
    expect(refused.output).toContain(
      `contract:verify: --allow-writes names staging.example, but --upstream is ${REMOTE}: writes go only to the host named, so nothing was sent`,
    );
    const flagged = await verify('--upstream', remote, ...login, '--touch-existing-data');
    expect(flagged.status).toBe(2);
    expect(flagged.output).toContain(
      `contract:verify: --touch-existing-data would change data on ${REMOTE}, which is not this machine: pass --allow-writes=${REMOTE} to accept writes there`,
    );
    expect(backend.calls).toEqual([]);
  });

  it('Ctrl-C between the two password changes: the password and the rest are put back (a second Ctrl-C prints what would stay)', async () => {
    backend = await startFakeBackend([], { hold: 'changePassword' });
    const before = kept(backend);
    const run = start(
      '--upstream',
      backend.url,
      ...login,
      '--only',
      'moveDevice,changePassword',
      '--touch-existing-data',
      '--change-password',
    );
    // The first change has reached the server, which changed the password and holds its answer.
    await backend.holding;
    expect(backend.state().password).toMatch(/^Contract-verify-[0-9a-f]{8}-[0-9a-f]{12}$/);
    const temporary = backend.state().password as string;
    run.child.kill('SIGINT');
    await run.waitFor(
      /contract:verify: stopped \(SIGINT\): no new call; undoing what it changed\n/,
    );
    run.child.kill('SIGINT');
    await run.waitFor(/ {2}⚠ perhaps \(its answer has not come\): [^\n]*\n/);
    backend.release();
    const { status, output } = await run.exited;
    expect(status, output).toBe(130);
    // The second signal printed what stayed at that moment, the temporary password included.
    expect(output).toContain(
      `  ⚠ perhaps (its answer has not come): the password is the temporary one: ${temporary}`,
    );
    expect(output).toMatch(/^ {2}⚠ the team "contract-verify [0-9a-f]{8}"$/m);
    // Then the run went on with the clean-ups only, and nothing stayed.
    expect(backend.calls.slice(backend.calls.indexOf('POST changePassword'))).toEqual([
      'POST changePassword',
      'POST changePassword',
      'DELETE deleteTeam',
      'POST logout',
    ]);
    expect(kept(backend)).toEqual(before);
    expect(output).not.toContain('⚠ left behind');
    expect(output).toMatch(/contract:verify: STOPPED \(SIGINT\): nothing is left behind\n$/);
  });

  it('a put-back the server refuses: the temporary password is printed, and it is the one set', async () => {
    backend = await startFakeBackend(['changePassword: refuses an earlier password']);
    const { status, output } = await verify(
      '--upstream',
      backend.url,
      ...login,
      '--only',
      'changePassword',
      '--change-password',
    );
    expect(status, output).toBe(1);
    const password = backend.state().password as string;
    expect(password).not.toBe(PASSWORD);
    expect(output).toContain(`  ⚠ left behind: the password is the temporary one: ${password}\n`);
    // Printed only because it stayed: a run that puts it back never prints it (see above).
    expect(output.split(password)).toHaveLength(2);
  });

  it('a crash of a step: no new call, what it made is removed, the run fails', async () => {
    backend = await startFakeBackend(['getDevicePolicy: null']);
    const before = kept(backend);
    const { status, output } = await verify(
      '--upstream',
      backend.url,
      ...login,
      '--only',
      'updateDevicePolicy,addAdmin',
      '--touch-existing-data',
    );
    expect(status, output).toBe(1);
    expect(output).toMatch(/^✖ updateDevicePolicy: contract:verify crashed: TypeError/m);
    expect(output).toContain(
      'contract:verify: stopped (a crash): no new call; undoing what it changed',
    );
    expect(backend.calls.slice(backend.calls.indexOf('GET getDevicePolicy'))).toEqual([
      'GET getDevicePolicy',
      'DELETE deleteTeam',
      'POST logout',
    ]);
    // addAdmin comes after the crash in the plan: never sent.
    expect(backend.calls).not.toContain('POST addAdmin');
    expect(kept(backend)).toEqual(before);
  });
});
