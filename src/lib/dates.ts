/**
 * SPEC §5: dates are ISO 8601 and calendar dates are validated with leap years. The parser is
 * strict (Date.parse is not: it rolls 2026-02-30 over or reads free text in some engines); a
 * date that fails it is shown as missing, never as a wrong day.
 */
const ISO_RE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?([Zz]|[+-]\d{2}:\d{2}))?$/;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

export function isValidCalendarDate(year: number, month: number, day: number): boolean {
  return (
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  );
}

/**
 * An ISO 8601 calendar date (`2026-12-05`) or date-time with an offset
 * (`2026-12-05T00:00:00Z`, `2026-12-05T01:00:00.5+01:00`), else null.
 */
export function parseIsoDate(text: unknown): Date | null {
  if (typeof text !== 'string') return null;
  const match = ISO_RE.exec(text.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s, fraction, offset] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (!isValidCalendarDate(year, month, day)) return null;
  if (h !== undefined && offset === undefined) return null; // a time needs its offset
  const hour = Number(h ?? 0);
  const minute = Number(mi ?? 0);
  const second = Number(s ?? 0);
  if (hour > 23 || minute > 59 || second > 59) return null;
  let offsetMinutes = 0;
  if (offset && offset.toUpperCase() !== 'Z') {
    const sign = offset.startsWith('-') ? -1 : 1;
    const oh = Number(offset.slice(1, 3));
    const om = Number(offset.slice(4, 6));
    if (oh > 23 || om > 59) return null;
    offsetMinutes = sign * (oh * 60 + om);
  }
  const ms = fraction ? Math.floor(Number(`0.${fraction}`) * 1000) : 0;
  const time = Date.UTC(year, month - 1, day, hour, minute, second, ms) - offsetMinutes * 60_000;
  const date = new Date(time);
  // Date.UTC maps years 0-99 to 1900-1999.
  if (year < 100) date.setUTCFullYear(year);
  return date;
}

/**
 * A calendar day in the reader's locale (e.g. "Dec 5, 2026" in en-US, "5 Dec 2026" in en-GB).
 * Billing dates are whole days stamped at midnight UTC, so the day is taken in UTC: a reader west
 * of Greenwich must not see the bill one day early. Null for a missing or invalid value.
 */
/**
 * The one way the console writes a day (and, where it matters, the time): the reader's locale,
 * `dateStyle: 'medium'` ("Dec 5, 2026" in en-US, "5 Dec 2026" in en-GB). `timeZone` is the
 * reader's own unless given (UTC for whole days stamped at midnight UTC).
 */
export function formatDay(
  date: Date,
  options: { locale?: string | readonly string[]; timeZone?: string } = {},
): string {
  return new Intl.DateTimeFormat(options.locale as string | string[] | undefined, {
    dateStyle: 'medium',
    timeZone: options.timeZone,
  }).format(date);
}

/** A day and its time, the day written as `formatDay` writes it. */
export function formatDayAndTime(date: Date, timeStyle: 'short' | 'long' = 'short'): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle }).format(date);
}

export function formatCalendarDate(
  value: string | null | undefined,
  locale?: string | readonly string[],
): string | null {
  const date = parseIsoDate(value);
  if (!date) return null;
  return formatDay(date, { locale, timeZone: 'UTC' });
}
