import type { Bookmarks } from '../../shared/bookmarks';
import {
  defaultRollupStatuses,
  MAX_ROLLUP_MONTHS,
  Month,
  monthStart,
  monthsFrom,
  quarterOf,
  type RollupQuery,
  RollupStatus,
} from '../../shared/rollup';
import { lastMondayAt9 } from '../bookmarks/since-choice';

/**
 * What the roll-up shows, as its address holds it (`#/rollup?from=2026-10&to=2026-12&status=open`),
 * so Back and a reload return to it. Left out, the range is the quarter of the day it is read (the
 * current quarter, which moves on by itself), the bookmark the start of its first month.
 */
export interface RollupView {
  from: string;
  to: string;
  /**
   * From when slips are counted: an ISO instant, or one of the manager's bookmarks as What changed
   * names them (`last-look`, `monday`, `bookmark:<id>`), which moves with the bookmark; null: the
   * start of the range's first month.
   */
  since: string | null;
  statuses: readonly RollupStatus[];
}

/** Why a range cannot be shown; null when it can. */
export function rangeProblem(from: string, to: string): string | null {
  if (!Month.safeParse(from).success || !Month.safeParse(to).success) return 'Choose a month for both ends.';
  if (to < from) return 'The last month is before the first.';
  if (monthsFrom(from, to).length > MAX_ROLLUP_MONTHS) return `A roll-up spans at most ${MAX_ROLLUP_MONTHS} months.`;
  return null;
}

export function readRollupView(search: URLSearchParams, now = new Date()): RollupView {
  const [from, to] = [search.get('from') ?? '', search.get('to') ?? ''];
  const range = rangeProblem(from, to) === null ? { from, to } : quarterOf(now);
  const since = search.get('since');
  const statusText = search.get('status');
  const statuses =
    statusText === null
      ? defaultRollupStatuses
      : RollupStatus.options.filter((status) => statusText.split(',').includes(status.toLowerCase()));
  return {
    ...range,
    since: readSince(since),
    statuses: statuses.length > 0 ? statuses : defaultRollupStatuses,
  };
}

/** The address's query for a view; the current quarter, the default bookmark and statuses are left out. */
export function writeRollupView(view: RollupView, now = new Date()): string {
  const search = new URLSearchParams();
  const quarter = quarterOf(now);
  if (view.from !== quarter.from || view.to !== quarter.to) {
    search.set('from', view.from);
    search.set('to', view.to);
  }
  if (view.since !== null) search.set('since', view.since);
  const isDefault =
    view.statuses.length === defaultRollupStatuses.length &&
    defaultRollupStatuses.every((status) => view.statuses.includes(status));
  if (!isDefault) {
    const ordered = RollupStatus.options.filter((status) => view.statuses.includes(status));
    search.set('status', ordered.map((status) => status.toLowerCase()).join(','));
  }
  return search.toString();
}

/** The bookmark a view counts slips from when it names none: the start of its first month. */
export const defaultSince = (view: Pick<RollupView, 'from'>) => monthStart(view.from).toISOString();

const namesBookmark = (since: string) => since === 'last-look' || since === 'monday' || /^bookmark:.+/.test(since);

function readSince(since: string | null): string | null {
  if (since === null) return null;
  if (namesBookmark(since)) return since;
  return Number.isNaN(Date.parse(since)) ? null : new Date(since).toISOString();
}

/**
 * The instant a view's `since` stands for now: a bookmark's moment as the manager's bookmarks hold
 * it. One not known (never marked, removed, not read yet) is the start of the range's first
 * month, which the screen names, as it names every since it counts from.
 */
export function resolveSince(view: RollupView, bookmarks: Bookmarks | undefined, now = new Date()): string {
  const { since } = view;
  if (since === null) return defaultSince(view);
  if (since === 'monday') return lastMondayAt9(now).toISOString();
  if (since === 'last-look') return bookmarks?.lastLook?.at ?? defaultSince(view);
  if (since.startsWith('bookmark:')) {
    const id = since.slice('bookmark:'.length);
    return bookmarks?.named.find((bookmark) => bookmark.id === id)?.at ?? defaultSince(view);
  }
  return since;
}

/** Whether the instant a view counts from is one of the manager's bookmarks, so known only once they are read. */
export const sinceNeedsBookmarks = (view: Pick<RollupView, 'since'>) =>
  view.since === 'last-look' || (view.since?.startsWith('bookmark:') ?? false);

export function rollupQueryOf(view: RollupView, bookmarks?: Bookmarks, now = new Date()): RollupQuery {
  return { from: view.from, to: view.to, since: resolveSince(view, bookmarks, now), statuses: [...view.statuses] };
}
