import {
  StrictMode,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { createRoot } from 'react-dom/client';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import Fab from '@mui/material/Fab';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ThemeProvider } from '@mui/material/styles';
import type { QueryClient } from '@tanstack/react-query';
import catalogue from 'virtual:qa-scenarios';
import {
  QA_CHANGE_EVENT,
  QA_PREFER_KEY,
  activeStory,
  describePicks,
  isPickable,
  parsePreferMap,
  storyPicks,
  withPick,
  writePicks,
  type PreferMap,
  type QaOption,
  type QaStory,
} from '../api/qa-scenarios';
import { theme } from '../ui/theme';
import { SandboxControls, readSandboxStatus, type SandboxStatus } from './qa-sandbox';

/**
 * The QA scenario panel: only in the dev server and VITE_QA_SCENARIOS builds (main.tsx imports it
 * dynamically behind that condition, so a production build has no trace of it). Lists, per
 * operation, the named examples and codes of the contract and the rows of openapi/SCENARIOS.md;
 * picks are kept in localStorage (they survive a reload) and sent as Prism's Prefer header by the
 * client's QA middleware.
 */
const PANEL_STATE_KEY = 'console.qa.panel';

function subscribe(onChange: () => void) {
  window.addEventListener('storage', onChange);
  window.addEventListener(QA_CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(QA_CHANGE_EVENT, onChange);
  };
}
function readRaw(): string | null {
  try {
    return window.localStorage.getItem(QA_PREFER_KEY);
  } catch {
    return null;
  }
}

function readPanelState(): { open: boolean; tab: number } {
  try {
    const raw = window.sessionStorage.getItem(PANEL_STATE_KEY);
    const data = raw ? (JSON.parse(raw) as unknown) : null;
    if (typeof data === 'object' && data !== null) {
      const { open, tab } = data as Record<string, unknown>;
      return { open: open === true, tab: tab === 1 || tab === 2 ? tab : 0 };
    }
  } catch {
    // corrupt or blocked: closed, first tab
  }
  return { open: false, tab: 0 };
}
function savePanelState(state: { open: boolean; tab: number }) {
  try {
    window.sessionStorage.setItem(PANEL_STATE_KEY, JSON.stringify(state));
  } catch {
    // not kept
  }
}

function optionText(option: QaOption): string {
  const what = option.prefer === '' ? 'Default' : option.prefer;
  const example =
    option.example && !option.prefer.includes(option.example) ? ` (${option.example})` : '';
  return `${what}${example}, ${option.status}${option.summary ? `: ${option.summary}` : ''}`;
}

const matches = (filter: string, ...texts: string[]) =>
  filter.trim() === '' ||
  texts.some((text) => text.toLowerCase().includes(filter.trim().toLowerCase()));

