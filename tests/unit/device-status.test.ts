import { createHash, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXTERNAL_LINKS } from '../../src/lib/constants';
import {
  CHECK_STATE_LABELS,
  avatarUrl,
  checkStateLabel,
  publicPageUrl,
  statusCode,
  statusColor,
  statusLabel,
} from '../../src/lib/device-status';
import type { CheckState } from '../../src/lib/device-status';
import { sha256Hex } from '../../src/lib/sha256';

const nodeSha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

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

describe('sha256Hex', () => {
  it('matches known vectors', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('matches node:crypto at the padding boundaries (55, 56, 63, 64, 65, 119, 120 bytes)', () => {
    for (const length of [1, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1000]) {
      const text = 'a'.repeat(length);
      expect(sha256Hex(text), `length ${length}`).toBe(nodeSha256(text));
    }
    // Multi-byte characters: 'é' is 2 bytes in UTF-8, so 28 of them are 56 bytes.
    for (const text of [
      'é'.repeat(27) + 'a',
      'é'.repeat(28),
      'é'.repeat(32),
      '€'.repeat(21) + 'a',
    ]) {
      expect(sha256Hex(text)).toBe(nodeSha256(text));
    }
  });

  it('matches node:crypto on random strings, unicode included', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 200 }),
        (text) => sha256Hex(text) === nodeSha256(text),
      ),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 300 }),
        (text) => sha256Hex(text) === nodeSha256(text),
      ),
      { numRuns: 300 },
    );
    for (let i = 0; i < 50; i += 1) {
      const text = randomBytes(i * 7).toString('base64');
      expect(sha256Hex(text)).toBe(nodeSha256(text));
    }
  });

  it('handles emoji and other astral characters', () => {
    for (const text of ['🔒', '👩‍💻 laptop', 'Frank’s MacBook Pro', '日本語のデバイス']) {
      expect(sha256Hex(text)).toBe(nodeSha256(text));
    }
  });
});

describe('avatarUrl', () => {
  it('uses the sha256 of the trimmed, lower-cased email', () => {
    const hash = nodeSha256('frank@northwind.example');
    for (const email of [
      'frank@northwind.example',
      '  Frank@Northwind.EXAMPLE ',
      'FRANK@NORTHWIND.EXAMPLE\n',
    ]) {
      const url = avatarUrl(email);
      expect(url.startsWith(`${EXTERNAL_LINKS.avatar}${hash}`)).toBe(true);
    }
  });

  it('asks for the given size and an identicon fallback', () => {
    const url = new URL(avatarUrl('alice@northwind.example', 48));
    expect(url.searchParams.get('s')).toBe('48');
    expect(url.searchParams.get('d')).toBe('identicon');
    expect(new URL(avatarUrl('alice@northwind.example')).searchParams.get('s')).toBe('64');
  });

  it('never puts the email itself in the address', () => {
    expect(avatarUrl('alice@northwind.example')).not.toContain('alice');
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
