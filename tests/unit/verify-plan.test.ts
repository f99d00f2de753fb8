// @vitest-environment node
// The plan of npm run contract:verify (scripts/lib/verify-plan.ts) and what a run may change
// (scripts/lib/verify-run.ts runMode): it calls every operation of the contract, makes data before
// it uses it and removes it after, classes every write by what it touches, and writes only where
// it is allowed to; and two-factor codes (scripts/lib/totp.ts) as an authenticator app computes them.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { totpCode, totpMatches } from '../../scripts/lib/totp';
import { PLAN_OPERATIONS, STEPS, type VerifyContext } from '../../scripts/lib/verify-plan';
import {
  UsageError,
  isLoopback,
  modeLines,
  parseVerifyArgs,
  runMode,
} from '../../scripts/lib/verify-run';

const here = path.dirname(fileURLToPath(import.meta.url));
const document = YAML.parse(
  fs.readFileSync(path.join(here, '..', '..', 'openapi', 'openapi.yaml'), 'utf8'),
  { maxAliasCount: -1 },
) as { paths: Record<string, Record<string, { operationId?: string }>> };
const methodOf = new Map(
  Object.values(document.paths).flatMap((item) =>
    Object.entries(item).map(([method, operation]) => [operation?.operationId, method]),
  ),
);
const operationIds = Object.values(document.paths)
  .flatMap((item) => Object.values(item).map((operation) => operation?.operationId))
  .filter((id): id is string => typeof id === 'string')
  .sort();

