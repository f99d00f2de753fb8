import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DEVICE_LIST_DEFAULT_PAGE,
  DEVICE_LIST_DEFAULT_PAGE_SIZE,
  DEVICE_SORT_COLUMNS,
  SORT_DIRECTIONS,
} from '../../src/lib/constants';
import type { DeviceSortColumn, SortDirection } from '../../src/lib/constants';
import {
  invalidDeviceListParams,
  invalidParamsMessage,
  nextSort,
  parseDeviceListQuery,
  serializeDeviceListQuery,
  showingRange,
  showingText,
} from '../../src/lib/device-list-query';
import type { DeviceListQuery } from '../../src/lib/device-list-query';

const defaults = { orderBy: 'deviceName', direction: 'asc' } as const;
const stored = { orderBy: 'lastCheck', direction: 'desc' } as const;
const DEFAULT_VIEW: DeviceListQuery = {
  page: 1,
  pageSize: 20,
  orderBy: 'deviceName',
  direction: 'asc',
  search: '',
  openInviteModal: false,
};

function expectValid(query: DeviceListQuery) {
  expect(Number.isInteger(query.page)).toBe(true);
  expect(query.page).toBeGreaterThanOrEqual(1);
  expect(Number.isInteger(query.pageSize)).toBe(true);
  expect(query.pageSize).toBeGreaterThanOrEqual(1);
  expect(query.pageSize).toBeLessThanOrEqual(100);
  expect(DEVICE_SORT_COLUMNS).toContain(query.orderBy);
  expect(SORT_DIRECTIONS).toContain(query.direction);
  expect(typeof query.search).toBe('string');
  expect(query.search.length).toBeLessThanOrEqual(255);
  expect(query.search).toBe(query.search.trim());
  expect(typeof query.openInviteModal).toBe('boolean');
}

describe('parseDeviceListQuery', () => {
  it('gives the defaults for an empty query, sort from the session', () => {
    expect(parseDeviceListQuery('', defaults)).toEqual(DEFAULT_VIEW);
    expect(parseDeviceListQuery('?', stored)).toEqual({ ...DEFAULT_VIEW, ...stored });
    expect(DEVICE_LIST_DEFAULT_PAGE).toBe(1);
    expect(DEVICE_LIST_DEFAULT_PAGE_SIZE).toBe(20);
  });

  it('reads every valid value, with or without the question mark', () => {
    const text =
      'page=3&pageSize=50&orderBy=failedRequiredCount&direction=desc&search=%20mac%20&openInviteModal=true';
    const expected: DeviceListQuery = {
      page: 3,
      pageSize: 50,
      orderBy: 'failedRequiredCount',
      direction: 'desc',
      search: 'mac',
      openInviteModal: true,
    };
    expect(parseDeviceListQuery(text, defaults)).toEqual(expected);
    expect(parseDeviceListQuery(`?${text}`, defaults)).toEqual(expected);
  });

  it.each([
    ['page=0', 'page', 1],
    ['page=-2', 'page', 1],
    ['page=1.5', 'page', 1],
    ['page=abc', 'page', 1],
    ['page=', 'page', 1],
    ['page=1e3', 'page', 1],
    ['page=99999999999', 'page', 1],
    ['page=%20 2', 'page', 1],
    ['pageSize=0', 'pageSize', 20],
    ['pageSize=101', 'pageSize', 20],
    ['pageSize=ten', 'pageSize', 20],
    ['orderBy=password', 'orderBy', 'lastCheck'],
    ['orderBy=DEVICENAME', 'orderBy', 'lastCheck'],
    ['orderBy=__proto__', 'orderBy', 'lastCheck'],
    ['direction=up', 'direction', 'desc'],
    ['direction=ASC', 'direction', 'desc'],
    ['openInviteModal=yes', 'openInviteModal', false],
    ['openInviteModal=1', 'openInviteModal', false],
    [`search=${'x'.repeat(256)}`, 'search', ''],
  ] as const)('%s falls back to the default', (text, key, expected) => {
    const query = parseDeviceListQuery(text, stored);
    expect(query[key]).toBe(expected);
    expectValid(query);
  });

  it('keeps the valid values next to invalid ones', () => {
    expect(
      parseDeviceListQuery('page=x&pageSize=50&orderBy=nope&direction=desc', defaults),
    ).toEqual({
      ...DEFAULT_VIEW,
      pageSize: 50,
      direction: 'desc',
    });
  });

  it('does not throw on malformed escapes and takes the first of repeated keys', () => {
    expect(() => parseDeviceListQuery('search=%E0%A4%A&page=%', defaults)).not.toThrow();
    expect(parseDeviceListQuery('page=2&page=3', defaults).page).toBe(2);
  });

  it('parses any query string to a valid state without throwing (property)', () => {
    const key = fc.constantFrom(
      'page',
      'pageSize',
      'orderBy',
      'direction',
      'search',
      'openInviteModal',
      'x',
    );
    const value = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.integer({ min: -1e9, max: 1e9 }).map(String),
      fc.constantFrom(...DEVICE_SORT_COLUMNS, ...SORT_DIRECTIONS, 'true', 'false'),
    );
    // Encoded or raw (raw text may carry '&', '=', '%' and broken escapes).
    const pairs = fc
      .array(fc.tuple(key, value, fc.boolean()), { maxLength: 8 })
      .map((list) =>
        list.map(([k, v, raw]) => `${k}=${raw ? v : encodeURIComponent(v)}`).join('&'),
      );
    const sortDefaults = fc.record({
      orderBy: fc.constantFrom(...DEVICE_SORT_COLUMNS),
      direction: fc.constantFrom(...SORT_DIRECTIONS),
    });
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), pairs), sortDefaults, (text, sort) => {
        expectValid(parseDeviceListQuery(text, sort));
      }),
      { numRuns: 500 },
    );
  });
});

