// The sandbox's rules for what a server remembers, called directly: when an exemption is in force
// and what it changes on a device, how a day's compliance point and the seeded past are computed,
// and how the activity log is filtered and paged.
import { describe, expect, it } from 'vitest';
import { activityPage, matchesActivity } from '../../scripts/sandbox/activity';
import {
  applyExemptions,
  exemptionErrors,
  inForce,
  MAX_EXEMPTION_DAYS,
} from '../../scripts/sandbox/exemptions';
import { changedAt, dayPoint, historySeries, seededPoint } from '../../scripts/sandbox/history';
import type { Device, Schemas } from '../../scripts/sandbox/records';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2026-11-22T12:00:00Z');
const A = 'c3aee29a-f16d-4573-a861-b3ba0d860067';
const B = '2e46c89a-5461-4865-a92e-3b799c12034a';
const C = '7436553a-ae52-479b-937b-2ae14d15a520';
const iso = (time: number) => new Date(time).toISOString();

function device(
  id: string,
  states: Record<string, Schemas['CheckState']>,
  lastCheck = iso(NOW),
): Device {
  const checks = Object.entries(states).map(([check, state]) => ({
    id: check,
    description: check.slice(0, 4),
    state,
    level: check === C ? ('optional' as const) : ('required' as const),
  }));
  const fail = checks.filter((check) => check.state === 'fail');
  const required = fail.filter((check) => check.level === 'required').length;
  return {
    id,
    teamId: '7e000000-0000-4000-8000-000000000001',
    machineUUID: id,
    reportedDeviceName: id,
    deviceName: id,
    status: lastCheck === null ? 'pending' : required > 0 ? 'failing' : 'compliant',
    statusMsg: '',
    passedCount: checks.length - fail.length,
    failedCount: fail.length,
    failedRequiredCount: required,
    disabledCount: 0,
    version: '1',
    osVersion: 'macOS',
    lastCheck,
    modelName: 'Mac',
    modelSerial: null,
    platform: 'macOS',
    created: iso(NOW - 200 * DAY),
    ownerEmail: 'o@example.com',
    publicId: null,
    claims: [{ claim: 'c', checks }],
  };
}
const note = (id = 'e7000000-0000-4000-8000-000000000001') => ({
  id,
  reason: 'Kiosk',
  endsAt: iso(NOW + DAY),
  createdAt: iso(NOW),
  by: { id: 'a1000000-0000-4000-8000-000000000001', email: 'alice@example.com' },
});
const team = {
  checkSettings: {
    claims: [
      {
        claim: 'c',
        checks: [
          { id: A, description: 'A', level: 'required' as const },
          { id: B, description: 'B', level: 'required' as const },
          { id: C, description: 'C', level: 'optional' as const },
        ],
      },
    ],
  },
};

describe('exemptions', () => {
  it('are in force until their end (exclusive) unless ended early', () => {
    const ends = { endsAt: iso(NOW + DAY), endedAt: null };
    expect(inForce(ends, NOW)).toBe(true);
    expect(inForce(ends, NOW + DAY)).toBe(false);
    expect(inForce({ ...ends, endedAt: iso(NOW) }, NOW)).toBe(false);
  });

  it('need a reason and an end in the future, at most a year ahead', () => {
    expect(
      exemptionErrors({ reason: 'Kiosk', endsAt: iso(NOW + MAX_EXEMPTION_DAYS * DAY) }, NOW),
    ).toEqual([]);
    expect(exemptionErrors({ reason: ' ', endsAt: iso(NOW) }, NOW)).toEqual([
      'Enter a reason for the exemption.',
      'The end date must be in the future.',
    ]);
    expect(exemptionErrors({ reason: 'x', endsAt: iso(NOW + 366 * DAY) }, NOW)).toEqual([
      'The end date must be at most a year ahead.',
    ]);
  });

  it('take an exempt failing check out of the failing counts and the status, and mark it', () => {
    const failing = device('d1', { [A]: 'fail', [B]: 'pass', [C]: 'fail' });
    const exempted = applyExemptions(failing, new Map([[A, note()]]), NOW);
    expect(exempted).toMatchObject({
      status: 'compliant',
      failedCount: 1,
      failedRequiredCount: 0,
      exemptCount: 1,
    });
    expect(exempted.claims[0]!.checks[0]).toMatchObject({ state: 'fail', exemption: note() });
    // A passing exempt check is marked but counts nothing; no exemptions: the device as it was.
    const passing = applyExemptions(device('d2', { [A]: 'pass' }), new Map([[A, note()]]), NOW);
    expect(passing).toMatchObject({ exemptCount: 0, failedCount: 0, status: 'compliant' });
    expect(applyExemptions(failing, undefined, NOW)).toBe(failing);
  });
});

