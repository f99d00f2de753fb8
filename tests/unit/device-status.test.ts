import { describe, expect, it } from 'vitest';
import { EXTERNAL_LINKS } from '../../src/lib/constants';
import {
  CHECK_STATE_LABELS,
  checkStateLabel,
  publicPageUrl,
  statusCode,
  statusColor,
  statusLabel,
} from '../../src/lib/device-status';
import type { CheckState } from '../../src/lib/device-status';

describe('device status badge', () => {
  it('maps compliant to code 1 (green), failing to 2 (red), pending and stale to amber', () => {
    expect(statusCode('compliant')).toBe(1);
    expect(statusCode('failing')).toBe(2);
    expect(statusCode('pending')).toBe(3);
    expect(statusCode('stale')).toBe(3);
    expect(statusColor('compliant')).toBe('success');
    expect(statusColor('failing')).toBe('error');
    expect(statusColor('pending')).toBe('warning');
    expect(statusColor('stale')).toBe('warning');
  });

  it('labels every status', () => {
    expect(statusLabel('pending')).toBe('Pending');
    expect(statusLabel('compliant')).toBe('Compliant');
    expect(statusLabel('failing')).toBe('Failing');
    expect(statusLabel('stale')).toBe('Stale');
  });
});

describe('checkStateLabel', () => {
  it.each<[CheckState, string]>([
    ['off', 'turned off'],
    ['fail', 'failed'],
    ['missingDependency', 'not installed'],
    ['pass', 'passed'],
    ['error', 'error'],
  ])('%s reads "%s"', (state, label) => {
    expect(checkStateLabel(state)).toBe(label);
  });

  it('covers exactly the five states of SPEC §3', () => {
    expect(Object.keys(CHECK_STATE_LABELS).sort()).toEqual([
      'error',
      'fail',
      'missingDependency',
      'off',
      'pass',
    ]);
  });
});

describe('publicPageUrl', () => {
  it('puts the slug under the host', () => {
    expect(publicPageUrl('alice-macbook', 'https://console.example.com')).toBe(
      'https://console.example.com/alice-macbook',
    );
  });

  it('escapes characters that would leave the path segment', () => {
    expect(publicPageUrl('a/b?c#d', 'https://console.example.com')).toBe(
      'https://console.example.com/a%2Fb%3Fc%23d',
    );
  });

  it('keeps a base that already ends in a slash or carries a path', () => {
    expect(publicPageUrl('x', 'https://pages.example.com/p/')).toBe(
      'https://pages.example.com/p/x',
    );
  });

  it('defaults to the configured public-page host, not the console origin', () => {
    expect(publicPageUrl('alice-macbook')).toBe(`${EXTERNAL_LINKS.publicPage}alice-macbook`);
  });
});
