import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useLocation } from 'wouter';
import { useTeams } from '../api/current-user';
import type { User } from '../api/current-user';
import { $api } from '../api/query';
import { MAX_DEVICE_NAME_LENGTH } from '../lib/constants';
import { activeAfterChange, moveActive, rankPaletteItems } from '../lib/palette-ranking';
import type { PaletteItem } from '../lib/palette-ranking';
import { devicePath, devicesPath, overviewPath, settingsPath } from '../lib/paths';
import { SHORTCUTS } from '../lib/shortcuts';
import { visuallyHidden } from '../ui/visually-hidden';

/** Typing settles this long before the device list is searched. */
export const PALETTE_DEBOUNCE_MS = 250;
const DEVICE_RESULTS = 8;

const KIND_LABELS = { screen: 'Screen', team: 'Team', device: 'Device' } as const;

/** The screens the palette offers, as the navigation and the profile menu do. */
function screenItems(
  user: User | undefined,
  impersonating: boolean,
  teamId: string | null,
): PaletteItem[] {
  return [
    ...(teamId
      ? [
          { id: 'overview', label: 'Overview', href: overviewPath(teamId), keywords: ['home'] },
          { id: 'devices', label: 'Devices', href: devicesPath(teamId), keywords: ['list'] },
          {
            id: 'settings',
            label: 'Settings',
            href: settingsPath(teamId),
            keywords: ['checks', 'reports', 'slack'],
          },
        ]
      : []),
    { id: 'account', label: 'Account', href: '/account', keywords: ['profile', 'password'] },
    // The activity log: account admins, as in the profile menu (shell-nav.tsx).
    ...(user?.isAdmin
      ? [{ id: 'activity', label: 'Activity', href: '/activity', keywords: ['log', 'audit'] }]
      : []),
    // SPEC §2, §6: the Billing link is for the billing role only, as in the profile menu.
    ...(user?.hasBillingRole
      ? [{ id: 'billing', label: 'Billing', href: '/billing', keywords: ['plan', 'subscription'] }]
      : []),
    ...(user?.isSuperuser || impersonating
      ? [{ id: 'impersonate', label: 'Impersonate', href: '/impersonate', keywords: ['support'] }]
      : []),
  ].map((item) => ({ ...item, kind: 'screen' as const }));
}

/** The text settles before it is searched; every change of it cancels the pending search. */
function useSettled(text: string): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(text), PALETTE_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  return text.trim() === '' ? '' : settled.trim();
}

/**
 * One search for devices (by name, through the device list's search), teams and screens. The
 * field is a combobox over a listbox: the arrows move, Enter opens, Escape closes and gives the
 * focus back to where it was.
 */
