import type { Middleware } from 'openapi-fetch';

/**
 * QA against the Prism mock: a named example (a scenario of openapi/SCENARIOS.md) or a status code
 * per operation, sent as Prism's Prefer header. Picked in the QA panel (src/app/qa-panel.tsx) and
 * kept in localStorage, so a pick survives a reload:
 *
 *   console.qa.prefer = { "GET /user": "example=collaborator", "POST /user/login": "code=412" }
 *
 * Keys are "METHOD /path/template" exactly as in the contract; values are Prism Prefer headers.
 * Only in the dev server or builds made with VITE_QA_SCENARIOS=true; never in production.
 */
export const QA_PREFER_KEY = 'console.qa.prefer';
/** Fired on window when this tab changes the picks (other tabs get the storage event). */
export const QA_CHANGE_EVENT = 'console-qa-prefer-change';

export type PreferMap = Record<string, string>;

const KEY_PATTERN = /^(GET|POST|PUT|PATCH|DELETE) \/\S*$/;
const PREFER_PATTERN = /^[\w=, .-]{1,200}$/;

export function parsePreferMap(raw: string | null): PreferMap {
  if (!raw) return {};
  try {
    const data = JSON.parse(raw) as unknown;
    if (typeof data !== 'object' || data === null || Array.isArray(data)) return {};
    return Object.fromEntries(
      Object.entries(data).filter(
        (entry): entry is [string, string] =>
          KEY_PATTERN.test(entry[0]) &&
          typeof entry[1] === 'string' &&
          PREFER_PATTERN.test(entry[1]),
      ),
    );
  } catch {
    return {};
  }
}

export const qaPreferMiddleware: Middleware = {
  onRequest({ request, schemaPath }) {
    let raw: string | null = null;
    try {
      raw = window.localStorage.getItem(QA_PREFER_KEY);
    } catch {
      return request;
    }
    const prefer = parsePreferMap(raw)[`${request.method} ${schemaPath}`];
    if (prefer) request.headers.set('Prefer', prefer);
    return request;
  },
};

// --- the catalogue the QA panel shows (built from the contract and SCENARIOS.md at build time) ---

/** One Prefer value an operation answers to; '' is the default (no Prefer header). */
export interface QaOption {
  prefer: string;
  status: number;
  example: string;
  summary: string;
}
export interface QaOperation {
  key: string;
  method: string;
  path: string;
  operationId: string;
  summary: string;
  tag: string;
  options: QaOption[];
}
/** A row of openapi/SCENARIOS.md: picks by operationId ('' = that operation's default). */
export interface QaStory {
  section: string;
  name: string;
  operationIds: string[];
  picks: Record<string, string>;
  shows: string;
  prefer: string;
}
export interface QaCatalogue {
  operations: QaOperation[];
  stories: QaStory[];
}

/** Storage the panel reads and writes (localStorage in the browser). */
export type QaStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function readPicks(storage: QaStorage): PreferMap {
  try {
    return parsePreferMap(storage.getItem(QA_PREFER_KEY));
  } catch {
    return {};
  }
}

/** Writes the picks; no picks removes the entry (the default story). */
export function writePicks(storage: QaStorage, picks: PreferMap): void {
  const clean = parsePreferMap(JSON.stringify(picks));
  try {
    if (Object.keys(clean).length === 0) storage.removeItem(QA_PREFER_KEY);
    else storage.setItem(QA_PREFER_KEY, JSON.stringify(clean));
  } catch {
    // storage full or blocked: the pick is simply not kept
  }
}

/** The picks with one operation set to `prefer` ('' removes the pick: the default answer). */
export function withPick(picks: PreferMap, key: string, prefer: string): PreferMap {
  const next = { ...picks };
  if (prefer) next[key] = prefer;
  else delete next[key];
  return next;
}

/** The picks a story stands for: only its operations, everything else back to the default. */
export function storyPicks(catalogue: QaCatalogue, story: QaStory): PreferMap {
  const picks: PreferMap = {};
  for (const [operationId, prefer] of Object.entries(story.picks)) {
    const operation = catalogue.operations.find((item) => item.operationId === operationId);
    if (operation && prefer) picks[operation.key] = prefer;
  }
  return picks;
}

/** A story can be applied as a whole when it names operations of the contract. */
export function isPickable(catalogue: QaCatalogue, story: QaStory): boolean {
  return (
    story.operationIds.length > 0 &&
    story.operationIds.every((id) => catalogue.operations.some((item) => item.operationId === id))
  );
}

const samePicks = (a: PreferMap, b: PreferMap) =>
  Object.keys(a).length === Object.keys(b).length &&
  Object.entries(a).every(([key, value]) => b[key] === value);

/** The first story whose picks are exactly the current picks (none when they match no row). */
export function activeStory(catalogue: QaCatalogue, picks: PreferMap): QaStory | undefined {
  if (Object.keys(picks).length === 0) return undefined;
  return catalogue.stories.find(
    (story) => isPickable(catalogue, story) && samePicks(storyPicks(catalogue, story), picks),
  );
}

export interface ActivePick {
  key: string;
  prefer: string;
  operation?: QaOperation;
  option?: QaOption;
}

/** The current picks with what they mean; a pick the contract no longer has has no option. */
export function describePicks(catalogue: QaCatalogue, picks: PreferMap): ActivePick[] {
  return Object.entries(picks)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, prefer]) => {
      const operation = catalogue.operations.find((item) => item.key === key);
      const option = operation?.options.find((item) => item.prefer === prefer);
      return { key, prefer, operation, option };
    });
}
