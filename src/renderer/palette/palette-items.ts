import type { SavedSearch } from '../../shared/bridge';
import type { PaletteRecords } from '../../shared/palette';
import { formatDate } from '../shared-ui/format';
import type { ActionScope, ScreenAction } from '../shared-ui/screen-actions';
import { fuzzyScore } from './fuzzy-match';

export type PaletteItemKind = 'screen-action' | 'action' | 'deal' | 'call' | 'rep' | 'saved-search' | 'tracker';

/** A row of the palette: an action, or a record it opens. */
export interface PaletteItem {
  /** `action:<action id>` or `<kind>:<record id>`: recent rows are kept by it. */
  id: string;
  kind: PaletteItemKind;
  title: string;
  /** A second, quieter line: a call's date, a deal's status, what a saved search looks for. */
  detail?: string;
  key?: string;
  keywords?: string;
  run: () => void;
}

/** What opening a record does; the palette gives the router and the transcript search. */
export interface RecordOpeners {
  go: (path: string) => void;
  paths: {
    deal: (id: string) => string;
    call: (id: string) => string;
    rep: (id: string) => string;
    trackers: (view: { tracker: string }) => string;
  };
  runSavedSearch: (search: SavedSearch) => void;
}

export function actionItems(offer: Record<ActionScope, readonly ScreenAction[]>): PaletteItem[] {
  const item =
    (kind: PaletteItemKind) =>
    (action: ScreenAction): PaletteItem => ({
      id: `action:${action.id}`,
      kind,
      title: action.title,
      key: action.key,
      keywords: action.keywords,
      run: action.run,
    });
  return [...offer.screen.map(item('screen-action')), ...offer.everywhere.map(item('action'))];
}

export function recordItems(
  records: PaletteRecords & { savedSearches: SavedSearch[] },
  open: RecordOpeners,
): PaletteItem[] {
  return [
    ...records.savedSearches.map(
      (search): PaletteItem => ({
        id: `saved-search:${search.id}`,
        kind: 'saved-search',
        title: search.name,
        detail: `“${search.q}”${search.newMatches > 0 ? ` · ${search.newMatches}${search.newCapped ? '+' : ''} new` : ''}`,
        run: () => open.runSavedSearch(search),
      }),
    ),
    ...records.deals.map(
      (deal): PaletteItem => ({
        id: `deal:${deal.id}`,
        kind: 'deal',
        title: deal.title || 'Untitled deal',
        detail: deal.status ? statusWords(deal.status) : undefined,
        run: () => open.go(open.paths.deal(deal.id)),
      }),
    ),
    ...records.reps.map(
      (rep): PaletteItem => ({
        id: `rep:${rep.id}`,
        kind: 'rep',
        title: rep.name,
        run: () => open.go(open.paths.rep(rep.id)),
      }),
    ),
    ...records.trackers.map(
      (tracker): PaletteItem => ({
        id: `tracker:${tracker.id}`,
        kind: 'tracker',
        title: tracker.name,
        keywords: 'tracker',
        run: () => open.go(open.paths.trackers({ tracker: tracker.id })),
      }),
    ),
    ...records.calls.map(
      (call): PaletteItem => ({
        id: `call:${call.id}`,
        kind: 'call',
        title: call.title || 'Untitled call',
        detail: call.createdAt ? formatDate(call.createdAt) : undefined,
        run: () => open.go(open.paths.call(call.id)),
      }),
    ),
  ];
}

function statusWords(status: string): string {
  return status.charAt(0) + status.slice(1).toLowerCase().replaceAll('_', ' ');
}

/** Rows enough to choose from; more typing narrows them. */
export const RANKED_ROWS = 30;
/** Where equal matches fall: the screen's actions first, then the app's, then records. */
const kindOrder: PaletteItemKind[] = ['screen-action', 'action', 'saved-search', 'deal', 'rep', 'tracker', 'call'];

/**
 * What matching on the screen on view is worth: its actions go before anything that matches about
 * as well (a word start, a run of letters), not before a title that starts with the text while
 * theirs only holds its letters scattered.
 */
const SCREEN_BONUS = 12;

/** The rows matching typed text, best first; of equal matches, actions before records. */
export function rankItems(text: string, items: readonly PaletteItem[], limit = RANKED_ROWS): PaletteItem[] {
  const scored: { item: PaletteItem; score: number; order: number }[] = [];
  for (const item of items) {
    const score = fuzzyScore(text, item.keywords ? `${item.title} ${item.keywords}` : item.title);
    if (score === null) continue;
    scored.push({
      item,
      score: item.kind === 'screen-action' ? score + SCREEN_BONUS : score,
      order: kindOrder.indexOf(item.kind),
    });
  }
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  return scored.slice(0, limit).map((entry) => entry.item);
}

/** How many recent rows the empty palette lists. */
export const RECENT_ROWS = 8;

/**
 * The empty palette: the rows used last that are still on offer (an action of another screen is
 * not), newest first, then the screen's own actions not among them.
 */
export function emptyPaletteItems(
  recentIds: readonly string[],
  items: readonly PaletteItem[],
): {
  recent: PaletteItem[];
  screen: PaletteItem[];
} {
  const byId = new Map(items.map((item) => [item.id, item]));
  const recent = recentIds.flatMap((id) => byId.get(id) ?? []).slice(0, RECENT_ROWS);
  const shown = new Set(recent.map((item) => item.id));
  return { recent, screen: items.filter((item) => item.kind === 'screen-action' && !shown.has(item.id)) };
}
