// Device semantics, as pure functions: a device's counts and status from its check results and its
// team's levels, the device list's search, sort and paging (SPEC §7: done by the server), the team
// overview, and public-page slugs. Where the SPEC is silent the choice is written next to the code
// (and listed in docs/sandbox.md, "Semantics where the SPEC is silent").
import type { Device, Schemas, Team } from './records';
import { DAY } from './shared';
/** SPEC §2, §9: a device silent for 60 days is flagged (status "stale"). */
export const STALE_AFTER_DAYS = 60;
/** The overview's "Devices not reporting": no report for this many days (the story's value). */
export const OUTDATED_AFTER_DAYS = 7;

type Level = Schemas['CheckLevel'];
type DeviceSummary = Schemas['DeviceSummary'];

/** check id → level, from a team's check settings. */
export function levelsOf(team: Pick<Team, 'checkSettings'>): Map<string, Level> {
  const levels = new Map<string, Level>();
  for (const claim of team.checkSettings.claims) {
    for (const check of claim.checks) levels.set(check.id, check.level);
  }
  return levels;
}

/** How long ago a time was, in whole days (0 for the future). */
const daysSince = (iso: string, now: number) =>
  Math.max(0, Math.floor((now - Date.parse(iso)) / DAY));

/**
 * Status and message from the last report and the failing required checks: never reported →
 * pending; silent for 60 days or more → stale (before failing: an old result says little);
 * a required check failing → failing; otherwise compliant.
 */
export function statusOf(
  device: Pick<Device, 'lastCheck' | 'failedRequiredCount'>,
  now: number,
): Pick<Device, 'status' | 'statusMsg'> {
  if (device.lastCheck === null)
    return { status: 'pending', statusMsg: 'Waiting for the first report' };
  const silent = daysSince(device.lastCheck, now);
  if (silent >= STALE_AFTER_DAYS) {
    return { status: 'stale', statusMsg: `No report for ${silent} days` };
  }
  const failing = device.failedRequiredCount;
  if (failing > 0) {
    return {
      status: 'failing',
      statusMsg: `${failing} required check${failing === 1 ? '' : 's'} failing`,
    };
  }
  return { status: 'compliant', statusMsg: 'All required checks pass' };
}

/**
 * The device with its checks' levels taken from its team, its counts recomputed from its check
 * results (passed = pass, failed = fail, failed required = fail on a required check, disabled =
 * off; "not installed" and "error" count in none) and its status for `now`.
 */
export function derive(device: Device, levels: Map<string, Level>, now: number): Device {
  const claims = device.claims.map((claim) => ({
    claim: claim.claim,
    checks: claim.checks.map((check) => ({ ...check, level: levels.get(check.id) ?? check.level })),
  }));
  const checks = claims.flatMap((claim) => claim.checks);
  const count = (state: string, level?: Level) =>
    checks.filter((c) => c.state === state && (level === undefined || c.level === level)).length;
  const counted = {
    ...device,
    claims,
    passedCount: count('pass'),
    failedCount: count('fail'),
    failedRequiredCount: count('fail', 'required'),
    disabledCount: count('off'),
  };
  return { ...counted, ...statusOf(counted, now) };
}

/** The list form of a device (DeviceSummary: everything but the check results). */
export function summary(device: Device): DeviceSummary {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { claims, ...rest } = device;
  return rest;
}

export type SortColumn = Schemas['DeviceSortColumn'];
export type SortDirection = Schemas['SortDirection'];

export interface ListQuery {
  page: number;
  pageSize: number;
  orderBy: SortColumn;
  direction: SortDirection;
  search: string;
}

/** Fields a search looks in (case-insensitive; every word of the search must be found). */
const SEARCHED: (keyof DeviceSummary)[] = [
  'deviceName',
  'reportedDeviceName',
  'ownerEmail',
  'modelName',
  'modelSerial',
  'osVersion',
  'platform',
  'version',
];

