import { describe, expect, it } from 'vitest';
import {
  activeAfterChange,
  matchScore,
  moveActive,
  rankPaletteItems,
} from '../../src/lib/palette-ranking';
import type { PaletteItem } from '../../src/lib/palette-ranking';

const screen = (label: string, keywords?: string[]): PaletteItem => ({
  id: label,
  kind: 'screen',
  label,
  href: `/${label.toLowerCase()}`,
  keywords,
});
const team = (label: string): PaletteItem => ({
  id: `t-${label}`,
  kind: 'team',
  label,
  href: '/t',
});
const device = (label: string): PaletteItem => ({
  id: `d-${label}`,
  kind: 'device',
  label,
  href: '/d',
});

const labels = (items: PaletteItem[]) => items.map((item) => item.label);

describe('palette match score', () => {
  it('exact > prefix > word start > anywhere > nothing', () => {
    const scores = ['design', 'designers', 'ux design team', 'redesign', 'sales'].map((text) =>
      matchScore(text, 'design'),
    );
    expect(scores).toEqual([100, 80, 60, 40, 0]);
  });

  it("a word after an apostrophe or a hyphen counts as a word start (Frank's MacBook)", () => {
    expect(matchScore("frank's macbook pro", 'mac')).toBe(60);
    expect(matchScore('build-mac-mini', 'mac')).toBe(60);
  });
});

describe('palette ranking', () => {
  const items = [
    screen('Overview', ['home']),
    screen('Devices'),
    screen('Settings'),
    screen('Account', ['profile']),
    screen('Billing'),
    team('Engineering'),
    team('Design'),
    team('Sales'),
  ];

  it('an empty query lists the screens, then the teams (alphabetically), and no devices', () => {
    expect(labels(rankPaletteItems([...items, device('Mac')], ''))).toEqual([
      'Account',
      'Billing',
      'Devices',
      'Overview',
      'Settings',
      'Design',
      'Engineering',
      'Sales',
    ]);
  });

  it('the best match comes first, whatever its kind', () => {
    const ranked = rankPaletteItems(
      [...items, device('Design laptop'), device('Old design')],
      'design',
    );
    expect(labels(ranked)).toEqual(['Design', 'Design laptop', 'Old design']);
  });

  it('on equal scores: screens, then teams, then devices', () => {
    const ranked = rankPaletteItems(
      [device('Settings'), team('Settings'), screen('Settings')],
      'settings',
    );
    expect(ranked.map((item) => item.kind)).toEqual(['screen', 'team', 'device']);
  });

  it('a keyword finds a screen, below a match of its name', () => {
    expect(labels(rankPaletteItems(items, 'profile'))).toEqual(['Account']);
    expect(labels(rankPaletteItems([screen('Profile page'), ...items], 'profile'))).toEqual([
      'Profile page',
      'Account',
    ]);
  });

  it('keeps a device the server found even when its name does not show the query (owner match)', () => {
    const ranked = rankPaletteItems([...items, device('Build Mac mini')], 'alice');
    expect(labels(ranked)).toEqual(['Build Mac mini']);
  });

  it('is case- and space-insensitive, and cut at the limit', () => {
    expect(labels(rankPaletteItems(items, '  ENG '))).toEqual(['Engineering']);
    const many = Array.from({ length: 30 }, (_, i) => device(`mac ${i}`));
    expect(rankPaletteItems(many, 'mac', 12)).toHaveLength(12);
  });

  it('nothing matches: no results', () => {
    expect(rankPaletteItems(items, 'zzz')).toEqual([]);
  });
});

describe('moving through the results', () => {
  it('wraps round both ways, starts at the first (down) or the last (up)', () => {
    expect(moveActive(0, 3, 1)).toBe(1);
    expect(moveActive(2, 3, 1)).toBe(0);
    expect(moveActive(0, 3, -1)).toBe(2);
    expect(moveActive(-1, 3, 1)).toBe(0);
    expect(moveActive(-1, 3, -1)).toBe(2);
    expect(moveActive(0, 0, 1)).toBe(-1);
  });
});

describe('the active result when the results change', () => {
  const before = [team('Design'), team('Desk')];
  const after = [team('Design'), device('Desktop'), team('Desk')];

  it('stays on the chosen item when the same query gets more results (the device search answering)', () => {
    expect(activeAfterChange(before, 1, after, true)).toBe(2);
    expect(activeAfterChange(before, 0, after, true)).toBe(0);
  });

  it('starts at the first result for a new query, or when the chosen item is gone', () => {
    expect(activeAfterChange(before, 1, after, false)).toBe(0);
    expect(activeAfterChange(before, 1, [device('Desktop')], true)).toBe(0);
    expect(activeAfterChange(before, -1, after, true)).toBe(0);
  });

  it('is -1 when there is nothing to choose', () => {
    expect(activeAfterChange(before, 0, [], true)).toBe(-1);
  });
});
