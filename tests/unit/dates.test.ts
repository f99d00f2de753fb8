import { describe, expect, it } from 'vitest';
import {
  daysInMonth,
  formatCalendarDate,
  isLeapYear,
  isValidCalendarDate,
  parseIsoDate,
} from '../../src/lib/dates';
import { formatMoney } from '../../src/lib/money';

describe('ISO 8601 dates, validated with leap years (SPEC §5)', () => {
  it('leap years: every 4th, not every 100th, every 400th', () => {
    expect([2024, 2000, 2400].map(isLeapYear)).toEqual([true, true, true]);
    expect([2026, 1900, 2100].map(isLeapYear)).toEqual([false, false, false]);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2026, 2)).toBe(28);
    expect(daysInMonth(2026, 4)).toBe(30);
    expect(daysInMonth(2026, 12)).toBe(31);
  });

  it('calendar dates', () => {
    expect(isValidCalendarDate(2024, 2, 29)).toBe(true);
    expect(isValidCalendarDate(2026, 2, 29)).toBe(false);
    expect(isValidCalendarDate(2000, 2, 29)).toBe(true);
    expect(isValidCalendarDate(1900, 2, 29)).toBe(false);
    expect(isValidCalendarDate(2026, 4, 31)).toBe(false);
    expect(isValidCalendarDate(2026, 13, 1)).toBe(false);
    expect(isValidCalendarDate(2026, 0, 1)).toBe(false);
    expect(isValidCalendarDate(2026, 1, 0)).toBe(false);
  });

  it('parses dates and date-times with an offset to the right instant', () => {
    expect(parseIsoDate('2026-12-05')?.toISOString()).toBe('2026-12-05T00:00:00.000Z');
    expect(parseIsoDate('2026-12-05T00:00:00Z')?.toISOString()).toBe('2026-12-05T00:00:00.000Z');
    expect(parseIsoDate('2026-10-20T14:03:00.25+02:00')?.toISOString()).toBe(
      '2026-10-20T12:03:00.250Z',
    );
    expect(parseIsoDate('2026-12-04T23:30-05:00')?.toISOString()).toBe('2026-12-05T04:30:00.000Z');
    expect(parseIsoDate('2024-02-29T12:00:00z')?.toISOString()).toBe('2024-02-29T12:00:00.000Z');
    expect(parseIsoDate('0099-01-01')?.getUTCFullYear()).toBe(99);
  });

  it('refuses what is not a valid ISO 8601 date', () => {
    for (const bad of [
      '2026-02-29',
      '1900-02-29T00:00:00Z',
      '2026-04-31',
      '2026-13-01',
      '2026-12-05T24:00:00Z',
      '2026-12-05T10:60:00Z',
      '2026-12-05T10:00:00',
      '2026-12-05T10:00:00+25:00',
      '2026-12-5',
      'Dec 5 2026',
      '12/05/2026',
      '',
    ])
      expect(parseIsoDate(bad), bad).toBeNull();
    expect(parseIsoDate(null)).toBeNull();
    expect(parseIsoDate(20261205)).toBeNull();
  });

  it("shows the calendar day in the reader's locale, the day taken in UTC", () => {
    expect(formatCalendarDate('2026-12-05T00:00:00Z', 'en-GB')).toBe('5 Dec 2026');
    expect(formatCalendarDate('2026-12-05T00:00:00Z', 'en-US')).toBe('Dec 5, 2026');
    expect(formatCalendarDate('2026-12-05T00:00:00Z', 'de-DE')).toBe('05.12.2026');
    expect(formatCalendarDate('2026-12-04T23:30:00-05:00', 'en-GB')).toBe('5 Dec 2026');
    expect(formatCalendarDate('2026-02-30T00:00:00Z', 'en-GB')).toBeNull();
    expect(formatCalendarDate(null)).toBeNull();
  });
});

describe("money in the reader's locale", () => {
  it('formats amounts; an unknown currency code is shown as is', () => {
    expect(formatMoney(80, 'USD', 'en-US')).toBe('$80.00');
    expect(formatMoney(5400, 'EUR', 'de-DE')).toBe('5.400,00\u00a0€');
    expect(formatMoney(80, 'not-a-code', 'en-US')).toBe('80 not-a-code');
  });
});
