import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  bulkChangeNeeded,
  bulkChangePayload,
  findCheck,
  isCheckLevel,
  requiredCount,
  singleChangePayload,
} from '../../src/lib/check-settings';
import type { SettingsClaim } from '../../src/lib/check-settings';
import { teamInviteLink } from '../../src/lib/invite-link';
import { parseJoinQuery } from '../../src/lib/join-query';
import {
  ALREADY_RECIPIENT,
  newRecipientBody,
  recipientProblem,
  reportFrequencyLabel,
} from '../../src/lib/report-recipients';
import { canManageTeamSettings } from '../../src/lib/roles';
import { matchRoute } from '../../src/app/route-match';
import { isUuid } from '../../src/lib/uuid';

// The contract's own examples: the engineering check settings and the bulk-change request.
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const doc = parse(
  readFileSync(new URL('../../openapi/openapi.yaml', import.meta.url), 'utf8'),
) as Json;
const checksPath = doc.paths['/team/{teamId}/settings/checks'] as Json;
const engineering = checksPath.get.responses['200'].content['application/json'].examples.engineering
  .value.claims as SettingsClaim[];
const claimRequest = checksPath.patch.requestBody.content['application/json'].examples.claim.value;
const claim = (name: string) => engineering.find((c) => c.claim === name)!;

const TEAM = '7e000000-0000-4000-8000-000000000001';
const FILEVAULT = 'c3aee29a-f16d-4573-a861-b3ba0d860067';

describe('add-recipient rules (SPEC §5)', () => {
  const existing = [{ email: 'alice@northwind.example', frequency: 'weekly' }];

  it('needs a valid email and a chosen frequency', () => {
    expect(recipientProblem('', 'weekly')?.field).toBe('email');
    expect(recipientProblem('frank@', 'weekly')).toEqual({
      field: 'email',
      message: 'Please enter a valid email',
    });
    expect(recipientProblem('frank@northwind.example', '')?.field).toBe('frequency');
    expect(recipientProblem('frank@northwind.example', 'daily')?.field).toBe('frequency');
    expect(recipientProblem('frank@northwind.example', 'monthly')).toBeNull();
  });

  it('allows 128 characters, not 129', () => {
    const at128 = `${'a'.repeat(128 - '@northwind.example'.length)}@northwind.example`;
    expect(at128).toHaveLength(128);
    expect(recipientProblem(at128, 'weekdays')).toBeNull();
    expect(recipientProblem(`a${at128}`, 'weekdays')).toEqual({
      field: 'email',
      message: 'Email cannot exceed 128 characters',
    });
  });

  it('refuses an address that already gets the report at that frequency (any case)', () => {
    expect(recipientProblem('Alice@Northwind.example', 'weekly', existing)).toEqual({
      field: 'email',
      message: ALREADY_RECIPIENT,
    });
    expect(recipientProblem('alice@northwind.example', 'monthly', existing)).toBeNull();
  });

  it('the body is trimmed, and null while the action must stay disabled', () => {
    expect(newRecipientBody('  frank@northwind.example ', 'monthly', existing)).toEqual({
      email: 'frank@northwind.example',
      frequency: 'monthly',
    });
    expect(newRecipientBody('frank@northwind.example', '', existing)).toBeNull();
    expect(newRecipientBody('alice@northwind.example', 'weekly', existing)).toBeNull();
  });

  it('shows frequencies by name, an unknown one as it came', () => {
    expect(reportFrequencyLabel('weekdays')).toBe('Weekdays');
    expect(reportFrequencyLabel('hourly')).toBe('hourly');
  });
});

describe('check levels', () => {
  it('finds a check by its UUID, in any case, with its claim', () => {
    expect(findCheck(engineering, FILEVAULT.toUpperCase())).toEqual({
      claim: 'System Integrity',
      check: { id: FILEVAULT, description: 'FileVault is on', level: 'required' },
    });
    expect(findCheck(engineering, '00000000-0000-4000-8000-000000000000')).toBeNull();
  });

  it('every check id of the contract is a UUID', () => {
    const ids = engineering.flatMap((c) => c.checks.map((check) => check.id));
    expect(ids).toHaveLength(21);
    expect(ids.every(isUuid)).toBe(true);
    expect(new Set(ids).size).toBe(21);
  });

  it('the single-check page saves only a known level that differs from the current one', () => {
    const fileVault = findCheck(engineering, FILEVAULT)!.check;
    expect(singleChangePayload(fileVault, 'required')).toBeNull();
    expect(singleChangePayload(fileVault, 'disabled')).toBeNull();
    expect(singleChangePayload(fileVault, null)).toBeNull();
    expect(singleChangePayload(fileVault, 'optional')).toEqual({
      checks: [{ id: FILEVAULT, level: 'optional' }],
    });
    expect(isCheckLevel('required') && isCheckLevel('optional') && !isCheckLevel('off')).toBe(true);
  });

  it('counts required checks and knows when a bulk change would change something', () => {
    const updates = claim('Application Updates');
    expect(requiredCount(claim('Access Security'))).toBe(3);
    expect(bulkChangeNeeded(updates, 'required')).toBe(true);
    expect(bulkChangeNeeded(updates, 'optional')).toBe(false);
    expect(bulkChangeNeeded(claim('Firewall & Sharing'), 'optional')).toBe(true);
  });
});

describe('bulk-change payload', () => {
  it('sends every check of the claim at the chosen level: the contract example', () => {
    expect(bulkChangePayload(claim('Application Updates'), 'required')).toEqual(claimRequest);
  });

  it('includes checks already at that level (the whole category is set)', () => {
    const access = claim('Access Security');
    const payload = bulkChangePayload(access, 'optional');
    expect(payload.checks.map((c) => c.id)).toEqual(access.checks.map((c) => c.id));
    expect(new Set(payload.checks.map((c) => c.level))).toEqual(new Set(['optional']));
  });
});

describe('roles, invite link, join query, routes', () => {
  it('only account admins manage team settings; an unknown user does not', () => {
    expect(canManageTeamSettings({ isAdmin: true })).toBe(true);
    expect(canManageTeamSettings({ isAdmin: false })).toBe(false);
    expect(canManageTeamSettings(undefined)).toBe(false);
    expect(canManageTeamSettings(null)).toBe(false);
  });

  it('the public invite link is the app origin + /team/join/{teamId}, empty when it cannot be built', () => {
    expect(teamInviteLink(TEAM, 'https://console.example')).toBe(
      `https://console.example/team/join/${TEAM}`,
    );
    expect(teamInviteLink('', 'https://console.example')).toBe('');
    expect(teamInviteLink(TEAM, 'null')).toBe('');
  });

  it('join query: a valid email is kept, failFast only when "true"', () => {
    expect(parseJoinQuery('?email=heidi%40northwind.example&failFast=true')).toEqual({
      email: 'heidi@northwind.example',
      failFast: true,
    });
    expect(parseJoinQuery('email=not-an-email&failFast=yes')).toEqual({
      email: null,
      failFast: false,
    });
    expect(parseJoinQuery('')).toEqual({ email: null, failFast: false });
  });

  it('a check route matches only a UUID check id', async () => {
    const { ROUTE_TABLE } = await import('../../src/app/route-table');
    const at = (path: string) => matchRoute(ROUTE_TABLE, path)?.route.path ?? null;
    expect(at(`/settings/${TEAM}/check/${FILEVAULT}`)).toBe('/settings/:teamId/check/:checkId');
    expect(at(`/settings/${TEAM}/check/not-a-uuid`)).toBeNull();
    expect(at(`/settings/${TEAM}/check/filevault-on`)).toBeNull();
  });
});
