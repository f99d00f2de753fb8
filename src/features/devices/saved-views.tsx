import { lazy, Suspense, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLocation, useSearch } from 'wouter';
import { useCurrentUser } from '../../api/current-user';
import type { DeviceSortColumn } from '../../lib/constants';
import {
  invalidDeviceListParams,
  invalidParamsMessage,
  parseColumnsParam,
  serializeColumnsParam,
} from '../../lib/device-list-query';
import type { DeviceListQuery } from '../../lib/device-list-query';
import type { SavedView } from '../../lib/user-preferences';
import {
  chooseColumns,
  deleteView,
  preferencesOf,
  saveView,
  useSession,
} from '../../session/session';
import { BidiText } from '../../ui/bidi-text';
import { DeleteIcon } from '../../ui/icons';
import { setVisitColumns, useDeviceColumns, useVisitColumns } from './device-columns';
import { deviceListHref } from './use-device-list-url';

// The dialogs (save, share) are downloaded when first opened: the list's first paint carries
// only the row of views.
const SavedViewDialogs = lazy(async () => ({
  default: (await import('./saved-view-dialogs')).SavedViewDialogs,
}));

/** The address of a view on a team: search, sort, page size and columns, from page 1. */
export function savedViewHref(teamId: string, view: Omit<SavedView, 'name'>): string {
  const href = deviceListHref(
    teamId,
    {
      page: 1,
      pageSize: view.pageSize,
      orderBy: view.orderBy,
      direction: view.direction,
      search: view.search,
      openInviteModal: false,
    },
    { orderBy: view.orderBy, direction: view.direction },
    true,
  );
  if (!view.columns) return href;
  return `${href}&columns=${encodeURIComponent(serializeColumnsParam(view.columns))}`;
}

function sameView(a: Omit<SavedView, 'name'>, b: Omit<SavedView, 'name'>): boolean {
  return (
    a.search === b.search &&
    a.orderBy === b.orderBy &&
    a.direction === b.direction &&
    a.pageSize === b.pageSize &&
    (a.columns ?? []).join() === (b.columns ?? []).join()
  );
}

/**
 * A shared link's columns are shown for this visit only (the reader's own layout stays theirs,
 * and an offer to keep them is made), then leave the address. A part of the address that cannot
 * be used is said above the list, until the person changes the view (the list then writes a clean
 * address) or closes the message.
 */
function useSharedAddress(): string | null {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const columns = parseColumnsParam(search);
  const columnsText = Array.isArray(columns) ? serializeColumnsParam(columns) : null;
  // Leaving the list ends the visit: the reader's own columns again next time.
  useEffect(() => () => setVisitColumns(null), []);
  useEffect(() => {
    if (columnsText === null) return;
    setVisitColumns(columnsText.split(',') as DeviceSortColumn[]);
    const params = new URLSearchParams(search);
    params.delete('columns');
    const rest = params.toString();
    navigate(`${location}${rest ? `?${rest}` : ''}`, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per shared set of columns
  }, [columnsText]);
  return invalidParamsMessage(invalidDeviceListParams(search));
}

/**
 * Saved views beside the device search: each applies its search, sort, page size and columns in
 * one click; Save view names the current one; Share gives the link to it. Per person, in the
 * stored session.
 */
export function SavedViews({ teamId, query }: { teamId: string; query: DeviceListQuery }) {
  const user = useCurrentUser().data;
  const session = useSession();
  const { columns, isDefault } = useDeviceColumns();
  const [, navigate] = useLocation();
  const message = useSharedAddress();
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'save' | 'share' | null>(null);
  const [mounted, setMounted] = useState(false);
  const views = preferencesOf(session, user?.id).savedViews;

  const current: Omit<SavedView, 'name'> = {
    search: query.search,
    orderBy: query.orderBy,
    direction: query.direction,
    pageSize: query.pageSize,
    columns: isDefault ? null : columns,
  };
  const open = (which: 'save' | 'share') => {
    setMounted(true);
    setDialog(which);
  };
  const visitColumns = useVisitColumns();
  const apply = (view: SavedView) => {
    setVisitColumns(null);
    if (user) chooseColumns(user.id, view.columns);
    navigate(savedViewHref(teamId, { ...view, columns: null }));
  };
  // Delete at once, with a way back: the view returns where it was.
  const [deleted, setDeleted] = useState<{ view: SavedView; index: number } | null>(null);
  const remove = (view: SavedView) => {
    if (!user) return;
    setDeleted({ view, index: views.indexOf(view) });
    deleteView(user.id, view.name);
  };
  const undo = () => {
    if (!user || !deleted) return;
    saveView(user.id, deleted.view, deleted.index);
    setDeleted(null);
  };

  return (
    <>
      {message && message !== dismissed ? (
        <Alert severity="warning" sx={{ mt: 2 }} onClose={() => setDismissed(message)}>
          {message}
        </Alert>
      ) : null}
      {visitColumns ? (
        <Alert
          severity="info"
          sx={{ mt: 2 }}
          action={
            <Stack direction="row" spacing={1}>
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  if (user) chooseColumns(user.id, visitColumns);
                  setVisitColumns(null);
                }}
              >
                Keep these columns
              </Button>
              <Button color="inherit" size="small" onClick={() => setVisitColumns(null)}>
                Use mine
              </Button>
            </Stack>
          }
        >
          This link shows its own columns, for this visit only.
        </Alert>
      ) : null}
      {deleted ? (
        <Alert
          severity="info"
          role="status"
          sx={{ mt: 2 }}
          onClose={() => setDeleted(null)}
          action={
            <Button color="inherit" size="small" onClick={undo}>
              Undo
            </Button>
          }
        >
          View “<BidiText text={deleted.view.name} />” deleted.
        </Alert>
      ) : null}
      <Stack
        direction="row"
        component="section"
        aria-label="Saved views"
        sx={{ mt: 1.5, gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
      >
        <Typography
          variant="body2"
          color="text.secondary"
          component="h2"
          sx={{ fontSize: 'inherit' }}
        >
          Saved views:
        </Typography>
        {views.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            none yet
          </Typography>
        ) : null}
        {views.map((view) => {
          const active = sameView(view, current);
          return (
            <Stack key={view.name} direction="row" sx={{ alignItems: 'center' }}>
              <Chip
                label={<BidiText text={view.name} />}
                clickable
                color={active ? 'primary' : 'default'}
                variant={active ? 'filled' : 'outlined'}
                aria-pressed={active}
                onClick={() => apply(view)}
                sx={{ maxWidth: 240 }}
              />
              <IconButton
                size="small"
                aria-label={`Delete view ${view.name}`}
                onClick={() => remove(view)}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Stack>
          );
        })}
        <Button size="small" onClick={() => open('save')} disabled={!user}>
          Save view
        </Button>
        <Button size="small" onClick={() => open('share')}>
          Share link
        </Button>
      </Stack>
      {mounted && user ? (
        <Suspense fallback={null}>
          <SavedViewDialogs
            open={dialog}
            onClose={() => setDialog(null)}
            userId={user.id}
            views={views}
            current={current}
            link={`${window.location.origin}${savedViewHref(teamId, current)}`}
          />
        </Suspense>
      ) : null}
    </>
  );
}
