import { z } from 'zod';
import { DealStatus, Timestamp } from './api';

/**
 * The roll-up (issue 28, item 2): owners × close months of a range, read from the local copy, and
 * the manager's own call on each deal, an overlay kept only in that copy.
 */

/** A calendar month, `2026-11`. */
export const Month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month written YYYY-MM, such as 2026-11');
export type Month = z.infer<typeof Month>;

/** A range longer than two years is no forecast anyone reviews, and its grid would not fit a screen. */
export const MAX_ROLLUP_MONTHS = 24;

/** The statuses a roll-up may count: DELETED deals are gone from the pipeline. */
export const RollupStatus = DealStatus.exclude(['DELETED']);
export type RollupStatus = z.infer<typeof RollupStatus>;
/** What a forecast counts unless the manager says otherwise: the deals still to close. */
export const defaultRollupStatuses: readonly RollupStatus[] = ['OPEN', 'ON_HOLD'];

const monthParts = (month: string) => [Number(month.slice(0, 4)), Number(month.slice(5, 7))] as const;
const monthKey = (year: number, month: number) => `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;

/** Every month from `from` to `to`, both included (none when `to` is before `from`). */
export function monthsFrom(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, month] = monthParts(from);
  for (let key = from; key <= to; key = monthKey(year, month)) {
    months.push(key);
    [year, month] = month === 12 ? [year + 1, 1] : [year, month + 1];
  }
  return months;
}

/** Local midnight on the first day of the month: where it begins on this machine's calendar. */
export function monthStart(month: string): Date {
  const [year, number] = monthParts(month);
  return new Date(year, number - 1, 1);
}

/** The month holding this moment, on this machine's calendar. */
export function monthOfDate(date: Date): string {
  return monthKey(date.getFullYear(), date.getMonth() + 1);
}

/** The three months of the quarter that holds this moment. */
export function quarterOf(date: Date): { from: string; to: string } {
  const first = Math.floor(date.getMonth() / 3) * 3 + 1;
  return { from: monthKey(date.getFullYear(), first), to: monthKey(date.getFullYear(), first + 2) };
}

const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The month a close date falls in, as the person reading the screen counts it: a bare date
 * (`2026-06-30`, which a service may send) by its own text, a date-time in this machine's zone, as
 * the screens show it. Null when it is no date.
 */
export function closeMonthOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (BARE_DATE.test(value)) return value.slice(0, 7);
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : monthOfDate(new Date(ms));
}

export const RollupQuery = z
  .object({
    from: Month,
    to: Month,
    /** Deals that slipped out of a month are counted from this moment: the manager's bookmark. */
    since: Timestamp,
    statuses: z.array(RollupStatus).min(1).max(RollupStatus.options.length),
  })
  .check((ctx) => {
    const { from, to } = ctx.value;
    if (to < from) ctx.issues.push({ code: 'custom', message: 'must not be before from', input: to, path: ['to'] });
    else if (monthsFrom(from, to).length > MAX_ROLLUP_MONTHS)
      ctx.issues.push({
        code: 'custom',
        message: `must be at most ${MAX_ROLLUP_MONTHS} months after from`,
        input: to,
        path: ['to'],
      });
  });
export type RollupQuery = z.infer<typeof RollupQuery>;

/**
 * The manager's forecast category for a deal, as the peers name them: Commit (it will close, in
 * full), Best case (in play, at the model's odds), Omit (leave it out).
 */
export const ForecastCall = z.enum(['commit', 'best-case', 'omit']);
export type ForecastCall = z.infer<typeof ForecastCall>;

/** The manager's own amount: money, so never negative; bounded so a sum stays an exact number. */
const OwnAmount = z.number().nonnegative().max(1e12);

/** The manager's overlay on one deal: a call, an amount of their own, or both. Private: never sent. */
export const DealOverlay = z.object({ call: ForecastCall.nullable(), amount: OwnAmount.nullable() });
export type DealOverlay = z.infer<typeof DealOverlay>;

const DealRef = z.object({ dealId: z.string().min(1).max(256) });
export const SetDealOverlay = DealRef.extend(DealOverlay.shape).check((ctx) => {
  if (ctx.value.call === null && ctx.value.amount === null)
    ctx.issues.push({
      code: 'custom',
      message: 'give a call or an amount (clearDealOverlay removes both)',
      input: ctx.value,
    });
});
export const ClearDealOverlay = DealRef;

/** What an overlay change did, so it can be undone: the overlay before and after (null: none). */
export interface OverlayChange {
  dealId: string;
  before: DealOverlay | null;
  after: DealOverlay | null;
}

/** A deal whose close date lies in the range, as the copy holds it. */
export interface RollupDeal {
  id: string;
  title: string | null;
  status: string;
  ownerId: string | null;
  month: string;
  closeDate: string;
  /** The currency of its amount: its record's own when the service names one, else the workspace's (null: none named). */
  currency: string | null;
  amount: number | null;
  /** The model's win probability (0-100); null when the deal was never scored or its detail is not held. */
  probability: number | null;
  overlay: DealOverlay | null;
}

/** A deal whose close date lay in a month of the range at `since` and now lies after that month. */
export interface SlippedDeal {
  id: string;
  title: string | null;
  /** Its owner at `since`: the row of the roll-up it slipped out of. */
  ownerId: string | null;
  /** The month it slipped out of. */
  month: string;
  closeDateThen: string;
  closeDateNow: string;
}

export interface Rollup {
  months: string[];
  /** Everyone with a deal or a slip in the range, by name; the deals without an owner (id and name null) last. */
  owners: { id: string | null; name: string | null }[];
  deals: RollupDeal[];
  slipped: SlippedDeal[];
  /** Deals of these statuses with no close date the roll-up can place in a month. */
  withoutCloseDate: number;
  /** The currency the workspace names for its amounts; null when it names none. */
  workspaceCurrency: string | null;
  /** From when the copy knows the deals' history (its journal's first row); null while it knows none. */
  historyKnownSince: string | null;
  /** Why some deals of the workspace may not be counted (the copy still reading, or keeping part of it); null when all are. */
  partial: string | null;
  /** Where the manager's overlays live: an encrypted file, or this session's memory only (no keychain). */
  overlaysKept: 'file' | 'memory';
}
