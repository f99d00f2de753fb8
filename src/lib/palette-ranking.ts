// The command palette's results, ranked: pure, so the order is tested without a browser.

export type PaletteKind = 'screen' | 'team' | 'device';

export interface PaletteItem {
  id: string;
  kind: PaletteKind;
  label: string;
  /** A second line: where it leads, the device's owner. */
  detail?: string;
  href: string;
  /** Other words that find it ("profile" finds Account). */
  keywords?: readonly string[];
}

/** How well `text` matches `query` (both already lower-cased), or 0 for no match. */
export function matchScore(text: string, query: string): number {
  if (query === '') return 1;
  if (text === query) return 100;
  if (text.startsWith(query)) return 80;
  const words = text.split(/[\s\-_'’.()/]+/);
  if (words.some((word) => word.startsWith(query))) return 60;
  if (text.includes(query)) return 40;
  return 0;
}

function itemScore(item: PaletteItem, query: string): number {
  const label = matchScore(item.label.toLowerCase(), query);
  // A keyword counts half: any match of the name itself ranks above it.
  const keywords = Math.max(
    0,
    ...(item.keywords ?? []).map((word) => Math.floor(matchScore(word.toLowerCase(), query) / 2)),
  );
  return Math.max(label, keywords);
}

const KIND_ORDER: Record<PaletteKind, number> = { screen: 0, team: 1, device: 2 };

/** Devices the server found for the query: they match it (the server says so) even by owner. */
const SERVER_MATCH_SCORE = 20;

/**
 * The results for a query, best first. Screens and teams are matched here; devices come from the
 * device list's search and are kept even when their name does not contain the query. Ties go
 * screens, then teams, then devices, then alphabetically. At most `limit` results.
 */
export function rankPaletteItems(
  items: readonly PaletteItem[],
  rawQuery: string,
  limit = 12,
): PaletteItem[] {
  const query = rawQuery.trim().toLowerCase();
  const scored = items
    .map((item, index) => {
      let score = itemScore(item, query);
      if (item.kind === 'device') {
        if (query === '') score = 0;
        else score = Math.max(score, SERVER_MATCH_SCORE);
      }
      return { item, index, score };
    })
    .filter((entry) => entry.score > 0);
  scored.sort(
    (a, b) =>
      b.score - a.score ||
      KIND_ORDER[a.item.kind] - KIND_ORDER[b.item.kind] ||
      a.item.label.localeCompare(b.item.label) ||
      a.index - b.index,
  );
  return scored.slice(0, limit).map((entry) => entry.item);
}

/** The index the arrow keys move to: wrapping round, -1 when there is nothing to choose. */
export function moveActive(current: number, count: number, step: 1 | -1): number {
  if (count <= 0) return -1;
  if (current < 0) return step === 1 ? 0 : count - 1;
  return (current + step + count) % count;
}

/**
 * The active index once the results change. For the same query (the device search answering, say)
 * it stays on the item the user chose, so that Enter opens what was selected; a new query starts
 * at the first result. -1 when there is nothing to choose.
 */
export function activeAfterChange(
  previous: readonly PaletteItem[],
  active: number,
  next: readonly PaletteItem[],
  sameQuery: boolean,
): number {
  if (next.length === 0) return -1;
  const chosen = sameQuery ? previous[active]?.id : undefined;
  const kept = chosen === undefined ? -1 : next.findIndex((item) => item.id === chosen);
  return kept >= 0 ? kept : 0;
}