describe('the compliance history', () => {
  const devices = [
    device('d1', { [A]: 'fail', [B]: 'fail' }),
    device('d2', { [A]: 'pass', [B]: 'fail', [C]: 'fail' }),
    device('d3', { [A]: 'pass', [B]: 'pass' }),
    device('d4', {}, null as never),
    { ...device('d5', { [A]: 'fail' }), status: 'stale' as const },
  ];

  it('counts a day’s devices by status and each required check’s failing devices, exempt ones not', () => {
    expect(dayPoint('2026-11-22', team, devices)).toEqual({
      date: '2026-11-22',
      compliant: 1,
      failing: 2,
      stale: 1,
      pending: 1,
      failingChecks: [
        { id: A, failing: 2 },
        { id: B, failing: 2 },
      ],
    });
    const exempt = applyExemptions(devices[1]!, new Map([[B, note()]]), NOW);
    const point = dayPoint('2026-11-22', team, [devices[0]!, exempt]);
    expect(point).toMatchObject({ compliant: 1, failing: 1 });
    expect(point.failingChecks).toContainEqual({ id: B, failing: 1 });
  });

  const baseline = dayPoint('2026-11-22', team, devices);

  it('seeds a past that is worse further back, the same on every call, within the devices there are', () => {
    const near = seededPoint(baseline, 'team', '2026-11-21', 1);
    const far = seededPoint(baseline, 'team', '2026-08-24', 90);
    expect(seededPoint(baseline, 'team', '2026-08-24', 90)).toEqual(far);
    expect(far.failing).toBeGreaterThanOrEqual(near.failing);
    for (const point of [near, far]) {
      expect(point.compliant + point.failing).toBe(baseline.compliant + baseline.failing);
      expect(point).toMatchObject({ stale: 1, pending: 1 });
      for (const check of point.failingChecks) expect(check.failing).toBeLessThanOrEqual(3);
    }
  });

  it('answers today live, a stored day carried forward, the seeded past before the baseline, nothing before the team', () => {
    const stored = [
      { teamId: 't', baseline: true, point: { ...baseline, date: '2026-11-10' } },
      { teamId: 't', baseline: false, point: { ...baseline, date: '2026-11-10' } },
      { teamId: 't', baseline: false, point: { ...baseline, date: '2026-11-15', failing: 0 } },
    ];
    const live = { ...baseline, date: '2026-11-22', failing: 9 };
    const series = historySeries(stored, live, 't', '2026-11-01T00:00:00Z', 30);
    expect(series.map((point) => point.date)).toHaveLength(22);
    expect(series[0]!.date).toBe('2026-11-01');
    expect(series.at(-1)).toBe(live);
    expect(series.find((point) => point.date === '2026-11-20')!.failing).toBe(0);
    expect(series.find((point) => point.date === '2026-11-12')!.failing).toBe(baseline.failing);
    expect(series.find((point) => point.date === '2026-11-05')).toEqual(
      seededPoint(stored[0]!.point, 't', '2026-11-05', 5),
    );
  });

  it('dates a check’s last change between the device’s linking and its last report', () => {
    const d = device('d1', { [A]: 'fail' });
    const when = Date.parse(changedAt(d, A)!);
    expect(when).toBeGreaterThanOrEqual(Date.parse(d.created));
    expect(when).toBeLessThanOrEqual(Date.parse(d.lastCheck!));
    expect(changedAt({ ...d, lastCheck: null }, A)).toBeUndefined();
  });
});

describe('the activity log', () => {
  const alice = { id: 'a1000000-0000-4000-8000-000000000001', email: 'alice@example.com' };
  const dana = { id: 'a1000000-0000-4000-8000-000000000003', email: 'dana@example.com' };
  const entry = (n: number, kind: Schemas['ActivityKind'], actor: Schemas['ActivityActor']) => ({
    id: `ac000000-0000-4000-8000-00000000000${n}`,
    at: iso(NOW + n * DAY),
    actor,
    kind,
    object: { type: 'device' as const, id: 'd', name: 'D' },
    detail: '',
  });
  const log = [
    entry(1, 'deviceRenamed', alice),
    entry(2, 'deviceMoved', { ...alice, impersonatedBy: dana }),
    entry(3, 'checksChanged', dana),
  ];

  it('filters by person (id or email, acting or impersonating), kind and time (to exclusive)', () => {
    const ids = (filter: Parameters<typeof matchesActivity>[1]) =>
      log.filter((item) => matchesActivity(item, filter)).map((item) => item.kind);
    expect(ids({ actor: 'ALICE@example.com' })).toEqual(['deviceRenamed', 'deviceMoved']);
    expect(ids({ actor: dana.id })).toEqual(['deviceMoved', 'checksChanged']);
    expect(ids({ kind: 'checksChanged' })).toEqual(['checksChanged']);
    expect(ids({ from: NOW + 2 * DAY, to: NOW + 3 * DAY })).toEqual(['deviceMoved']);
  });

  it('pages newest first', () => {
    expect(activityPage(log, {}, 1, 2)).toMatchObject({
      entries: [{ kind: 'checksChanged' }, { kind: 'deviceMoved' }],
      pageCount: 2,
      total: 3,
    });
    expect(activityPage(log, {}, 2, 2).entries.map((item) => item.kind)).toEqual(['deviceRenamed']);
    expect(activityPage(log, { actor: 'nobody' }, 1, 20)).toEqual({
      entries: [],
      page: 1,
      pageSize: 20,
      pageCount: 0,
      total: 0,
    });
  });
});
