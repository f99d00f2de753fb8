import { lazy, Suspense, useCallback, useLayoutEffect, useRef, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import type { User } from '../api/current-user';
import { isListPath, shortcutFor } from '../lib/shortcuts';
import type { ShortcutAction } from '../lib/shortcuts';
import { SearchIcon } from '../ui/icons';

// The shell carries only this key listener and the search button: the palette and the shortcut
// list are their own chunk, downloaded the first time one of them opens.
const loadPalette = () => import('./command-palette');
const CommandPalette = lazy(async () => ({ default: (await loadPalette()).CommandPalette }));
const ShortcutsDialog = lazy(async () => ({ default: (await loadPalette()).ShortcutsDialog }));

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (target as HTMLInputElement).type;
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(
    type,
  );
}

/** An open MUI dialog, drawer, menu or popover: single-key shortcuts keep out of its way. */
function dialogOpen(): boolean {
  return document.querySelector('.MuiModal-root:not(.MuiModal-hidden)') !== null;
}

/**
 * Ctrl+K / ⌘K (and `/` on the lists) opens the search, `?` lists the shortcuts; the search button
 * opens it for a mouse or a touch screen.
 */
export function CommandPaletteLauncher({
  user,
  impersonating,
  activeTeamId,
  pathname,
}: {
  user: User | undefined;
  impersonating: boolean;
  activeTeamId: string | null;
  pathname: string;
}) {
  const [open, setOpen] = useState<ShortcutAction | null>(null);
  // The palette's text lives here: what is typed while its chunk is still loading is kept.
  const [text, setText] = useState('');
  const opening = useRef(false);
  const paletteReady = useRef(false);
  const markPaletteReady = useCallback(() => {
    paletteReady.current = true;
  }, []);
  // Mounted once opened: the dialogs keep their closing transition and give focus back.
  const [mounted, setMounted] = useState<Set<ShortcutAction>>(() => new Set());
  const show = (action: ShortcutAction) => {
    setMounted((old) => (old.has(action) ? old : new Set([...old, action])));
    if (action === 'openPalette') opening.current = true;
    setOpen(action);
  };

  const inList = isListPath(pathname);
  // Listening from the commit that shows the shell, not after the paint: a shortcut pressed as soon
  // as the page appears is not lost.
  useLayoutEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (opening.current && !paletteReady.current) {
        // The palette is opening but its field is not there yet (its chunk is loading): the keys
        // typed meanwhile are its text, not lost and not shortcuts.
        const plain = !event.ctrlKey && !event.metaKey && !event.altKey;
        if (plain && event.key.length === 1) {
          event.preventDefault();
          setText((old) => old + event.key);
        } else if (plain && event.key === 'Backspace') {
          event.preventDefault();
          setText((old) => old.slice(0, -1));
        }
        return;
      }
      if (event.defaultPrevented || event.repeat) return;
      const action = shortcutFor({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        typing: isTyping(event.target),
        inList,
        dialogOpen: dialogOpen(),
      });
      if (!action) return;
      event.preventDefault();
      setMounted((old) => (old.has(action) ? old : new Set([...old, action])));
      setOpen((current) => {
        if (current === null && action === 'openPalette') opening.current = true;
        return current ?? action;
      });
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [inList]);

  const close = () => {
    opening.current = false;
    setOpen(null);
  };
  return (
    <>
      <IconButton
        color="inherit"
        aria-label="Search"
        title="Search (Ctrl+K)"
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K"
        onPointerDown={() => void loadPalette()}
        onClick={() => show('openPalette')}
      >
        <SearchIcon />
      </IconButton>
      <Suspense fallback={null}>
        {mounted.has('openPalette') ? (
          <CommandPalette
            open={open === 'openPalette'}
            onClose={close}
            text={text}
            onTextChange={setText}
            onReady={markPaletteReady}
            user={user}
            impersonating={impersonating}
            activeTeamId={activeTeamId}
          />
        ) : null}
        {mounted.has('showShortcuts') ? (
          <ShortcutsDialog open={open === 'showShortcuts'} onClose={close} />
        ) : null}
      </Suspense>
    </>
  );
}
