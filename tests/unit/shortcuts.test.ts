import { describe, expect, it } from 'vitest';
import { isListPath, SHORTCUTS, shortcutFor } from '../../src/lib/shortcuts';
import type { KeyPress } from '../../src/lib/shortcuts';

const press = (key: string, extra: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  typing: false,
  inList: false,
  dialogOpen: false,
  ...extra,
});

describe('keyboard shortcuts', () => {
  it('Ctrl+K and ⌘K open the search anywhere, also while typing or over a dialog', () => {
    expect(shortcutFor(press('k', { ctrlKey: true }))).toBe('openPalette');
    expect(shortcutFor(press('K', { metaKey: true }))).toBe('openPalette');
    expect(shortcutFor(press('k', { ctrlKey: true, typing: true }))).toBe('openPalette');
    expect(shortcutFor(press('k', { metaKey: true, dialogOpen: true }))).toBe('openPalette');
  });

  it('K alone, or with Alt, is just a key', () => {
    expect(shortcutFor(press('k'))).toBeNull();
    expect(shortcutFor(press('k', { ctrlKey: true, altKey: true }))).toBeNull();
  });

  it('/ opens the search on a list only, and never while typing or in a dialog', () => {
    expect(shortcutFor(press('/', { inList: true }))).toBe('openPalette');
    expect(shortcutFor(press('/'))).toBeNull();
    expect(shortcutFor(press('/', { inList: true, typing: true }))).toBeNull();
    expect(shortcutFor(press('/', { inList: true, dialogOpen: true }))).toBeNull();
    expect(shortcutFor(press('/', { inList: true, ctrlKey: true }))).toBeNull();
  });

  it('? lists the shortcuts, but not while typing (a question in a field stays a question)', () => {
    expect(shortcutFor(press('?'))).toBe('showShortcuts');
    expect(shortcutFor(press('?', { typing: true }))).toBeNull();
    expect(shortcutFor(press('?', { dialogOpen: true }))).toBeNull();
  });

  it('the lists are the device list and the overview of a team', () => {
    const team = '0c1e7d4e-5b7a-4f61-9d3c-2a8e9b0f1c2d';
    expect(isListPath(`/devices/${team}`)).toBe(true);
    expect(isListPath(`/overview/${team}`)).toBe(true);
    expect(isListPath(`/settings/${team}`)).toBe(false);
    expect(isListPath(`/device/${team}`)).toBe(false);
    expect(isListPath('/account')).toBe(false);
  });

  it('the list `?` shows names every shortcut the listener knows', () => {
    const keys = SHORTCUTS.flatMap((shortcut) => shortcut.keys);
    for (const key of ['Ctrl+K', '⌘K', '/', '?', 'Enter', 'Esc']) expect(keys).toContain(key);
  });
});
