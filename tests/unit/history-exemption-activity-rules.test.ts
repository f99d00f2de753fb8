import { describe, expect, it } from 'vitest';
import { toCsv } from '../../src/lib/csv';
import {
  ACTIVITY_CSV_HEADER,
  activityCsvRow,
  activityRequestQuery,
  invalidActivityParamsMessage,
  parseActivityQuery,
  serializeActivityQuery,
} from '../../src/lib/activity-query';
import type { ActivityEntry } from '../../src/lib/activity-query';
import { formatShare, historyRows, linePoints, niceMax } from '../../src/lib/compliance-history';
import type { TeamHistory } from '../../src/lib/compliance-history';
import {
  exemptionEndsAt,
  latestExemptionEnd,
  validateExemption,
} from '../../src/lib/exemption-rules';

function point(date: string, compliant: number, failing: number, checks: number[]) {
  return {
    date,
    compliant,
    failing,
    stale: 1,
    pending: 0,
    failingChecks: checks.map((n, i) => ({ id: `c${i}`, failing: n })),
  };
}

describe('the compliance chart data', () => {
  const history: TeamHistory = {
    days: 90,
    checks: [],
    points: Array.from({ length: 40 }, (_, i) =>
      point(`2026-10-${String((i % 28) + 1).padStart(2, '0')}`, i, 3, [2, 1]),
    ),
  };

  it('keeps the last 30 or 90 days, oldest first, with the share of compliant devices', () => {
    const rows = historyRows(history, 30);
    expect(rows).toHaveLength(30);
    const last = rows[29]!;
    expect(last.compliant).toBe(39);
    expect(last.devices).toBe(39 + 3 + 1);
    expect(last.compliantShare).toBeCloseTo(39 / 43);
    expect(historyRows(history, 90)).toHaveLength(40);
  });

  it('counts each failing device once per required check, and has no share for a day without devices', () => {
    const empty: TeamHistory = {
      days: 1,
      checks: [],
      points: [{ ...point('2026-11-01', 0, 0, [0]), stale: 0 }],
    };
    expect(historyRows(history, 30)[0]!.failingChecks).toBe(3);
    expect(historyRows(empty, 30)[0]!.compliantShare).toBeNull();
    expect(formatShare(null)).toBe('–');
    expect(formatShare(0.876)).toBe('88%');
  });

  it('draws a line from 0 at the bottom to the top, broken where a day has no value', () => {
    expect(linePoints([0, 1], 1, 100, 50)).toEqual(['0,50 100,0']);
    expect(linePoints([1, null, 0.5], 1, 100, 50)).toEqual(['0,0', '100,25']);
    expect(linePoints([2], 4, 100, 40)).toEqual(['50,20']);
  });

  it('rounds the count axis up', () => {
    expect(niceMax([0])).toBe(1);
    expect(niceMax([7])).toBe(10);
    expect(niceMax([23, 4])).toBe(25);
    expect(niceMax([140])).toBe(200);
  });
});

describe('the exemption form', () => {
  const now = new Date('2026-11-27T12:00:00Z');

  it('requires a reason that is not only spaces', () => {
    expect(validateExemption({ reason: '  ', endDate: '2027-01-01' }, now).reason).toBe(
      'Enter a reason.',
    );
    expect(validateExemption({ reason: 'Kiosk', endDate: '2027-01-01' }, now)).toEqual({});
  });

  it('requires an end date after today and at most a year ahead', () => {
    const end = (endDate: string) => validateExemption({ reason: 'Kiosk', endDate }, now).endDate;
    expect(end('')).toBe('Choose an end date.');
    expect(end('2027-02-30')).toBe('Enter a valid date.');
    expect(end('2026-11-27')).toBe('Choose a date after today.');
    expect(end('2026-11-28')).toBeUndefined();
    expect(latestExemptionEnd(now)).toBe('2027-11-26');
    expect(end('2027-11-26')).toBeUndefined();
    expect(end('2027-11-27')).toBe('Choose a date at most a year ahead.');
  });

  it('ends at the end of the chosen day, within the 365 days the contract allows', () => {
    const endsAt = Date.parse(exemptionEndsAt(latestExemptionEnd(now)));
    expect(endsAt - now.getTime()).toBeLessThanOrEqual(365 * 86_400_000);
    expect(exemptionEndsAt('2027-01-31')).toBe('2027-01-31T23:59:59Z');
  });
});

describe('the activity filters in the address', () => {
  it('reads person, kind, days and page, and writes them back', () => {
    const search =
      'actor=alice%40northwind.example&kind=deviceRenamed&from=2026-11-01&to=2026-11-20&page=3';
    const { query, invalid } = parseActivityQuery(`?${search}`);
    expect(invalid).toEqual([]);
    expect(query).toEqual({
      actor: 'alice@northwind.example',
      kind: 'deviceRenamed',
      from: '2026-11-01',
      to: '2026-11-20',
      page: 3,
    });
    expect(serializeActivityQuery(query)).toBe(search);
    expect(serializeActivityQuery(parseActivityQuery('').query)).toBe('');
  });

  it('falls back on what it cannot use and names it', () => {
    const { query, invalid } = parseActivityQuery('kind=deviceExploded&from=2026-02-30&page=-1');
    expect(query).toEqual({ actor: '', kind: '', from: '', to: '', page: 1 });
    expect(invalid).toEqual(['kind', 'from', 'page']);
    expect(invalidActivityParamsMessage(invalid)).toBe(
      'The kind, start date and page in this address could not be used, so the defaults are shown.',
    );
    expect(parseActivityQuery('from=2026-11-20&to=2026-11-01').invalid).toEqual(['to']);
    expect(invalidActivityParamsMessage([])).toBeNull();
  });

  it('asks for the days in UTC with the last day included', () => {
    const { query } = parseActivityQuery('from=2026-11-01&to=2026-11-30');
    expect(activityRequestQuery(query)).toEqual({
      page: 1,
      pageSize: 20,
      from: '2026-11-01T00:00:00Z',
      to: '2026-12-01T00:00:00Z',
    });
  });
});

describe('the activity CSV', () => {
  it('writes one record per entry, formula-safe, with the impersonating person', () => {
    const entry: ActivityEntry = {
      id: 'ac000000-0000-4000-8000-000000000001',
      at: '2026-11-21T10:02:00Z',
      actor: {
        id: 'a1',
        email: 'alice@northwind.example',
        impersonatedBy: { id: 'a9', email: 'support@paretosecurity.example' },
      },
      kind: 'deviceRenamed',
      object: { type: 'device', id: 'd1', name: '=HYPERLINK("x")' },
      detail: 'Old, "quoted" → new',
    };
    expect(toCsv(ACTIVITY_CSV_HEADER, [activityCsvRow(entry)])).toBe(
      'at,person,impersonatedBy,kind,objectType,objectName,detail\r\n' +
        '2026-11-21T10:02:00Z,alice@northwind.example,support@paretosecurity.example,Device renamed,device,' +
        `"'=HYPERLINK(""x"")","Old, ""quoted"" → new"\r\n`,
    );
  });
});