describe('invalidDeviceListParams', () => {
  it('names the parameters present but unusable, in the order the message lists them', () => {
    const search =
      '?columns=nope&openInviteModal=yes&search=ok&orderBy=size&pageSize=50&page=0&direction=asc';
    expect(invalidDeviceListParams(search)).toEqual([
      'page',
      'orderBy',
      'openInviteModal',
      'columns',
    ]);
    expect(invalidParamsMessage(invalidDeviceListParams(search))).toBe(
      'The page, sort column, invite and columns in this address could not be used, so the defaults are shown.',
    );
    expect(invalidDeviceListParams(`?search=${'x'.repeat(256)}&page=2`)).toEqual(['search']);
    expect(
      invalidDeviceListParams('?page=2&pageSize=100&orderBy=status&openInviteModal=true'),
    ).toEqual([]);
  });
});

describe('serializeDeviceListQuery', () => {
  it('leaves defaults out', () => {
    expect(serializeDeviceListQuery(DEFAULT_VIEW, defaults)).toBe('');
    expect(serializeDeviceListQuery({ ...DEFAULT_VIEW, ...stored }, stored)).toBe('');
    expect(serializeDeviceListQuery({ ...DEFAULT_VIEW, page: 2, search: 'a b' }, defaults)).toBe(
      '?page=2&search=a+b',
    );
  });

  it('writes the sort as a pair when it differs from the defaults', () => {
    expect(serializeDeviceListQuery({ ...DEFAULT_VIEW, direction: 'desc' }, defaults)).toBe(
      '?orderBy=deviceName&direction=desc',
    );
  });

  const view: fc.Arbitrary<DeviceListQuery> = fc.record({
    page: fc.integer({ min: 1, max: 1_000_000 }),
    pageSize: fc.integer({ min: 1, max: 100 }),
    orderBy: fc.constantFrom<DeviceSortColumn>(...DEVICE_SORT_COLUMNS),
    direction: fc.constantFrom<SortDirection>(...SORT_DIRECTIONS),
    search: fc.string({ unit: 'grapheme', maxLength: 60 }).map((s) => s.trim()),
    openInviteModal: fc.boolean(),
  });
  const sortDefaults = fc.record({
    orderBy: fc.constantFrom<DeviceSortColumn>(...DEVICE_SORT_COLUMNS),
    direction: fc.constantFrom<SortDirection>(...SORT_DIRECTIONS),
  });

  it('parse ∘ serialize is the identity on valid states (property)', () => {
    fc.assert(
      fc.property(view, sortDefaults, (query, sort) => {
        expect(parseDeviceListQuery(serializeDeviceListQuery(query, sort), sort)).toEqual(query);
      }),
      { numRuns: 500 },
    );
  });

  it('serialize ∘ parse is stable for any query string (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), sortDefaults, (text, sort) => {
        const once = parseDeviceListQuery(text, sort);
        const again = parseDeviceListQuery(serializeDeviceListQuery(once, sort), sort);
        expect(again).toEqual(once);
      }),
      { numRuns: 500 },
    );
  });
});

describe('nextSort', () => {
  it('toggles the direction on the same column', () => {
    expect(nextSort({ orderBy: 'lastCheck', direction: 'asc' }, 'lastCheck')).toEqual({
      orderBy: 'lastCheck',
      direction: 'desc',
    });
    expect(nextSort({ orderBy: 'lastCheck', direction: 'desc' }, 'lastCheck')).toEqual({
      orderBy: 'lastCheck',
      direction: 'asc',
    });
  });

  it('starts a new column at asc, whatever the current direction', () => {
    for (const direction of SORT_DIRECTIONS) {
      expect(nextSort({ orderBy: 'deviceName', direction }, 'platform')).toEqual({
        orderBy: 'platform',
        direction: 'asc',
      });
    }
  });

  it('two clicks on the same column come back to the start (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<DeviceSortColumn>(...DEVICE_SORT_COLUMNS),
        fc.constantFrom<SortDirection>(...SORT_DIRECTIONS),
        (orderBy, direction) => {
          expect(nextSort(nextSort({ orderBy, direction }, orderBy), orderBy)).toEqual({
            orderBy,
            direction,
          });
        },
      ),
    );
  });
});

describe('showingText', () => {
  it('reads "Showing X to Y of Z entries"', () => {
    expect(showingText(1, 20, 47)).toBe('Showing 1 to 20 of 47 entries');
  });

  it('an empty list shows zeros', () => {
    expect(showingText(1, 20, 0)).toBe('Showing 0 to 0 of 0 entries');
  });

  it('the last, partial page ends at the total', () => {
    expect(showingText(3, 20, 47)).toBe('Showing 41 to 47 of 47 entries');
    expect(showingText(1, 20, 1)).toBe('Showing 1 to 1 of 1 entries');
  });

  it('a page beyond the total shows no range', () => {
    expect(showingText(4, 20, 47)).toBe('Showing 0 to 0 of 47 entries');
    expect(showingText(100, 100, 1000)).toBe('Showing 0 to 0 of 1000 entries');
  });

  it('full pages in between', () => {
    expect(showingText(2, 20, 47)).toBe('Showing 21 to 40 of 47 entries');
    expect(showingRange(10, 100, 1000)).toEqual({ from: 901, to: 1000, total: 1000 });
  });

  it('from ≤ to ≤ total on every page (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 0, max: 100000 }),
        (page, size, total) => {
          const { from, to } = showingRange(page, size, total);
          expect(from).toBeLessThanOrEqual(to);
          expect(to).toBeLessThanOrEqual(total);
          if (from > 0) expect(to - from + 1).toBeLessThanOrEqual(size);
        },
      ),
    );
  });
});