describe('the contract:verify plan', () => {
  it('calls every operation of the contract, and only those (so every one the console uses)', () => {
    expect(operationIds).toHaveLength(55);
    expect([...PLAN_OPERATIONS]).toEqual(operationIds);
    const usage = fs.readFileSync(
      path.join(here, '..', '..', 'openapi', 'CONSOLE-USAGE.md'),
      'utf8',
    );
    const used = [...usage.matchAll(/^## (\w+): `/gm)].map((m) => m[1]);
    expect(used.length).toBeGreaterThan(0);
    for (const id of used) expect(PLAN_OPERATIONS, id).toContain(id);
  });

  it('makes what a step needs before it, and removes what it made after', () => {
    const at = (index: number) => STEPS.slice(0, index);
    STEPS.forEach((step, index) => {
      for (const key of step.requires ?? []) {
        if (key === 'session') continue;
        expect(
          at(index).some((earlier) => earlier.provides?.includes(key)),
          `${step.op} needs ${key}`,
        ).toBe(true);
      }
      if (step.cleans && step.cleans !== 'session') {
        expect(
          at(index).some((earlier) => earlier.provides?.includes(step.cleans!)),
          `${step.op} cleans ${step.cleans}`,
        ).toBe(true);
      }
    });
    // The team it made is deleted after the device that visited it went back, and last of all.
    const last = (op: string) => STEPS.map((s) => s.op).lastIndexOf(op);
    expect(last('deleteTeam')).toBeGreaterThan(last('moveDevice'));
    expect(STEPS.at(-1)).toMatchObject({ op: 'logout', cleans: 'session' });
  });

  it('reads with GET only, and writes its own data only to what it made', () => {
    for (const step of STEPS.filter((s) => s.kind === 'read')) {
      expect(methodOf.get(step.op), step.op).toBe('get');
    }
    // What the run found (a team, a device, a collaborator) next to what it made: a step classed
    // as writing its own data addresses only the latter.
    const found = ['found-team', 'found-device', 'found-person@real.example'];
    const ctx: VerifyContext = {
      runId: 'run1',
      teamName: 'contract-verify run1',
      tempPassword: 'temporary',
      sessions: ['other-session'],
      session: true,
      user: { id: 'me', email: 'me@real.example', hasPassword: true },
      homeTeam: { id: 'found-team' },
      deviceOriginal: {
        id: 'found-device',
        teamId: 'found-team',
        deviceName: 'Mac',
        publicId: null,
      },
      collaborator: { email: 'found-person@real.example' },
      ownTeamName: 'contract-verify run1',
      ownTeam: { id: 'own-team' },
      reportEmail: { email: 'run1-report@verify.example', frequency: 'weekly' },
      ownCheck: { id: 'check', level: 'required' },
      ownPolicy: { requireSerial: false },
      invite: { id: 'own-invite', teamId: 'own-team' },
      deletedTeam: { id: 'own-team' },
    };
    const writes = STEPS.filter((s) => s.kind === 'write' && s.request);
    expect(writes.length).toBeGreaterThan(10);
    for (const step of writes) {
      const sent = JSON.stringify(step.request!(ctx));
      for (const value of found) expect(sent, step.op).not.toContain(value);
    }
  });

  it('classes what it does to data it did not make by what that leaves behind', () => {
    const kindsOf = (op: string) => new Set(STEPS.filter((s) => s.op === op).map((s) => s.kind));
    // Put back after, each class behind its flag.
    for (const op of [
      'renameDevice',
      'moveDevice',
      'publishDevice',
      'addAdmin',
      'addTeamCollaborator',
    ])
      expect(kindsOf(op), op).toEqual(new Set(['existing']));
    expect(kindsOf('changePassword')).toEqual(new Set(['password']));
    // Mail to the account's own address cannot be taken back.
    expect(kindsOf('requestPasswordReset')).toEqual(new Set(['irreversible']));
    expect(kindsOf('requestEmailChange')).toEqual(new Set(['irreversible']));
    // Whatever a step leaves until its clean-up, a later step cleans.
    STEPS.forEach((step, index) => {
      if (!step.leaves) return;
      expect(
        STEPS.slice(index + 1).some((later) => later.cleans === step.leaves!.key),
        `${step.op} leaves ${step.leaves.key}`,
      ).toBe(true);
    });
  });
});

describe('where a run may write', () => {
  const mode = (...argv: string[]) => runMode(parseVerifyArgs(argv, {}));
  const refusal = (...argv: string[]) => {
    try {
      mode(...argv);
    } catch (error) {
      expect(error).toBeInstanceOf(UsageError);
      return (error as Error).message;
    }
    throw new Error(`accepted: ${argv.join(' ')}`);
  };

  it('writes to this machine (127.0.0.0/8, localhost, [::1]) and nowhere else by default', () => {
    for (const host of ['127.0.0.1', '127.8.9.10', 'localhost', 'LOCALHOST', '[::1]'])
      expect(isLoopback(new URL(`http://${host}:8080`).hostname), host).toBe(true);
    for (const host of [
      '10.0.0.1',
      '128.0.0.1',
      'staging.example.com',
      'localhost.evil.example',
      '[::2]',
      '0.0.0.0',
    ])
      expect(isLoopback(new URL(`http://${host}:8080`).hostname), host).toBe(false);
    expect(mode('--upstream', 'http://127.0.0.1:4020/api/v1')).toMatchObject({ writes: true });
    const remote = mode('--upstream', 'https://api.example.com/api/v1');
    expect(remote).toMatchObject({ writes: false });
    expect(modeLines({}, remote)).toEqual([
      'contract:verify: read-only (api.example.com is not this machine; --allow-writes=api.example.com accepts writes there): only reads, a login and logout, and made-up secrets the server must refuse',
    ]);
  });

  it('writes to another host only when --allow-writes names it, and refuses a mismatch', () => {
    expect(
      mode(
        '--upstream',
        'https://staging.example.com/api/v1',
        '--allow-writes=staging.example.com',
      ),
    ).toMatchObject({ writes: true, why: '--allow-writes names staging.example.com' });
    expect(
      refusal(
        '--upstream',
        'https://prod.example.com/api/v1',
        '--allow-writes=staging.example.com',
      ),
    ).toBe(
      '--allow-writes names staging.example.com, but --upstream is prod.example.com: writes go only to the host named, so nothing was sent',
    );
    expect(
      refusal(
        '--upstream',
        'https://prod.example.com/api/v1',
        '--touch-existing-data',
        '--include-irreversible',
      ),
    ).toBe(
      '--touch-existing-data, --include-irreversible would change data on prod.example.com, which is not this machine: pass --allow-writes=prod.example.com to accept writes there (or leave them out for a read-only run)',
    );
    expect(
      refusal(
        '--upstream',
        'http://127.0.0.1:1/api',
        '--read-only',
        '--change-password',
        '--password',
        'p',
      ),
    ).toBe('--read-only and --change-password exclude each other');
    expect(refusal('--upstream', 'http://127.0.0.1:1/api', '--change-password')).toBe(
      '--change-password needs --password (the current one, to set it back)',
    );
  });

  it('runs each class of change to data it did not make only with its flag, and lists them first', () => {
    const local = ['--upstream', 'http://localhost:4020/api/v1'];
    expect([...mode(...local).kinds]).toEqual([]);
    const all = mode(
      ...local,
      '--touch-existing-data',
      '--change-password',
      '--password',
      'p',
      '--include-irreversible',
    );
    expect([...all.kinds].sort()).toEqual(['existing', 'irreversible', 'password']);
    const only = { only: new Set(['changePassword', 'requestPasswordReset']) };
    expect(modeLines(only, mode(...local, '--change-password', '--password', 'p'))).toEqual([
      'contract:verify: writes (localhost is this machine): what it makes it removes; data it did not make:',
      "  ▸ changePassword: to a temporary password, then back (a server may end the account's other sessions) · put back after · runs",
      '  ○ requestPasswordReset: sends the reset email to the account · cannot be undone · not run (--include-irreversible runs it)',
    ]);
  });
});

describe('two-factor codes', () => {
  it('are computed as RFC 6238 says (its test vector, SHA-1, 6 digits), one step of drift allowed', () => {
    // base32 of the ASCII secret "12345678901234567890"
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(totpCode(secret, 59_000)).toBe('287082');
    expect(totpCode(secret, 1_111_111_109_000)).toBe('081804');
    expect(totpCode(secret, 2_000_000_000_000)).toBe('279037');
    expect(totpCode('not base32!')).toBeUndefined();
    expect(totpMatches(secret, '287082', 59_000 + 30_000)).toBe(true);
    expect(totpMatches(secret, '287082', 59_000 + 60_000)).toBe(false);
  });
});
