import { type DealStatus, pipelineStatuses } from '../../shared/api';
import { readSortOrder, type SortDirection, type SortOrder, writeSortOrder } from '../navigation/sort-order';

/**
 * What the pipeline board shows, as its address holds it (`#/deals?owner=me&close=2026-01-01..&sort=amount-desc`),
 * so Back and a reload return to the same view. Defaults are left out of the address.
 */
export interface BoardView {
  shown: readonly DealStatus[];
  /** A member id, `me` for the key's own member ("My deals"), or null for everyone's. */
  owner: string | null;
  atRiskOnly: boolean;
  /** Calendar days `YYYY-MM-DD`, both inclusive; either end may be open. */
  closeDate: { from: string | null; to: string | null };
  /** Forecast amounts, both inclusive; either end may be open. */
  amount: { min: number | null; max: number | null };
  /** Each column's order; null: as the service lists them (newest first). */
  sort: SortOrder<DealSortKey> | null;
}

export const dealSortKeys = ['close-date', 'amount', 'probability', 'activity'] as const;
export type DealSortKey = (typeof dealSortKeys)[number];

export const MY_DEALS = 'me';
export const allStatuses: readonly DealStatus[] = [...pipelineStatuses, 'DELETED'];

export const defaultBoardView: BoardView = {
  shown: pipelineStatuses,
  owner: null,
  atRiskOnly: false,
  closeDate: { from: null, to: null },
  amount: { min: null, max: null },
  sort: null,
};

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day `YYYY-MM-DD` (not 2026-02-30), or null. */
export function parseDay(text: string): string | null {
  const match = DAY.exec(text.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? match[0] : null;
}

/** An amount as typed: digits with an optional fraction, no sign, no exponent; '' is no bound. */
export function parseAmount(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

/**
 * A range as the address writes it, `low..high` with either end empty. Null when it is not one:
 * an end that does not parse, or a low end above the high end.
 */
export function parseRange<T extends string | number>(
  text: string,
  parseEnd: (end: string) => T | null,
): { low: T | null; high: T | null } | null {
  const ends = text.split('..');
  if (ends.length !== 2) return null;
  const [lowText, highText] = ends as [string, string];
  const low = lowText === '' ? null : parseEnd(lowText);
  const high = highText === '' ? null : parseEnd(highText);
  if ((lowText !== '' && low === null) || (highText !== '' && high === null)) return null;
  if (low !== null && high !== null && low > high) return null;
  return { low, high };
}

const writeRange = (low: string | number | null, high: string | number | null) =>
  low === null && high === null ? null : `${low ?? ''}..${high ?? ''}`;

/** Reads the board's view from its address; anything unreadable falls back to that part's default. */
export function readBoardView(search: URLSearchParams): BoardView {
  const shownText = search.get('show');
  const shown =
    shownText === null
      ? defaultBoardView.shown
      : allStatuses.filter((status) => shownText.split(',').includes(status.toLowerCase()));
  const close = parseRange(search.get('close') ?? '', parseDay);
  const amount = parseRange(search.get('amount') ?? '', parseAmount);
  return {
    shown,
    owner: search.get('owner') || null,
    atRiskOnly: search.get('risk') === '1',
    closeDate: close ? { from: close.low, to: close.high } : defaultBoardView.closeDate,
    amount: amount ? { min: amount.low, max: amount.high } : defaultBoardView.amount,
    sort: readSortOrder(search.get('sort'), dealSortKeys),
  };
}

/** The address's query for a view, in a fixed order; an empty string for the default view. */
export function writeBoardView(view: BoardView): string {
  const search = new URLSearchParams();
  const isDefaultShown =
    view.shown.length === defaultBoardView.shown.length && defaultBoardView.shown.every((s) => view.shown.includes(s));
  if (!isDefaultShown) {
    search.set(
      'show',
      allStatuses
        .filter((status) => view.shown.includes(status))
        .map((status) => status.toLowerCase())
        .join(','),
    );
  }
  if (view.owner) search.set('owner', view.owner);
  if (view.atRiskOnly) search.set('risk', '1');
  const close = writeRange(view.closeDate.from, view.closeDate.to);
  if (close) search.set('close', close);
  const amount = writeRange(view.amount.min, view.amount.max);
  if (amount) search.set('amount', amount);
  if (view.sort) search.set('sort', writeSortOrder(view.sort));
  return search.toString();
}

/** What a card is filtered and sorted by, besides the deal record itself. */
export interface CardFacts {
  closeDate: string | null | undefined;
  amount: number | null | undefined;
  /** 0-100; null or undefined when not known (never scored, or not read yet). */
  probability: number | null | undefined;
  /** When the newest activity happened; null or undefined when none or not read yet. */
  lastActivityAt: string | null | undefined;
}

/** The calendar day of a close date as given (a bare date, or a date-time read in UTC as the card shows it). */
const dayOf = (iso: string) => (DAY.test(iso) ? iso : new Date(iso).toISOString().slice(0, 10));

/** Whether a card passes the close-date and amount ranges; a card without the value fails a set range. */
export function inRanges(facts: CardFacts, view: Pick<BoardView, 'closeDate' | 'amount'>): boolean {
  const { from, to } = view.closeDate;
  if (from !== null || to !== null) {
    if (!facts.closeDate || Number.isNaN(Date.parse(facts.closeDate))) return false;
    const day = dayOf(facts.closeDate);
    if ((from !== null && day < from) || (to !== null && day > to)) return false;
  }
  const { min, max } = view.amount;
  if (min !== null || max !== null) {
    if (typeof facts.amount !== 'number') return false;
    if ((min !== null && facts.amount < min) || (max !== null && facts.amount > max)) return false;
  }
  return true;
}

const timeOf = (iso: string | null | undefined) => {
  const time = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(time) ? null : time;
};

const sortValue: Record<DealSortKey, (facts: CardFacts) => number | null> = {
  'close-date': (facts) => timeOf(facts.closeDate),
  amount: (facts) => (typeof facts.amount === 'number' ? facts.amount : null),
  probability: (facts) => (typeof facts.probability === 'number' ? facts.probability : null),
  activity: (facts) => timeOf(facts.lastActivityAt),
};

/**
 * Orders cards by one value in either direction; cards without the value go last whichever the
 * direction, and ties keep the service's order (Array.prototype.sort is stable).
 */
export function compareCards(key: DealSortKey, direction: SortDirection) {
  const read = sortValue[key];
  return (a: CardFacts, b: CardFacts): number => {
    const [x, y] = [read(a), read(b)];
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return direction === 'asc' ? x - y : y - x;
  };
}
