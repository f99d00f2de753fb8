// @vitest-environment node
// The plan of npm run contract:verify (scripts/lib/verify-plan.ts): it calls every operation of the
// contract, makes data before it uses it and removes it after, and computes two-factor codes as an
// authenticator app does.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { totpCode } from '../../scripts/lib/totp';
import { PLAN_OPERATIONS, STEPS } from '../../scripts/lib/verify-plan';

const here = path.dirname(fileURLToPath(import.meta.url));
const document = YAML.parse(
  fs.readFileSync(path.join(here, '..', '..', 'openapi', 'openapi.yaml'), 'utf8'),
  { maxAliasCount: -1 },
) as { paths: Record<string, Record<string, { operationId?: string }>> };
const operationIds = Object.values(document.paths)
  .flatMap((item) => Object.values(item).map((operation) => operation?.operationId))
  .filter((id): id is string => typeof id === 'string')
  .sort();

describe('the contract:verify plan', () => {
  it('calls every operation of the contract, and only those (so every one the console uses)', () => {
    expect(operationIds).toHaveLength(50);
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
    // What cannot be undone is marked so.
    expect(
      [...new Set(STEPS.filter((s) => s.kind === 'irreversible').map((s) => s.op))].sort(),
    ).toEqual([
      'addCollaborator',
      'confirmTwoFactor',
      'getDevice',
      'removeDevice',
      'requestEmailChange',
      'saveOnboardingInfo',
      'updateBilling',
    ]);
  });

  it('computes RFC 6238 codes (the RFC test vector, SHA-1, 6 digits)', () => {
    // base32 of the ASCII secret "12345678901234567890"
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(totpCode(secret, 59_000)).toBe('287082');
    expect(totpCode(secret, 1_111_111_109_000)).toBe('081804');
    expect(totpCode(secret, 2_000_000_000_000)).toBe('279037');
    expect(totpCode('not base32!')).toBeUndefined();
  });
});
