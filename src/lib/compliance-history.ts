import type { components } from '../../generated/api';

/**
 * The overview's compliance chart, shaped from the team's history (getTeamHistory, a proposal):
 * per day the share of compliant devices and the failing required checks (every device failing a
 * required check counts once per check). Pure: no DOM, no dates of its own.
 */
export type TeamHistory = components['schemas']['TeamHistory'];

/** The chart's windows: the last 30 and 90 days (the history is asked for 90). */
export const HISTORY_WINDOWS = [30, 90] as const;
export type HistoryWindow = (typeof HISTORY_WINDOWS)[number];
export const HISTORY_DAYS = 90;

export interface HistoryRow {
  /** yyyy-mm-dd (UTC) */
  date: string;
  devices: number;
  compliant: number;
  /** compliant / devices, 0..1; null on a day without devices. */
  compliantShare: number | null;
  failingChecks: number;
}

export function historyRows(history: TeamHistory, window: HistoryWindow): HistoryRow[] {
  return history.points.slice(-window).map((point) => {
    const devices = point.compliant + point.failing + point.stale + point.pending;
    return {
      date: point.date,
      devices,
      compliant: point.compliant,
      compliantShare: devices > 0 ? point.compliant / devices : null,
      failingChecks: point.failingChecks.reduce((sum, check) => sum + check.failing, 0),
    };
  });
}

/** "87%" (whole percent), or "–" for a day without devices. */
export function formatShare(share: number | null): string {
  return share === null ? '–' : `${Math.round(share * 100)}%`;
}

/**
 * The points of a line through the values, in a box of `width` x `height` (y grows down), from 0
 * at the bottom to `max` at the top; a null value breaks the line. One string per unbroken run,
 * for an SVG polyline's `points`.
 */
export function linePoints(
  values: readonly (number | null)[],
  max: number,
  width: number,
  height: number,
): string[] {
  const runs: string[] = [];
  let run: string[] = [];
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  const top = max > 0 ? max : 1;
  values.forEach((value, index) => {
    if (value === null) {
      if (run.length > 0) runs.push(run.join(' '));
      run = [];
      return;
    }
    const x = values.length > 1 ? index * step : width / 2;
    const y = height - (Math.min(value, top) / top) * height;
    run.push(`${round(x)},${round(y)}`);
  });
  if (run.length > 0) runs.push(run.join(' '));
  return runs;
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

/** A rounded-up top for a count axis (at least 1): 0→1, 7→10, 23→25, 140→200. */
export function niceMax(values: readonly number[]): number {
  const max = Math.max(0, ...values);
  if (max <= 1) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(max));
  for (const factor of [1, 2, 2.5, 5, 10]) {
    if (max <= factor * magnitude) return factor * magnitude;
  }
  return 10 * magnitude;
}