function QaPanel({
  onPicksChange,
  onWorldChange,
}: {
  onPicksChange?: () => void;
  /** The sandbox's world changed (simulation, reset): what the screen shows is asked again. */
  onWorldChange?: () => void;
}) {
  const raw = useSyncExternalStore(subscribe, readRaw, () => null);
  const picks = useMemo(() => parsePreferMap(raw), [raw]);
  const [panel, setPanel] = useState(readPanelState);
  const [filter, setFilter] = useState('');
  const filterField = useRef<HTMLInputElement>(null);
  const active = useMemo(() => describePicks(catalogue, picks), [picks]);
  const story = useMemo(() => activeStory(catalogue, picks), [picks]);
  const count = active.length;
  const opener = useRef<HTMLButtonElement>(null);
  // Against the sandbox (npm start) the panel also gets its controls; against the mock, not.
  const [sandbox, setSandbox] = useState<SandboxStatus | null>(null);
  const refreshSandbox = useCallback(() => {
    void readSandboxStatus().then(setSandbox);
  }, []);
  useEffect(refreshSandbox, [refreshSandbox, panel.open]);
  const worldChanged = useCallback(() => {
    refreshSandbox();
    onWorldChange?.();
  }, [refreshSandbox, onWorldChange]);
  const tab = panel.tab === 2 && !sandbox ? 0 : panel.tab;

  const updatePanel = (next: { open: boolean; tab: number }) => {
    setPanel(next);
    savePanelState(next);
  };
  const setPicks = (next: PreferMap) => {
    writePicks(window.localStorage, next);
    window.dispatchEvent(new Event(QA_CHANGE_EVENT));
    onPicksChange?.();
  };
  const applyStory = (item: QaStory) => setPicks(storyPicks(catalogue, item));

  const sections = useMemo(() => {
    const bySection = new Map<string, QaStory[]>();
    for (const item of catalogue.stories) {
      if (!matches(filter, item.name, item.section, item.shows, item.prefer, ...item.operationIds))
        continue;
      bySection.set(item.section, [...(bySection.get(item.section) ?? []), item]);
    }
    return [...bySection.entries()];
  }, [filter]);
  const operations = useMemo(
    () =>
      catalogue.operations.filter((operation) =>
        matches(filter, operation.key, operation.operationId, operation.summary, operation.tag),
      ),
    [filter],
  );

  return (
    <>
      <Fab
        ref={opener}
        size="small"
        color="secondary"
        variant="extended"
        aria-label={`QA scenarios, ${count === 0 ? 'default story' : `${count} active`}`}
        onClick={() => updatePanel({ ...panel, open: true })}
        // Above the app's dialogs: a tester can reach the panel while a modal waits (the linking
        // wizard waiting for a device, which the sandbox's simulation then links).
        // On a phone, a narrow tab in the page's left margin: it covers no card text.
        sx={{
          position: 'fixed',
          left: { xs: 0, sm: 12 },
          bottom: { xs: 96, sm: 12 },
          zIndex: (t) => t.zIndex.modal + 1,
          minWidth: { xs: 0 },
          width: { xs: 14 },
          px: { xs: 0 },
          borderRadius: { xs: '0 8px 8px 0', sm: 24 },
          fontSize: { xs: 9 },
          writingMode: { xs: 'vertical-rl', sm: 'horizontal-tb' },
        }}
        data-qa-panel="open"
      >
        <Badge badgeContent={count} color="warning" sx={{ '& .MuiBadge-badge': { right: -6 } }}>
          QA
        </Badge>
      </Fab>
      <Drawer
        anchor="right"
        open={panel.open}
        onClose={() => updatePanel({ ...panel, open: false })}
        sx={{ zIndex: (t) => t.zIndex.modal + 2 }}
        // Focus goes back to the QA button, also when the panel was open across a reload.
        disableRestoreFocus
        slotProps={{
          transition: { onExited: () => opener.current?.focus() },
          paper: {
            sx: { width: { xs: '100vw', sm: 440 }, maxWidth: '100vw' },
            role: 'dialog',
            'aria-labelledby': 'qa-panel-title',
          },
        }}
      >
        <Box sx={{ p: 2, pb: 1 }}>
          <Stack
            direction="row"
            sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}
          >
            <Typography id="qa-panel-title" variant="h6" component="h2">
              QA scenarios
            </Typography>
            <Button onClick={() => updatePanel({ ...panel, open: false })}>Close</Button>
          </Stack>
          <Box
            role="status"
            aria-live="polite"
            sx={{ mt: 1, p: 1.5, bgcolor: 'action.hover', borderRadius: 1 }}
          >
            <Typography variant="subtitle2" component="p">
              {count === 0
                ? sandbox
                  ? 'Active: your sandbox world (no example picked: answers come from the world)'
                  : 'Active: the default story (every operation answers its first example)'
                : story
                  ? `Active story: ${story.name}`
                  : `Active: ${count} pick${count === 1 ? '' : 's'}`}
            </Typography>
            {active.length > 0 && (
              <Box component="ul" sx={{ m: 0, mt: 1, p: 0, listStyle: 'none' }}>
                {active.map((pick) => (
                  <Stack
                    component="li"
                    key={pick.key}
                    direction="row"
                    sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}
                  >
                    <Typography
                      variant="body2"
                      sx={{
                        wordBreak: 'break-word',
                        color: pick.option ? undefined : 'error.main',
                      }}
                    >
                      {`${pick.key}: ${pick.prefer}${pick.option ? '' : ' (not in the contract)'}`}
                    </Typography>
                    <Button
                      size="small"
                      aria-label={`Back to the default answer of ${pick.key}`}
                      onClick={() => setPicks(withPick(picks, pick.key, ''))}
                    >
                      Default
                    </Button>
                  </Stack>
                ))}
              </Box>
            )}
            <Button
              sx={{ mt: 1 }}
              size="small"
              variant="outlined"
              disabled={count === 0}
              onClick={() => {
                setPicks({});
                // The button is disabled now: the keyboard carries on from the filter, inside the
                // panel (Escape still closes it), not from the page's body.
                filterField.current?.focus();
              }}
            >
              Reset to the default story
            </Button>
          </Box>
          <TextField
            sx={{ mt: 2 }}
            size="small"
            fullWidth
            label="Filter scenarios and operations"
            inputRef={filterField}
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
          />
          <Tabs
            value={tab}
            onChange={(_event, tab: number) => updatePanel({ ...panel, tab })}
            aria-label="Pick by"
            sx={{ mt: 1 }}
          >
            <Tab label="Stories" id="qa-tab-0" aria-controls="qa-tabpanel-0" />
            <Tab label="Operations" id="qa-tab-1" aria-controls="qa-tabpanel-1" />
            {sandbox && <Tab label="Sandbox" id="qa-tab-2" aria-controls="qa-tabpanel-2" />}
          </Tabs>
        </Box>
        <Divider />
        <Box
          role="tabpanel"
          id={`qa-tabpanel-${tab}`}
          aria-labelledby={`qa-tab-${tab}`}
          sx={{ p: 2, overflowY: 'auto', flex: 1 }}
        >
          {tab === 2 && sandbox ? (
            <SandboxControls status={sandbox} onChanged={worldChanged} />
          ) : tab === 0 ? (
            sections.length === 0 ? (
              <Typography>No scenario matches the filter.</Typography>
            ) : (
              sections.map(([section, items]) => (
                <Box key={section} component="section" sx={{ mb: 2 }}>
                  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                    {section}
                  </Typography>
                  {items.map((item, index) => {
                    const pickable = isPickable(catalogue, item);
                    const isActive = story === item;
                    return (
                      <Box
                        // A story may be listed twice under one name (SCENARIOS.md repeats a few):
                        // its place keeps each row's key unique.
                        key={`${item.section}/${item.name}/${index}`}
                        sx={{
                          py: 1,
                          borderBottom: 1,
                          borderColor: 'divider',
                          bgcolor: isActive ? 'action.selected' : undefined,
                        }}
                      >
                        <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
                          <Typography variant="body2" component="h4" sx={{ fontWeight: 600 }}>
                            {item.name}
                            {isActive && <Chip size="small" label="Active" sx={{ ml: 1 }} />}
                          </Typography>
                          {pickable && (
                            <Button
                              size="small"
                              variant={isActive ? 'contained' : 'outlined'}
                              aria-label={`Apply story ${item.name}`}
                              onClick={() => applyStory(item)}
                            >
                              Apply
                            </Button>
                          )}
                        </Stack>
                        <Typography variant="caption" component="p" color="text.secondary">
                          {pickable
                            ? /\w+: /.test(item.prefer)
                              ? item.prefer
                              : `${item.operationIds.join(', ')}: ${item.prefer}`
                            : `${item.prefer}. Any operation: pick it per operation in the Operations tab.`}
                        </Typography>
                        <Typography variant="body2">{item.shows}</Typography>
                      </Box>
                    );
                  })}
                </Box>
              ))
            )
          ) : operations.length === 0 ? (
            <Typography>No operation matches the filter.</Typography>
          ) : (
            <Stack sx={{ gap: 2 }}>
              {operations.map((operation) => {
                const current = picks[operation.key] ?? '';
                const known = operation.options.some((option) => option.prefer === current);
                return (
                  <TextField
                    key={operation.key}
                    select
                    size="small"
                    fullWidth
                    label={`${operation.key} (${operation.operationId})`}
                    value={current}
                    onChange={(event) =>
                      setPicks(withPick(picks, operation.key, event.target.value))
                    }
                    helperText={operation.summary}
                    slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                  >
                    {!known && (
                      <option value={current}>{`${current} (not in the contract)`}</option>
                    )}
                    {operation.options.map((option) => (
                      <option key={option.prefer || 'default'} value={option.prefer}>
                        {optionText(option)}
                      </option>
                    ))}
                  </TextField>
                );
              })}
            </Stack>
          )}
        </Box>
      </Drawer>
    </>
  );
}

/** Mounts the panel in its own root; a pick refetches what the screen shows. */
export function mountQaPanel(queryClient: QueryClient): void {
  const host = document.createElement('div');
  host.id = 'qa-panel-root';
  document.body.appendChild(host);
  // The app's theme provider owns the colour scheme (data-theme on <html>) and the CSS variables:
  // this second root only reads them, so it follows the app's light or dark mode.
  createRoot(host).render(
    <StrictMode>
      <ThemeProvider
        theme={theme}
        colorSchemeNode={null}
        storageManager={null}
        disableStyleSheetGeneration
        noSsr
      >
        <QaPanel
          onPicksChange={() => void queryClient.invalidateQueries()}
          onWorldChange={() => void queryClient.invalidateQueries()}
        />
      </ThemeProvider>
    </StrictMode>,
  );
}
