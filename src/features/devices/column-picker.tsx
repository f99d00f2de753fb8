import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import { ViewColumnIcon } from '../../ui/icons';

// The picker's menu is its own chunk: the list's first paint carries only the button.
const loadColumnMenu = () => import('./device-column-menu');
const preloadColumnMenu = () => void loadColumnMenu();
const ColumnMenu = lazy(async () => ({ default: (await loadColumnMenu()).ColumnMenu }));

/** "Columns": a menu of checkboxes, one per column, plus a way back to the default set. */
export function ColumnPicker() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The menu's chunk is fetched when the pointer or the focus reaches the button (at the latest on
  // the first press); the menu stays mounted afterwards (closing transition, focus return).
  const [mounted, setMounted] = useState(false);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<ViewColumnIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'device-columns-menu' : undefined}
        onPointerEnter={preloadColumnMenu}
        onFocus={preloadColumnMenu}
        onPointerDown={preloadColumnMenu}
        onClick={(event) => {
          setMounted(true);
          setAnchor(event.currentTarget);
        }}
        sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
      >
        Columns
      </Button>
      {mounted ? (
        <Suspense fallback={null}>
          <ColumnMenu anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
