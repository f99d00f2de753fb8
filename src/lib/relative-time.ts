import { formatDay } from './dates';
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function unit(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'} ago`;
}

/** SPEC §2: "just now" under 5 seconds, then minutes, hours, days; null is "never". */
export function formatRelative(iso: string | null | undefined, now: number = Date.now()): string {
  if (iso === null || iso === undefined || iso === '') return 'never';
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return 'unknown';
  const diff = now - time;
  if (diff < 5 * SECOND) return 'just now';
  // No seconds step: from 5 seconds on it is minutes, the first of which starts at once.
  if (diff < HOUR) return unit(Math.max(1, Math.floor(diff / MINUTE)), 'minute');
  if (diff < DAY) return unit(Math.floor(diff / HOUR), 'hour');
  return unit(Math.floor(diff / DAY), 'day');
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '—';
  return formatDay(new Date(time));
}
