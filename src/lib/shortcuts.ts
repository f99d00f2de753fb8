// The console's keyboard shortcuts (beyond the SPEC), as pure functions of a key press: the shell's
// listener (src/app/command-palette-listener.tsx) asks `shortcutFor` and does what it answers.

export type ShortcutAction = 'openPalette' | 'showShortcuts';

/** What the listener knows about a key press. */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** The focus is in a text field, a text area, a select or an editable element. */
  typing: boolean;
  /** The page is a list (the device list, the overview): `/` searches there. */
  inList: boolean;
  /** A dialog or menu is open: single-key shortcuts stay out of its way. */
  dialogOpen: boolean;
}

/** The shortcut a key press means, or null (then the key does what it always does). */
export function shortcutFor(press: KeyPress): ShortcutAction | null {
  const key = press.key.toLowerCase();
  // Ctrl+K (⌘K on a Mac) works everywhere, also while typing: it is the way in from a field.
  if (key === 'k' && (press.ctrlKey || press.metaKey) && !press.altKey) return 'openPalette';
  if (press.ctrlKey || press.metaKey || press.altKey) return null;
  if (press.typing || press.dialogOpen) return null;
  if (press.key === '/' && press.inList) return 'openPalette';
  if (press.key === '?') return 'showShortcuts';
  return null;
}

/** Pages where `/` opens the search: the lists. */
export function isListPath(pathname: string): boolean {
  return /^\/(devices|overview)\/[^/]+\/?$/.test(pathname);
}

export interface ShortcutHelp {
  keys: string[];
  what: string;
}

/** What `?` lists. */
export const SHORTCUTS: readonly ShortcutHelp[] = [
  { keys: ['Ctrl+K', '⌘K'], what: 'Search devices, teams and screens' },
  { keys: ['/'], what: 'Search, on the device list and the overview' },
  { keys: ['↑', '↓'], what: 'Move through the results' },
  { keys: ['Enter'], what: 'Open the chosen result' },
  { keys: ['Esc'], what: 'Close the search or this list' },
  { keys: ['?'], what: 'Show these shortcuts' },
];
