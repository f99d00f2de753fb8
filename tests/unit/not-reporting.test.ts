import { describe, expect, it } from 'vitest';
import { DEVICE_STALE_DAYS } from '../../src/lib/constants';
import { isNotReporting } from '../../src/lib/not-reporting';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
/** The ISO time `ms` before NOW. */
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const LINKED_LONG_AGO = ago(400 * DAY);

describe('isNotReporting', () => {
  it('flags a device silent for the SPEC’s 60 days, not one silent for 59', () => {
    expect(DEVICE_STALE_DAYS).toBe(60);
    const silentFor = (ms: number) =>
      isNotReporting({ lastCheck: ago(ms), created: LINKED_LONG_AGO }, { now: NOW });
    expect(silentFor(59 * DAY)).toBe(false);
    expect(silentFor(60 * DAY - 1)).toBe(false);
    expect(silentFor(60 * DAY)).toBe(true);
    expect(silentFor(112 * DAY)).toBe(true);
    expect(silentFor(0)).toBe(false);
  });

  it('a device that never reported is silent since it was linked', () => {
    expect(isNotReporting({ lastCheck: null, created: ago(2 * DAY) }, { now: NOW })).toBe(false);
    expect(isNotReporting({ lastCheck: null, created: ago(59 * DAY) }, { now: NOW })).toBe(false);
    expect(isNotReporting({ lastCheck: null, created: ago(60 * DAY) }, { now: NOW })).toBe(true);
    expect(isNotReporting({ created: LINKED_LONG_AGO }, { now: NOW })).toBe(true);
  });

  it('uses the server’s threshold where it is given (the device list)', () => {
    const device = { lastCheck: ago(20 * DAY), created: LINKED_LONG_AGO };
    expect(isNotReporting(device, { days: 14, now: NOW })).toBe(true);
    expect(isNotReporting(device, { days: 30, now: NOW })).toBe(false);
    expect(isNotReporting({ lastCheck: null, created: ago(3 * DAY) }, { days: 14, now: NOW })).toBe(
      false,
    );
  });

  it('flags nothing it cannot read: no times, an unreadable one, one in the future', () => {
    expect(isNotReporting({}, { now: NOW })).toBe(false);
    expect(isNotReporting({ lastCheck: null, created: null }, { now: NOW })).toBe(false);
    expect(
      isNotReporting({ lastCheck: 'not a date', created: LINKED_LONG_AGO }, { now: NOW }),
    ).toBe(false);
    expect(
      isNotReporting(
        { lastCheck: new Date(NOW + DAY).toISOString(), created: LINKED_LONG_AGO },
        { now: NOW },
      ),
    ).toBe(false);
  });

  it('uses the current time by default', () => {
    expect(isNotReporting({ lastCheck: new Date().toISOString() })).toBe(false);
    expect(isNotReporting({ lastCheck: new Date(Date.now() - 61 * DAY).toISOString() })).toBe(true);
  });
});
