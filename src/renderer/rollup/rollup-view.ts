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

/**
 * What the roll-up shows, as its address holds it (`#/rollup?from=2026-10&to=2026-12&status=open`),
 * so Back and a reload return to it. Left out, the range is the quarter of the day it is read (the
 * current quarter, which moves on by itself), the bookmark the start of its first month.
 */
export interface RollupView {
  from: string;
  to: string;
  /** From when slips are counted (an ISO instant); null: the start of the range's first month. */
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
    since: since !== null && !Number.isNaN(Date.parse(since)) ? new Date(since).toISOString() : null,
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

export function rollupQueryOf(view: RollupView): RollupQuery {
  return { from: view.from, to: view.to, since: view.since ?? defaultSince(view), statuses: [...view.statuses] };
}