export function CommandPalette({
  open,
  onClose,
  text,
  onTextChange: setText,
  onReady,
  user,
  impersonating,
  activeTeamId,
}: {
  open: boolean;
  onClose(): void;
  /** The field's text (kept by the launcher, which holds what was typed while this loaded). */
  text: string;
  onTextChange(text: string): void;
  /** The field exists: from now on keys typed go to it. */
  onReady(): void;
  user: User | undefined;
  impersonating: boolean;
  activeTeamId: string | null;
}) {
  const [, navigate] = useLocation();
  const input = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => onReady(), [onReady]);
  // The field has the focus whatever had it before (a link, the profile button, the search
  // button): after the dialog's focus trap has run, and again once it has come in.
  const focusField = () => {
    if (input.current && document.activeElement !== input.current) input.current.focus();
  };
  useEffect(() => {
    if (open && input.current && document.activeElement !== input.current) input.current.focus();
  }, [open]);
  const [active, setActive] = useState(0);
  const settled = useSettled(text);
  const teams = useTeams();
  const baseId = useId();
  const listId = `${baseId}-results`;
  const titleId = `${baseId}-title`;

  // A change of the query key cancels the previous request (TanStack Query's AbortSignal).
  const devices = $api.useQuery(
    'get',
    '/team/{teamId}/devices',
    {
      params: {
        path: { teamId: activeTeamId ?? '' },
        query: { page: 1, pageSize: DEVICE_RESULTS, search: settled },
      },
    },
    { enabled: open && activeTeamId !== null && settled !== '', retry: false },
  );

  const teamName = teams.data?.find((team) => team.id === activeTeamId)?.name;
  const results = useMemo(() => {
    const items: PaletteItem[] = [
      ...screenItems(user, impersonating, activeTeamId),
      ...(teams.data ?? []).map((team) => ({
        id: `team-${team.id}`,
        kind: 'team' as const,
        label: team.name,
        detail: `Team overview`,
        href: overviewPath(team.id),
      })),
      // Only the answer for the text on screen: during the pause in typing, the previous text's
      // devices would be listed (and ranked as matches) for a text they may not match.
      ...(settled !== '' && settled === text.trim() && devices.data
        ? devices.data.devices.slice(0, DEVICE_RESULTS).map((device) => ({
            id: `device-${device.id}`,
            kind: 'device' as const,
            label: device.deviceName,
            detail: device.ownerEmail || undefined,
            href: devicePath(device.id),
          }))
        : []),
    ];
    return rankPaletteItems(items, text);
  }, [user, impersonating, activeTeamId, teams.data, devices.data, settled, text]);

  const [seen, setSeen] = useState({ results, text });
  if (seen.results !== results) {
    setSeen({ results, text });
    setActive(activeAfterChange(seen.results, active, results, seen.text === text));
  }

  const close = () => {
    onClose();
  };
  const choose = (item: PaletteItem | undefined) => {
    if (!item) return;
    onClose();
    navigate(item.href);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((current) =>
        moveActive(current, results.length, event.key === 'ArrowDown' ? 1 : -1),
      );
    } else if (event.key === 'Home' && results.length > 0 && event.ctrlKey) {
      event.preventDefault();
      setActive(0);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(results[active]);
    }
  };

  const searching = settled !== '' && activeTeamId !== null && devices.isFetching;
  const waiting = text.trim() !== '' && text.trim() !== settled;
  const status = devices.isError
    ? 'Devices could not be searched. Screens and teams are still listed.'
    : searching || waiting
      ? 'Searching devices…'
      : results.length === 0
        ? `Nothing found for “${text.trim()}”.`
        : `${results.length} ${results.length === 1 ? 'result' : 'results'}.`;

  const optionId = (index: number) => `${baseId}-option-${index}`;
  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      slotProps={{
        paper: { sx: { alignSelf: 'flex-start', mt: { xs: 2, sm: 10 }, mx: { xs: 1, sm: 4 } } },
        transition: { onEntered: focusField, onExited: () => setText('') },
      }}
    >
      <Typography id={titleId} component="h2" sx={visuallyHidden}>
        Search
      </Typography>
      <Box sx={{ p: 2, pb: 1 }}>
        <TextField
          autoFocus
          inputRef={input}
          fullWidth
          label={
            teamName
              ? `Search devices in ${teamName}, teams and screens`
              : 'Search teams and screens'
          }
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          slotProps={{
            htmlInput: {
              role: 'combobox',
              'aria-autocomplete': 'list',
              'aria-expanded': results.length > 0,
              'aria-controls': listId,
              'aria-activedescendant':
                active >= 0 && results[active] ? optionId(active) : undefined,
              maxLength: MAX_DEVICE_NAME_LENGTH,
              autoComplete: 'off',
              spellCheck: false,
            },
          }}
        />
        <Typography
          variant="body2"
          color="text.secondary"
          role="status"
          aria-live="polite"
          sx={{ mt: 1, minHeight: '1.5em' }}
        >
          {status}
        </Typography>
      </Box>
      <Box
        component="ul"
        role="listbox"
        id={listId}
        aria-label="Results"
        sx={{ listStyle: 'none', m: 0, px: 1, pb: 1, maxHeight: '55vh', overflowY: 'auto' }}
      >
        {results.map((item, index) => (
          <Box
            component="li"
            key={item.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            onMouseMove={() => setActive(index)}
            onClick={() => choose(item)}
            sx={{
              px: 1.5,
              py: 1,
              borderRadius: 1,
              cursor: 'pointer',
              display: 'flex',
              gap: 1.5,
              alignItems: 'baseline',
              bgcolor: index === active ? 'action.selected' : 'transparent',
              outline: index === active ? '2px solid' : 'none',
              outlineColor: 'primary.main',
              outlineOffset: -2,
            }}
          >
            <Typography
              component="span"
              variant="caption"
              color="text.secondary"
              sx={{ minWidth: 52, flexShrink: 0 }}
            >
              {KIND_LABELS[item.kind]}
            </Typography>
            <Box component="span" sx={{ minWidth: 0, overflow: 'hidden' }}>
              <Typography
                component="span"
                sx={{
                  display: 'block',
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  whiteSpace: 'nowrap',
                }}
              >
                {item.label}
              </Typography>
              {item.detail ? (
                <Typography
                  component="span"
                  variant="body2"
                  color="text.secondary"
                  sx={{
                    display: 'block',
                    overflow: 'hidden',
                    textOverflow: 'ellipsis',
                    whiteSpace: 'nowrap',
                  }}
                >
                  {item.detail}
                </Typography>
              ) : null}
            </Box>
          </Box>
        ))}
      </Box>
      <Typography
        variant="caption"
        color="text.secondary"
        component="p"
        sx={{ px: 3, pb: 2, display: { xs: 'none', sm: 'block' } }}
      >
        ↑ ↓ to move, Enter to open, Esc to close, ? for all shortcuts
      </Typography>
    </Dialog>
  );
}

/** `?`: the keyboard shortcuts. */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Keyboard shortcuts</DialogTitle>
      <DialogContent>
        <Table size="small" aria-label="Keyboard shortcuts">
          <TableBody>
            {SHORTCUTS.map((shortcut) => (
              <TableRow key={shortcut.what}>
                <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap', pl: 0 }}>
                  {shortcut.keys.map((key, index) => (
                    <span key={key}>
                      {index > 0 ? ' or ' : null}
                      <Box
                        component="kbd"
                        sx={{
                          fontFamily: 'monospace',
                          px: 0.75,
                          py: 0.25,
                          border: 1,
                          borderColor: 'divider',
                          borderRadius: 0.5,
                        }}
                      >
                        {key}
                      </Box>
                    </span>
                  ))}
                </TableCell>
                <TableCell sx={{ pr: 0 }}>{shortcut.what}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
