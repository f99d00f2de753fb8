import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DEVICE_CSV_COLUMNS,
  DEVICE_CSV_HEADER,
  csvCell,
  csvRecord,
  deviceCsvLine,
  devicesToCsv,
  neutraliseCell,
  quoteCell,
  toCsv,
} from '../../src/lib/csv';
import type { DeviceSummary } from '../../src/lib/csv';
import {
  csvFileName,
  fetchAllDevices,
  fetchAllPages,
} from '../../src/features/devices/fetch-all-pages';

/** A small RFC 4180 reader, to check that what we write reads back. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (ch === '"') {
        quoted = false;
        i += 1;
        continue;
      }
      field += ch;
      i += 1;
      continue;
    }
    if (ch === '"' && field === '') {
      quoted = true;
      i += 1;
    } else if (ch === ',') {
      record.push(field);
      field = '';
      i += 1;
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 2;
    } else {
      field += ch;
      i += 1;
    }
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}

const device: DeviceSummary = {
  id: 'de000000-0000-4000-8000-000000000005',
  teamId: '7e000000-0000-4000-8000-000000000001',
  machineUUID: 'ABC',
  reportedDeviceName: 'host',
  deviceName: '=HYPERLINK("https://evil.example")',
  status: 'failing',
  statusMsg: '1 required check failing',
  passedCount: 11,
  failedCount: 3,
  failedRequiredCount: 1,
  disabledCount: 0,
  version: '1.14.2',
  osVersion: 'Windows 11 25H2',
  lastCheck: null,
  modelName: 'Surface, 7th "gen"',
  modelSerial: null,
  platform: 'Windows',
  created: '2025-03-08T10:00:00Z',
  ownerEmail: 'mallory@northwind.example',
  publicId: null,
};

describe('quoting (RFC 4180)', () => {
  it('leaves plain fields alone', () => {
    expect(quoteCell('MacBook Pro')).toBe('MacBook Pro');
    expect(csvCell('')).toBe('');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(true)).toBe('true');
  });

  it('quotes fields with a double quote, comma, CR or LF and doubles the quotes', () => {
    expect(quoteCell('a,b')).toBe('"a,b"');
    expect(quoteCell('say "hi"')).toBe('"say ""hi"""');
    expect(quoteCell('line\nbreak')).toBe('"line\nbreak"');
    expect(quoteCell('cr\rhere')).toBe('"cr\rhere"');
    expect(csvCell(`Judy's "Quiet" ThinkPad, desk 12`)).toBe(
      `"Judy's ""Quiet"" ThinkPad, desk 12"`,
    );
  });

  it('writes null and undefined as empty fields', () => {
    expect(csvRecord([null, undefined, 'x'])).toBe(',,x');
  });
});

describe('neutralising formulas', () => {
  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'])('prefixes %j with a quote', (text) => {
    expect(neutraliseCell(text)).toBe(`'${text}`);
  });

  it('leaves other text alone, including a formula character later in the text', () => {
    for (const text of ['a=b', 'Frank', '1-2', ' =x', "'=x", ''])
      expect(neutraliseCell(text)).toBe(text);
  });

  it('neutralises before quoting', () => {
    expect(csvCell('=HYPERLINK("https://evil.example")')).toBe(
      `"'=HYPERLINK(""https://evil.example"")"`,
    );
    expect(csvCell('-2,3')).toBe(`"'-2,3"`);
    expect(csvCell('\r=cmd')).toBe(`"'\r=cmd"`);
  });

  it('no written cell ever starts with a formula character (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const cell = csvCell(text);
        const content = cell.startsWith('"') ? cell.slice(1) : cell;
        expect(/^[=+\-@\t\r]/.test(content)).toBe(false);
      }),
    );
  });

  it('every record reads back as the (neutralised) fields (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string({ unit: 'grapheme' }), { minLength: 1, maxLength: 5 }), {
          maxLength: 5,
        }),
        (rows) => {
          const header = ['a', 'b', 'c', 'd', 'e'];
          const text = toCsv(header, rows);
          const parsed = parseCsv(text);
          expect(parsed[0]).toEqual(header);
          expect(parsed.slice(1)).toEqual(rows.map((row) => row.map(neutraliseCell)));
        },
      ),
    );
  });
});

describe('toCsv and devicesToCsv', () => {
  it('writes the header row and CRLF after every record', () => {
    expect(toCsv(['a', 'b'], [[1, 'x,y']])).toBe('a,b\r\n1,"x,y"\r\n');
  });

  it('an empty list is the header row alone', () => {
    expect(devicesToCsv([])).toBe(`${DEVICE_CSV_COLUMNS.join(',')}\r\n`);
  });

  it('has every DeviceSummary field once, in a fixed order', () => {
    expect(new Set(DEVICE_CSV_COLUMNS).size).toBe(DEVICE_CSV_COLUMNS.length);
    expect([...DEVICE_CSV_COLUMNS].sort()).toEqual(Object.keys(device).sort());
    expect(DEVICE_CSV_COLUMNS[0]).toBe('id');
  });

  it('writes one record per device, values under their header', () => {
    const text = devicesToCsv([device, { ...device, id: 'second', deviceName: 'Plain' }]);
    const [header, first, second] = parseCsv(text);
    expect(parseCsv(text)).toHaveLength(3);
    const row = Object.fromEntries(header!.map((name, i) => [name, first![i]]));
    expect(row.deviceName).toBe(`'=HYPERLINK("https://evil.example")`);
    expect(row.modelName).toBe('Surface, 7th "gen"');
    expect(row.lastCheck).toBe('');
    expect(row.modelSerial).toBe('');
    expect(row.passedCount).toBe('11');
    expect(second![header!.indexOf('deviceName')]).toBe('Plain');
    expect(text).toContain(`"'=HYPERLINK(""https://evil.example"")"`);
  });
});

describe('CSV export paging (fetchAllDevices)', () => {
  const deviceOn = (page: number, i: number): DeviceSummary => ({
    ...device,
    id: `p${page}-d${i}`,
  });
  const pageOf = (page: number, pageCount: number, size = 3, total = pageCount * 3) => ({
    devices: Array.from({ length: size }, (_, i) => deviceOn(page, i)),
    pageCount,
    total,
  });
  const PAGE_SIZE = 3;

  it('asks page 1 first, then the rest at most 4 at a time, and keeps page order', async () => {
    const started: number[] = [];
    let running = 0;
    let peak = 0;
    const progress: string[] = [];
    const devices = await fetchAllDevices(
      async (page) => {
        started.push(page);
        running += 1;
        peak = Math.max(peak, running);
        // Later pages answer first, so order must come from the page numbers.
        await new Promise((resolve) => setTimeout(resolve, page === 1 ? 1 : 30 - page * 2));
        running -= 1;
        return pageOf(page, 10);
      },
      {
        signal: new AbortController().signal,
        pageSize: PAGE_SIZE,
        onProgress: (p) => progress.push(`${p.loaded}/${p.total}`),
      },
    );
    expect(started[0]).toBe(1);
    expect([...started].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(peak).toBe(4);
    expect(devices).toHaveLength(30);
    expect(devices.map((d) => d.id.split('-')[0])).toEqual(
      Array.from({ length: 10 }, (_, p) => Array(3).fill(`p${p + 1}`)).flat(),
    );
    expect(progress).toEqual(Array.from({ length: 10 }, (_, i) => `${i + 1}/10`));
  });

  it('a single page (or none) needs one request', async () => {
    let calls = 0;
    const fetchPage = async () => {
      calls += 1;
      return { devices: [], pageCount: 0, total: 0 };
    };
    expect(
      await fetchAllDevices(fetchPage, { signal: new AbortController().signal, pageSize: 3 }),
    ).toEqual([]);
    expect(calls).toBe(1);
  });

  it('the first failure stops the other requests and is the error thrown', async () => {
    const boom = new Error('page 3 failed');
    const aborted: number[] = [];
    const promise = fetchAllDevices(
      (page, signal) =>
        new Promise((resolve, reject) => {
          if (page === 1) return resolve(pageOf(1, 20));
          if (page === 3) return setTimeout(() => reject(boom), 5);
          signal.addEventListener('abort', () => {
            aborted.push(page);
            reject(new DOMException('aborted', 'AbortError'));
          });
        }),
      { signal: new AbortController().signal, pageSize: PAGE_SIZE },
    );
    await expect(promise).rejects.toBe(boom);
    expect(aborted.sort((a, b) => a - b)).toEqual([2, 4, 5]);
  });

  it('cancelling aborts the running requests and rejects with an AbortError', async () => {
    const controller = new AbortController();
    let seen = 0;
    const promise = fetchAllDevices(
      (page, signal) =>
        new Promise((resolve, reject) => {
          if (page === 1) return resolve(pageOf(1, 10));
          seen += 1;
          signal.addEventListener('abort', () => reject(new Error('request aborted')));
          if (seen === 4) controller.abort();
        }),
      { signal: controller.signal, pageSize: PAGE_SIZE },
    );
    await expect(promise).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toBe(4);
  });

  it('a page count of 1,000,000 that disagrees with the total is not trusted', async () => {
    const asked: number[] = [];
    const devices = await fetchAllDevices(
      async (page) => {
        asked.push(page);
        return pageOf(page, 1_000_000, 3, 30);
      },
      { signal: new AbortController().signal, pageSize: PAGE_SIZE },
    );
    expect(asked.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(devices).toHaveLength(30);
  });

  it('stops at a short page, and never keeps more than the page size or the total', async () => {
    const asked: number[] = [];
    const devices = await fetchAllDevices(
      async (page) => {
        asked.push(page);
        // Claims 100 devices; page 2 is short (the real end); page 1 sends 5 rows for 3 asked.
        if (page === 1) return pageOf(1, 34, 5, 100);
        return pageOf(page, 34, page === 2 ? 1 : 3, 100);
      },
      { signal: new AbortController().signal, pageSize: PAGE_SIZE, concurrency: 1 },
    );
    expect(asked).toEqual([1, 2]);
    expect(devices.map((d) => d.id)).toEqual(['p1-d0', 'p1-d1', 'p1-d2', 'p2-d0']);
    const few = await fetchAllDevices(async (page) => pageOf(page, 5, 3, 4), {
      signal: new AbortController().signal,
      pageSize: PAGE_SIZE,
    });
    expect(few).toHaveLength(4);
  });

  it('keeps a device the server repeats across pages once, where it first appears', async () => {
    // 4 pages of 3 for a total of 12; the server shifts page 3 by one row (a device added while
    // paging), so p2-d2 comes again on page 3, and page 4 repeats a row of page 1.
    const devices = await fetchAllDevices(
      async (page) => {
        // Page 3 answers first, so "first" must mean page order, not arrival order.
        await new Promise((resolve) => setTimeout(resolve, page === 3 ? 0 : 10));
        if (page === 3)
          return {
            devices: [deviceOn(2, 2), deviceOn(3, 0), deviceOn(3, 1)],
            pageCount: 4,
            total: 12,
          };
        if (page === 4)
          return {
            devices: [deviceOn(4, 0), deviceOn(1, 1), deviceOn(4, 2)],
            pageCount: 4,
            total: 12,
          };
        return pageOf(page, 4, 3, 12);
      },
      { signal: new AbortController().signal, pageSize: PAGE_SIZE },
    );
    const ids = devices.map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([
      'p1-d0',
      'p1-d1',
      'p1-d2',
      'p2-d0',
      'p2-d1',
      'p2-d2',
      'p3-d0',
      'p3-d1',
      'p4-d0',
      'p4-d2',
    ]);
  });

  it('stops at the reported total: no page past it is asked for, no device past it is kept', async () => {
    const asked: number[] = [];
    // Every page is full and the server would go on for ever; the total says 7.
    const devices = await fetchAllDevices(
      async (page) => {
        asked.push(page);
        return pageOf(page, 99, 3, 7);
      },
      { signal: new AbortController().signal, pageSize: PAGE_SIZE },
    );
    expect(asked.sort((a, b) => a - b)).toEqual([1, 2, 3]);
    expect(devices.map((d) => d.id)).toEqual([
      'p1-d0',
      'p1-d1',
      'p1-d2',
      'p2-d0',
      'p2-d1',
      'p2-d2',
      'p3-d0',
    ]);
  });

  it('never has more requests in flight than the concurrency, whatever the answer times', async () => {
    for (const concurrency of [1, 2, 4]) {
      let running = 0;
      let peak = 0;
      const asked = new Set<number>();
      const devices = await fetchAllDevices(
        async (page) => {
          asked.add(page);
          running += 1;
          peak = Math.max(peak, running);
          await new Promise((resolve) => setTimeout(resolve, (page * 7) % 5));
          running -= 1;
          return pageOf(page, 25);
        },
        { signal: new AbortController().signal, pageSize: PAGE_SIZE, concurrency },
      );
      expect(peak).toBe(concurrency);
      expect(asked.size).toBe(25);
      expect(devices).toHaveLength(75);
    }
  });

  it('maps each page as it arrives (the export keeps only its CSV records)', async () => {
    const lines = await fetchAllPages(async (page) => pageOf(page, 2, 3, 5), {
      signal: new AbortController().signal,
      pageSize: PAGE_SIZE,
      map: deviceCsvLine,
    });
    expect(DEVICE_CSV_HEADER + lines.join('')).toBe(
      devicesToCsv([0, 1, 2].map((i) => deviceOn(1, i)).concat([0, 1].map((i) => deviceOn(2, i)))),
    );
  });

  it('names the file devices-{team name}-{yyyy-mm-dd}.csv', () => {
    const date = new Date(2026, 10, 21, 23, 59);
    expect(csvFileName('Engineering', date)).toBe('devices-Engineering-2026-11-21.csv');
    expect(csvFileName('R&D / Ops: "EU"', date)).toBe('devices-R&D - Ops- -EU--2026-11-21.csv');
    expect(csvFileName('  ', new Date(2026, 0, 5))).toBe('devices-team-2026-01-05.csv');
  });
});
