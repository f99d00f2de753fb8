import * as v from 'valibot';
import { DEVICE_SORT_COLUMNS, MAX_DEVICE_NAME_LENGTH, SORT_DIRECTIONS } from './constants';
import type { DeviceSortColumn, SortDirection } from './constants';
import { isUuid } from './uuid';

// Display preferences kept per user in the stored session (not in SPEC §3): the colour theme and
// the device list's saved views. Stored data is never trusted: each entry is checked on its own,
// and whatever cannot be read falls back to the default (System, no views) without a crash.

export const THEME_PREFERENCES = ['system', 'light', 'dark'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];
export const DEFAULT_THEME_PREFERENCE: ThemePreference = 'system';

export const THEME_PREFERENCE_LABELS: Record<ThemePreference, string> = {
  light: 'Light',
  dark: 'Dark',
  system: 'System',
};

/** A named device-list view: what the list shows, applied to whichever team is open. */
export interface SavedView {
  name: string;
  search: string;
  orderBy: DeviceSortColumn;
  direction: SortDirection;
  pageSize: number;
  /** null: the default columns. */
  columns: DeviceSortColumn[] | null;
}

export interface UserPreferences {
  theme: ThemePreference;
  savedViews: SavedView[];
  /** The device list's columns this person chose; null: the default set. */
  columns: DeviceSortColumn[] | null;
}

export const MAX_SAVED_VIEWS = 20;
export const MAX_VIEW_NAME_LENGTH = 60;
/** People remembered on one browser; the oldest entries go first beyond this. */
export const MAX_REMEMBERED_USERS = 20;

export const DEFAULT_USER_PREFERENCES: Readonly<UserPreferences> = Object.freeze({
  theme: DEFAULT_THEME_PREFERENCE,
  savedViews: [],
  columns: null,
});

export const themePreferenceSchema = v.picklist(THEME_PREFERENCES);

export const columnsSchema = v.pipe(
  v.array(v.picklist(DEVICE_SORT_COLUMNS)),
  v.minLength(1),
  v.maxLength(DEVICE_SORT_COLUMNS.length),
  v.transform((columns) => [...new Set(columns)]),
);

export const viewNameSchema = v.pipe(
  v.string(),
  v.transform((name) => name.trim()),
  v.minLength(1, 'Please enter a name for the view.'),
  v.maxLength(
    MAX_VIEW_NAME_LENGTH,
    `A view name cannot exceed ${MAX_VIEW_NAME_LENGTH} characters.`,
  ),
);

const savedViewSchema = v.object({
  name: viewNameSchema,
  search: v.pipe(
    v.string(),
    v.maxLength(MAX_DEVICE_NAME_LENGTH),
    v.transform((s) => s.trim()),
  ),
  orderBy: v.picklist(DEVICE_SORT_COLUMNS),
  direction: v.picklist(SORT_DIRECTIONS),
  pageSize: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)),
  columns: v.nullable(columnsSchema),
});

/** The message for a view name, or null when it can be saved. */
export function viewNameError(name: string): string | null {
  const result = v.safeParse(viewNameSchema, name);
  return result.success ? null : (result.issues[0]?.message ?? 'Please enter a name for the view.');
}

/** One stored view, or null when it cannot be used (it is then dropped, alone). */
export function parseSavedView(data: unknown): SavedView | null {
  const result = v.safeParse(savedViewSchema, data);
  return result.success ? result.output : null;
}

/** Stored views: unreadable ones are dropped, a repeated name keeps its first view, at most 20. */
export function parseSavedViews(data: unknown): SavedView[] {
  if (!Array.isArray(data)) return [];
  const views: SavedView[] = [];
  const names = new Set<string>();
  for (const item of data) {
    const view = parseSavedView(item);
    if (!view || names.has(view.name.toLowerCase())) continue;
    names.add(view.name.toLowerCase());
    views.push(view);
    if (views.length === MAX_SAVED_VIEWS) break;
  }
  return views;
}

export function parseThemePreference(data: unknown): ThemePreference {
  const result = v.safeParse(themePreferenceSchema, data);
  return result.success ? result.output : DEFAULT_THEME_PREFERENCE;
}

/** One person's preferences; each part falls back to its default on its own. */
export function parseUserPreferences(data: unknown): UserPreferences {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return { theme: DEFAULT_THEME_PREFERENCE, savedViews: [], columns: null };
  }
  const record = data as Record<string, unknown>;
  const columns = v.safeParse(columnsSchema, record.columns);
  return {
    theme: parseThemePreference(record.theme),
    savedViews: parseSavedViews(record.savedViews),
    columns: columns.success ? columns.output : null,
  };
}

/** Everyone's preferences on this browser, keyed by user id (a key that is no UUID is dropped). */
export function parsePreferencesByUser(data: unknown): Record<string, UserPreferences> {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return {};
  const entries = Object.entries(data as Record<string, unknown>).filter(([id]) => isUuid(id));
  const kept = entries.slice(-MAX_REMEMBERED_USERS);
  const result: Record<string, UserPreferences> = {};
  for (const [id, value] of kept) result[id] = parseUserPreferences(value);
  return result;
}

/**
 * The views with `view` saved: a view of the same name (case aside) is replaced in place,
 * a new one goes last. Refused (null) beyond the limit.
 */
export function withSavedView(views: readonly SavedView[], view: SavedView): SavedView[] | null {
  const key = view.name.toLowerCase();
  const index = views.findIndex((existing) => existing.name.toLowerCase() === key);
  if (index >= 0) return views.map((existing, i) => (i === index ? view : existing));
  if (views.length >= MAX_SAVED_VIEWS) return null;
  return [...views, view];
}

export function withoutSavedView(views: readonly SavedView[], name: string): SavedView[] {
  const key = name.toLowerCase();
  return views.filter((view) => view.name.toLowerCase() !== key);
}

/** The theme a preference gives: System follows the operating system's choice. */
export function resolveTheme(
  preference: ThemePreference,
  systemPrefersDark: boolean,
): 'light' | 'dark' {
  if (preference === 'system') return systemPrefersDark ? 'dark' : 'light';
  return preference;
}
