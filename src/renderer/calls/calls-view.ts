import { type Video, VideoStatusFilter } from '../../shared/api';
import { readSortOrder, type SortDirection, type SortOrder, writeSortOrder } from '../navigation/sort-order';
import type { CallFilters } from '../records/call-reads';
import { checkDateRange } from './date-range';

export const callSortKeys = ['title', 'status', 'date', 'duration', 'type', 'deal'] as const;
export type CallSortKey = (typeof callSortKeys)[number];

/**
 * What the calls list shows, as its address holds it (`#/calls?status=READY&from=2026-03-01&sort=duration-desc`):
 * the filters as typed (calendar days, both inclusive) and the order. Without `sort`, the
 * service's own order, newest first.
 */
export interface CallsView {
  status: VideoStatusFilter | null;
  from: string;
  to: string;
  sort: SortOrder<CallSortKey> | null;
}

export function readCallsView(search: URLSearchParams): CallsView {
  const status = VideoStatusFilter.safeParse(search.get('status'));
  return {
    status: status.success ? status.data : null,
    from: search.get('from') ?? '',
    to: search.get('to') ?? '',
    sort: readSortOrder(search.get('sort'), callSortKeys),
  };
}

export function writeCallsView(view: CallsView): string {
  const search = new URLSearchParams();
  if (view.status) search.set('status', view.status);
  if (view.from) search.set('from', view.from);
  if (view.to) search.set('to', view.to);
  if (view.sort) search.set('sort', writeSortOrder(view.sort));
  return search.toString();
}

/** The service's filters for a view; a date range that does not check out (typed into the address) is left out. */
export function callFiltersOf(view: CallsView): CallFilters {
  const range = checkDateRange({ from: view.from, to: view.to });
  const dates = range.ok ? { created_after: range.created_after, created_before: range.created_before } : {};
  return Object.fromEntries(
    Object.entries({ status: view.status ?? undefined, ...dates }).filter(([, value]) => value !== undefined),
  ) as CallFilters;
}

/** The first direction a column sorts in when chosen: words A to Z, dates and durations largest first. */
export const firstDirection = (key: CallSortKey): SortDirection =>
  key === 'date' || key === 'duration' ? 'desc' : 'asc';

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
const timeOf = (iso: string | null | undefined) => {
  const time = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(time) ? null : time;
};
const text = (value: string | null | undefined) => (value ? value : null);

/**
 * Orders calls by one column either way; calls without the value (no title, no duration, no
 * deal, a deal whose title is not known) go last whichever the direction, and ties keep the
 * service's order. `dealTitle` names a call's deal (by its id).
 */
export function compareCalls(
  key: CallSortKey,
  direction: SortDirection,
  dealTitle: (dealId: string) => string | null | undefined,
) {
  const read: (call: Video) => string | number | null = {
    title: (call: Video) => text(call.title),
    status: (call: Video) => text(call.status),
    date: (call: Video) => timeOf(call.created_at),
    duration: (call: Video) => (typeof call.duration_seconds === 'number' ? call.duration_seconds : null),
    type: (call: Video) => text(call.call_type),
    deal: (call: Video) => (call.deal_id ? text(dealTitle(call.deal_id)) : null),
  }[key];
  const sign = direction === 'asc' ? 1 : -1;
  return (a: Video, b: Video): number => {
    const [x, y] = [read(a), read(b)];
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return sign * (typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y)));
  };
}
