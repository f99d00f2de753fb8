import { describe, expect, it } from 'vitest';
import { capDevicePage, exportPageCount } from '../../src/features/devices/page-bounds';

describe('bounded work', () => {
  it('a page never holds more devices than were asked for', () => {
    const page = { devices: Array.from({ length: 10_000 }, (_, i) => i), total: 10_000 };
    expect(capDevicePage(page, 20).devices).toHaveLength(20);
    const small = { devices: [1, 2], total: 2 };
    expect(capDevicePage(small, 20)).toBe(small);
  });

  it('the export asks for ceil(total / pageSize) pages, at least one', () => {
    expect(exportPageCount(1000, 100)).toBe(10);
    expect(exportPageCount(1001, 100)).toBe(11);
    expect(exportPageCount(0, 100)).toBe(1);
    expect(exportPageCount(Number.NaN, 100)).toBe(1);
  });
});
