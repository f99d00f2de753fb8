import { describe, expect, it } from 'vitest';
import { formatCalendarDate } from '../../src/lib/dates';
import { formatDate, formatRelative } from '../../src/lib/relative-time';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The ISO time `ms` before NOW. */
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('formatRelative', () => {
  it('says "never" when there was no report', () => {
    expect(formatRelative(null, NOW)).toBe('never');
    expect(formatRelative(undefined, NOW)).toBe('never');
    expect(formatRelative('', NOW)).toBe('never');
  });

  it('says "just now" under 5 seconds, then minutes: there is no seconds step', () => {
    expect(formatRelative(ago(0), NOW)).toBe('just now');
    expect(formatRelative(ago(4 * SECOND), NOW)).toBe('just now');
    expect(formatRelative(ago(5 * SECOND - 1), NOW)).toBe('just now');
    expect(formatRelative(ago(5 * SECOND), NOW)).toBe('1 minute ago');
    expect(formatRelative(ago(20 * SECOND), NOW)).toBe('1 minute ago');
    expect(formatRelative(ago(59 * SECOND + 999), NOW)).toBe('1 minute ago');
  });

  it('counts minutes, singular for one', () => {
    expect(formatRelative(ago(MINUTE), NOW)).toBe('1 minute ago');
    expect(formatRelative(ago(2 * MINUTE - 1), NOW)).toBe('1 minute ago');
    expect(formatRelative(ago(2 * MINUTE), NOW)).toBe('2 minutes ago');
    expect(formatRelative(ago(59 * MINUTE), NOW)).toBe('59 minutes ago');
  });

  it('counts hours, then days', () => {
    expect(formatRelative(ago(HOUR), NOW)).toBe('1 hour ago');
    expect(formatRelative(ago(23 * HOUR + 59 * MINUTE), NOW)).toBe('23 hours ago');
    expect(formatRelative(ago(DAY), NOW)).toBe('1 day ago');
    expect(formatRelative(ago(2 * DAY + 5 * HOUR), NOW)).toBe('2 days ago');
    expect(formatRelative(ago(112 * DAY), NOW)).toBe('112 days ago');
  });

  it('reads offsets other than Z', () => {
    expect(formatRelative('2026-11-21T13:00:00+02:00', NOW)).toBe('1 hour ago');
  });

  it('says "unknown" for a value that is not a date', () => {
    expect(formatRelative('yesterday-ish', NOW)).toBe('unknown');
    expect(formatRelative('2026-13-45T99:00:00Z', NOW)).toBe('unknown');
  });

  it('treats a time slightly in the future (clock skew) as "just now"', () => {
    expect(formatRelative(new Date(NOW + 3 * SECOND).toISOString(), NOW)).toBe('just now');
    expect(formatRelative(new Date(NOW + 10 * MINUTE).toISOString(), NOW)).toBe('just now');
  });

  it('uses the current time by default', () => {
    expect(formatRelative(new Date().toISOString())).toBe('just now');
  });
});

describe('formatDate', () => {
  it('shows a calendar date as every screen writes one (billing included), or a dash when there is none', () => {
    expect(formatDate('2025-03-08T10:00:00Z')).toBe(formatCalendarDate('2025-03-08'));
    expect(formatDate('2025-03-08T10:00:00Z')).toMatch(/2025/);
    expect(formatDate(null)).toBe('—');
    expect(formatDate('nonsense')).toBe('—');
  });
});
