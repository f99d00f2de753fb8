import { describe, expect, it } from 'vitest';
import { devicePath, devicesPath, overviewPath } from '../../src/lib/paths';

describe('paths of the console', () => {
  it('encodes ids as one path segment', () => {
    expect(devicePath('../../logout')).toBe('/device/..%2F..%2Flogout');
    expect(devicePath('a?b#c', 'rename')).toBe('/device/a%3Fb%23c/rename');
    expect(devicesPath('x/y')).toBe('/devices/x%2Fy');
    expect(overviewPath('7e000000-0000-4000-8000-000000000001')).toBe(
      '/overview/7e000000-0000-4000-8000-000000000001',
    );
  });
});
