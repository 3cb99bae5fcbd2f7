import { checkDateRange } from '../calls/date-range';
import type { TranscriptSearchAddress } from '../navigation/routes';
import type { LocalSearchRequest } from '../search/transcript-search';

/**
 * The bridge's search from the screen's address: nothing to ask without text; the date range is
 * checked as the Calls filter checks it, its days taken whole and inclusive (the local search
 * compares the call's creation with both ends, each included).
 */
export function searchRequestOf(address: TranscriptSearchAddress): {
  request: LocalSearchRequest | null;
  dateError: { field: 'from' | 'to'; message: string } | null;
} {
  const range = checkDateRange({ from: address.from, to: address.to });
  if (!range.ok) return { request: null, dateError: { field: range.field, message: range.message } };
  const q = address.q.trim();
  if (q === '') return { request: null, dateError: null };
  const shift = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();
  return {
    request: {
      q,
      mode: address.mode,
      order: address.order,
      ...(address.role ? { speakerRole: address.role } : {}),
      ...(range.created_after ? { from: shift(range.created_after, 1) } : {}),
      ...(range.created_before ? { to: shift(range.created_before, -1) } : {}),
      ...(address.deal ? { dealId: address.deal } : {}),
      ...(address.dealStatus ? { dealStatus: address.dealStatus } : {}),
    },
    dateError: null,
  };
}
