// npm run contract:verify against servers the test runs: the project's sandbox (npm run sandbox)
// and a well-behaved fake (every operation passes, and everything the run made is gone afterwards),
// a deliberately faulty one (each fault named by operation, JSON path, rule and received value);
// --read-only, --token, --only and a failed login.
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

function verify(...args: string[]): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    // The script itself, as `npm run contract:verify` runs it (without npm's own start-up).
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'scripts/contract-verify.ts', ...args],
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
    child.stdout.setEncoding('utf8').on('data', (text: string) => (output += text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => (output += text));
    child.on('exit', (status) => resolve({ status, output }));
  });
}

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

  it('passes on all 50 operations, twice in the same world', async () => {
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
        '--include-irreversible',
      );
      expect(output, `round ${round}`).toContain(
        'contract:verify: 50 of 50 operations checked: 50 ✔, 0 ✖; 0 skipped',
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
      '--include-irreversible',
    );
    const after = backend.state();
    expect(output).toMatch(/contract:verify: passed: every answer matches the contract\n/);
    expect(status, output).toBe(0);
    expect(output).toContain(`(openapi-hash ${OPENAPI_HASH})`);
    expect(output).toContain(`contract:verify: 50 of 50 operations checked: 50 ✔, 0 ✖; 0 skipped`);
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
    expect(output).toMatch(/contract:verify: 20 of 50 operations checked: 20 ✔, 0 ✖; 30 skipped/);
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
      'renameDevice [not with --read-only]',
      'getDevice · the new name shows [not with --read-only]',
      'renameDevice · back to its name [not with --read-only]',
      'logout · the session it opened',
    ]);
    const unknown = await verify('--only', 'renameDevices', '--list');
    expect(unknown.status).toBe(2);
    expect(unknown.output).toMatch(/--only: no such operation renameDevices/);
  });
});
