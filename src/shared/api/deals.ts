import { z } from 'zod';
import { Id, PageQuery, Timestamp } from './primitives';

/** Values a deal record can hold; DELETED only shows up through the list filter. */
export const DealStatus = z.enum(['OPEN', 'ON_HOLD', 'WON', 'LOST', 'ARCHIVED', 'DELETED']);
export type DealStatus = z.infer<typeof DealStatus>;
/** The statuses a pipeline shows by default, in the order a pipeline reads. */
export const pipelineStatuses = ['OPEN', 'ON_HOLD', 'WON', 'LOST', 'ARCHIVED'] as const satisfies readonly DealStatus[];

export const Deal = z.object({
  id: Id,
  title: z.string().nullable(),
  status: DealStatus,
  product_id: z.string().nullable().optional(),
  owner_id: z.string().nullable().optional(),
  forecast_amount: z.number().nullable().optional(),
  close_date: Timestamp.nullable().optional(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Deal = z.infer<typeof Deal>;

export const ScoreFactor = z.object({
  id: Id,
  factor_id: z.string(),
  score: z.number(),
  completion: z.number().nullable(),
  reason: z.string().nullable(),
});
export type ScoreFactor = z.infer<typeof ScoreFactor>;

/** From the completed scoring that finished last; none yet: null and [] (design.md). */
export const DealDetail = Deal.extend({
  probability: z.number().min(0).max(100).nullable(),
  score_factors: z.array(ScoreFactor),
});
export type DealDetail = z.infer<typeof DealDetail>;

export const DealActivity = z.object({
  id: Id,
  action: z.string(),
  created_at: Timestamp,
  video_id: z.string(),
  video_title: z.string(),
  member_id: z.string(),
});
export type DealActivity = z.infer<typeof DealActivity>;

export const DealListQuery = PageQuery.extend({ status: DealStatus.optional() });
export type DealListQuery = z.input<typeof DealListQuery>;
