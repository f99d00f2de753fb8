import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AVATAR_COLOURS,
  avatarColour,
  avatarUrl,
  contrastRatio,
  initialsOf,
  relativeLuminance,
} from '../../src/lib/avatar';
import { EXTERNAL_LINKS } from '../../src/lib/constants';

describe('avatar colours', () => {
  it('computes WCAG contrast: black on white is 21:1, a colour on itself 1:1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#1d4ed8', '#1d4ed8')).toBe(1);
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 5);
  });

  it.each(AVATAR_COLOURS)('%s gives white initials at least 4.5:1', (colour) => {
    expect(contrastRatio(colour, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('the same email (any case, any surrounding space) always gets the same colour', () => {
    expect(avatarColour(' Frank@Northwind.example ')).toBe(avatarColour('frank@northwind.example'));
  });

  it('every email gets one of the palette colours', () => {
    fc.assert(
      fc.property(fc.string(), (email) => {
        expect(AVATAR_COLOURS).toContain(avatarColour(email));
      }),
    );
  });

  it('spreads the story’s people over several colours', () => {
    const people = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'grace', 'heidi', 'ivan'];
    const colours = new Set(people.map((p) => avatarColour(`${p}@northwind.example`)));
    expect(colours.size).toBeGreaterThanOrEqual(5);
  });
});

describe('initialsOf', () => {
  it.each([
    ['frank@northwind.example', 'F'],
    ['ada.lovelace@example.com', 'AL'],
    ['grace_hopper-navy@example.com', 'GH'],
    ['élodie@example.fr', 'É'],
    ['42@example.com', '4'],
    ['...@example.com', '?'],
    ['', '?'],
  ])('%j → %j', (email, initials) => {
    expect(initialsOf(email)).toBe(initials);
  });
});

describe('avatarUrl', () => {
  it('uses the SHA-256 of the trimmed, lower-cased email, as Node computes it', async () => {
    const hash = createHash('sha256').update('frank@northwind.example', 'utf8').digest('hex');
    for (const email of [
      'frank@northwind.example',
      '  Frank@Northwind.EXAMPLE ',
      'FRANK@NORTHWIND.EXAMPLE\n',
    ]) {
      const url = await avatarUrl(email);
      expect(url.startsWith(`${EXTERNAL_LINKS.avatar}${hash}`)).toBe(true);
    }
  });

  it('asks for the given size and an identicon fallback', async () => {
    const url = new URL(await avatarUrl('alice@northwind.example', 48));
    expect(url.searchParams.get('s')).toBe('48');
    expect(url.searchParams.get('d')).toBe('identicon');
    expect(new URL(await avatarUrl('alice@northwind.example')).searchParams.get('s')).toBe('64');
  });

  it('never puts the email itself in the address', async () => {
    expect(await avatarUrl('alice@northwind.example')).not.toContain('alice');
  });
});
