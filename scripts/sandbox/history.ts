// Compliance history (a proposal of the contract): one point per UTC day and team. Today's point is
// computed from the world as it is; each change of the world stores the day's point (the last one
// of a day stands for it; a day without changes repeats the day before); before the first stored
// point of a team (its baseline, kept when the world is created) lies the story's past, a seeded
// burn-down towards the baseline, the same on every read. When each check of a device last changed
// state is seeded the same way (the sandbox's devices never change a check's state once reported).
import * as v from 'valibot';
import { COMPONENT_SCHEMAS as C } from '../../generated/component-schemas';
import type { Device, Person, Schemas, Team } from './records';
import { DAY, iso } from './shared';
import type { World } from './world';

type Point = Schemas['HistoryPoint'];

/** A stored point: the team's baseline (its first, never replaced) or a day's last point. */
export const HistoryRecord = v.object({
  teamId: C.Uuid,
  baseline: v.boolean(),
  point: C.HistoryPoint,
});
export type HistoryEntry = v.InferOutput<typeof HistoryRecord>;

export const MAX_HISTORY_DAYS = 365;
export const dayOf = (time: number) => iso(time).slice(0, 10);
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / DAY);

/** A number in [0, 1) that a text always gives (FNV-1a). */
export function unit(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return (hash >>> 0) / 2 ** 32;
}

/**
 * A day's point of a team from its devices (status as of that day, exemptions applied): devices by
 * status, and for each check the team requires, the devices failing it not under an exemption.
 */
export function dayPoint(
  date: string,
  team: Pick<Team, 'checkSettings'>,
  devices: Device[],
): Point {
  const count = (status: Device['status']) => devices.filter((d) => d.status === status).length;
  const failingChecks = team.checkSettings.claims
    .flatMap((claim) => claim.checks.filter((check) => check.level === 'required'))
    .map(({ id }) => ({
      id,
      failing: devices.filter((device) =>
        device.claims.some((claim) =>
          claim.checks.some((c) => c.id === id && c.state === 'fail' && !c.exemption),
        ),
      ).length,
    }));
  const [compliant, failing, stale, pending] = (
    ['compliant', 'failing', 'stale', 'pending'] as const
  ).map(count) as [number, number, number, number];
  return { date, compliant, failing, stale, pending, failingChecks };
}

/**
 * The story's past, `back` days before a team's baseline: each required check failed on more of
 * the reporting devices (up to a quarter more 90 days back, with a day-to-day wobble seeded by the
 * team, check and date), and as many more devices failed as the check with the most more; stale
 * and pending devices as at the baseline.
 */
export function seededPoint(baseline: Point, teamId: string, date: string, back: number): Point {
  const reporting = baseline.compliant + baseline.failing;
  const drift = Math.min(1, back / 90) * 0.25 * reporting;
  let most = 0;
  const failingChecks = baseline.failingChecks.map(({ id, failing }) => {
    const more = Math.round(drift * (0.6 + 0.4 * unit(`${teamId} ${id} ${date}`)));
    most = Math.max(most, more);
    return { id, failing: Math.min(reporting, failing + more) };
  });
  const failing = Math.min(reporting, baseline.failing + most);
  return { ...baseline, date, compliant: reporting - failing, failing, failingChecks };
}

/**
 * A team's points for the `days` days up to `today` (oldest first, none before the team existed):
 * today's live point, else the last stored point on or before the day, else the seeded past
 * before the baseline (the live point stands in for a team never stored).
 */
export function historySeries(
  stored: readonly HistoryEntry[],
  live: Point,
  teamId: string,
  created: string,
  days: number,
): Point[] {
  const baseline = stored.find((entry) => entry.baseline)?.point ?? live;
  const dayPoints = stored
    .filter((entry) => !entry.baseline)
    .map((entry) => entry.point)
    .sort((a, b) => a.date.localeCompare(b.date));
  const points: Point[] = [];
  for (let back = days - 1; back >= 0; back -= 1) {
    const date = dayOf(Date.parse(live.date) - back * DAY);
    if (date < created.slice(0, 10)) continue;
    const last = dayPoints.findLast((point) => point.date <= date);
    if (back === 0) points.push(live);
    else if (last) points.push({ ...last, date });
    else if (date < baseline.date)
      points.push(seededPoint(baseline, teamId, date, daysBetween(date, baseline.date)));
    else points.push({ ...baseline, date });
  }
  return points;
}

/** When a check last changed state, seeded: up to 120 days before the last report, not before the device was linked. */
export function changedAt(device: Pick<Device, 'id' | 'created' | 'lastCheck'>, checkId: string) {
  if (device.lastCheck === null) return undefined;
  const back = Math.floor(unit(`${device.id} ${checkId}`) * 120) * DAY;
  return iso(Math.max(Date.parse(device.created), Date.parse(device.lastCheck) - back));
}

export const historyActions = {
  /** A team's point of today, from its devices as they are now. */
  livePoint(this: World, team: Team, now: number): Point {
    return dayPoint(dayOf(now), team, this.devicesOf(team.id, now));
  },

  /** Stores today's point of every team (and a team's baseline the first time): after every change. */
  async recordDay(this: World, now: number): Promise<void> {
    const today = dayOf(now);
    const oldest = dayOf(now - (MAX_HISTORY_DAYS + 1) * DAY);
    const teams = new Set(this.teams.all().map((team) => team.id));
    this.history.deleteMany((q) =>
      q.where(
        (entry) =>
          !teams.has(entry.teamId) ||
          (!entry.baseline && (entry.point.date === today || entry.point.date < oldest)),
      ),
    );
    for (const team of this.teams.all()) {
      const point = this.livePoint(team, now);
      if (!this.history.findFirst((q) => q.where({ teamId: team.id, baseline: true })))
        await this.history.create({ teamId: team.id, baseline: true, point });
      await this.history.create({ teamId: team.id, baseline: false, point });
    }
  },

  teamHistory(
    this: World,
    me: Person,
    teamId: string,
    days: number,
    now: number,
  ): Schemas['TeamHistory'] {
    const team = this.team(me, teamId);
    const stored = this.history.findMany((q) => q.where({ teamId }));
    const points = historySeries(stored, this.livePoint(team, now), teamId, team.created, days);
    const descriptions = new Map(
      team.checkSettings.claims.flatMap((claim) => claim.checks.map((c) => [c.id, c.description])),
    );
    const ids = new Set(points.flatMap((point) => point.failingChecks.map((check) => check.id)));
    const checks = [...ids].map((id) => ({ id, description: descriptions.get(id) ?? id }));
    return { days, checks, points };
  },
};

export type HistoryActions = typeof historyActions;
