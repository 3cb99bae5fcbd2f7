import { z } from 'zod';
import { DateOrDateTime, Id, listOf, PageQuery, ReadTimestamp } from './primitives';

/**
 * Closed by the interface: a record holds one of the five detail values, or DELETED when it was
 * listed through that filter. A record with any other status cannot be placed and is unreadable.
 */
export const DealStatus = z.enum(['OPEN', 'ON_HOLD', 'WON', 'LOST', 'ARCHIVED', 'DELETED']);
export type DealStatus = z.infer<typeof DealStatus>;
/** The statuses a pipeline shows by default, in the order a pipeline reads. */
export const pipelineStatuses = ['OPEN', 'ON_HOLD', 'WON', 'LOST', 'ARCHIVED'] as const satisfies readonly DealStatus[];

/** interface, Deal: the table marks id, title, status and both timestamps required; the rest optional. */
export const Deal = z.object({
  id: Id,
  title: z.string().nullable(),
  status: DealStatus,
  product_id: z.string().nullish(),
  owner_id: z.string().nullish(),
  forecast_amount: z.number().nullish(),
  close_date: DateOrDateTime.nullish(),
  created_at: ReadTimestamp,
  updated_at: ReadTimestamp,
  /**
   * Not in the interface, which gives amounts without a currency (the workspace names one). A
   * service that names a deal's own is taken at its word, so amounts of two currencies are never
   * added together; a value that is no text reads as none rather than losing the deal.
   */
  currency: z.string().nullish().catch(null),
});
export type Deal = z.infer<typeof Deal>;

/** interface: `id` and `score` are required; factor_id, completion and reason may be absent. */
export const ScoreFactor = z.object({
  id: Id,
  factor_id: z.string().nullish(),
  score: z.number(),
  completion: z.number().nullish(),
  reason: z.string().nullish(),
});
export type ScoreFactor = z.infer<typeof ScoreFactor>;

/** From the completed scoring that finished last; none yet: null and [] (design.md). */
export const DealDetail = Deal.extend({
  probability: z.number().min(0).max(100).nullish(),
  score_factors: listOf(ScoreFactor),
});
export type DealDetail = z.infer<typeof DealDetail>;

/** Which activity fields are required is not shown; the id keeps its row. */
export const DealActivity = z.object({
  id: Id,
  action: z.string().nullish(),
  created_at: ReadTimestamp.nullish(),
  video_id: z.string().nullish(),
  video_title: z.string().nullish(),
  member_id: z.string().nullish(),
});
export type DealActivity = z.infer<typeof DealActivity>;

export const DealListQuery = PageQuery.extend({ status: DealStatus.optional() });
export type DealListQuery = z.input<typeof DealListQuery>;