export function matchesSearch(device: DeviceSummary, search: string): boolean {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = SEARCHED.map((field) => String(device[field] ?? '').toLowerCase());
  return words.every((word) => haystack.some((text) => text.includes(word)));
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * Compares two devices on a column: text in natural order ignoring case ("eng-mbp-9" before
 * "eng-mbp-10"), numbers as numbers, times as times with "never reported" the oldest of all.
 */
function compareOn(column: SortColumn, a: DeviceSummary, b: DeviceSummary): number {
  const left = a[column];
  const right = b[column];
  if (column === 'lastCheck' || column === 'created') {
    const time = (value: unknown) =>
      typeof value === 'string' ? Date.parse(value) : Number.NEGATIVE_INFINITY;
    return Math.sign(time(left) - time(right));
  }
  if (typeof left === 'number' && typeof right === 'number') return Math.sign(left - right);
  return collator.compare(String(left ?? ''), String(right ?? ''));
}

/** Sorted by the column in the direction; ties by name, then id, always ascending (stable pages). */
export function sortDevices<T extends DeviceSummary>(
  devices: T[],
  orderBy: SortColumn,
  direction: SortDirection,
): T[] {
  const sign = direction === 'desc' ? -1 : 1;
  return [...devices].sort(
    (a, b) =>
      sign * compareOn(orderBy, a, b) ||
      compareOn('deviceName', a, b) ||
      collator.compare(a.id, b.id),
  );
}

/** One page of a team's devices, searched and sorted: the answer of GET /team/{teamId}/devices. */
export function listPage(devices: DeviceSummary[], query: ListQuery): Schemas['DeviceList'] {
  const found = sortDevices(
    devices.filter((device) => matchesSearch(device, query.search)),
    query.orderBy,
    query.direction,
  );
  const start = (query.page - 1) * query.pageSize;
  return {
    devices: found.slice(start, start + query.pageSize),
    page: query.page,
    pageSize: query.pageSize,
    pageCount: Math.ceil(found.length / query.pageSize),
    total: found.length,
  };
}

function overviewDevice(device: Device): Schemas['OverviewDevice'] {
  return {
    id: device.id,
    deviceName: device.deviceName,
    ownerEmail: device.ownerEmail,
    osVersion: device.osVersion,
    platform: device.platform,
    lastCheck: device.lastCheck,
  };
}

/**
 * The overview of a team: each required check with the devices whose result is "fail" (most
 * failing first, then in the order of the team's settings), and the devices that never reported
 * or have not reported for OUTDATED_AFTER_DAYS days. Devices are listed in the order the world
 * keeps them (the story's numbering, then the order they were linked).
 */
export function overview(team: Team, devices: Device[], now: number): Schemas['TeamOverview'] {
  const required = team.checkSettings.claims.flatMap((claim) =>
    claim.checks.filter((check) => check.level === 'required'),
  );
  const requiredChecks = required
    .map((check, index) => {
      const failing = (device: Device) =>
        device.claims
          .flatMap((claim) => claim.checks)
          .find((result) => result.id === check.id && result.state === 'fail');
      // A device exempted from the check is listed apart, with its exemption (exemptions.ts).
      const exempt = devices.flatMap((device) => {
        const exemption = failing(device)?.exemption;
        return exemption ? [{ ...overviewDevice(device), exemption }] : [];
      });
      return {
        index,
        id: check.id,
        description: check.description,
        devices: devices
          .filter((device) => failing(device) && !failing(device)!.exemption)
          .map(overviewDevice),
        ...(exempt.length > 0 ? { exemptDevices: exempt } : {}),
      };
    })
    .sort((a, b) => b.devices.length - a.devices.length || a.index - b.index)
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    .map(({ index, ...check }) => check);
  const outdated = devices.filter(
    (device) =>
      device.lastCheck === null || now - Date.parse(device.lastCheck) >= OUTDATED_AFTER_DAYS * DAY,
  );
  return {
    requiredChecks,
    outdatedDevices: {
      total: outdated.length,
      outdatedAfterDays: OUTDATED_AFTER_DAYS,
      devices: outdated.map(overviewDevice),
    },
  };
}

/** A slug made from a device name ("Alice's MacBook Air" → "alices-macbook-air"). */
export function slugFrom(name: string, fallback: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/'/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return slug === '' ? fallback : slug;
}
