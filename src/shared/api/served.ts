import { z } from 'zod';
import { Deal, DealActivity, DealDetail, ScoreFactor } from './deals';
import { Meta } from './envelope';
import { EventType } from './events';
import { Analysis, AnalysisResult, JobError, knownJobStatuses, Scoring, ScoringFactor, ScoringResult } from './jobs';
import { Member } from './members';
import { Id, Timestamp } from './primitives';
import { SearchSegment } from './search';
import {
  ChecklistEvaluation,
  ChecklistItem,
  Evidence,
  knownVideoStatuses,
  SalesEvent,
  SummarySection,
  TranscriptSegment,
  Video,
  VideoSummary,
} from './videos';
import { CreatedWebhookEndpoint, WebhookEndpoint } from './webhooks';

/**
 * What the local service answers: design.md's decisions on the interface's gaps, each schema a
 * refinement of the interface's own (every served record also reads as the interface's). The
 * service types its records with these, documents itself with them and its tests hold its
 * answers to them. Clients read the interface's schemas and never import this file, so they
 * keep working against a service that chose differently (docs/interface-gaps.md). Every
 * date-time is held to RFC 3339 here (`Timestamp`), where clients read any ISO 8601 form.
 */

export const ServedVideo = Video.extend({
  title: z.string(),
  status: z.enum(knownVideoStatuses),
  created_at: Timestamp,
  updated_at: Timestamp,
  duration_seconds: z.number().nonnegative(),
  processed_at: Timestamp.nullable(),
  call_type: z.string(),
  deal_id: z.string().nullable(),
});
export type ServedVideo = z.infer<typeof ServedVideo>;

/** `start`/`end` in seconds (design.md). */
export const ServedTranscriptSegment = TranscriptSegment.extend({
  text: z.string(),
  start: z.number().nonnegative(),
  end: z.number().nonnegative(),
  speaker: z.string(),
  speaker_role: z.string(),
});
export type ServedTranscriptSegment = z.infer<typeof ServedTranscriptSegment>;

export const ServedSalesEvent = SalesEvent.extend({
  type: z.string(),
  text: z.string(),
  start: z.number().nonnegative(),
  end: z.number().nonnegative(),
  segment_id: z.string(),
  created_at: Timestamp,
});
export type ServedSalesEvent = z.infer<typeof ServedSalesEvent>;

/** `contents` is the section's text, newlines allowed (design.md). */
export const ServedSummarySection = SummarySection.extend({
  id: Id,
  title: z.string(),
  contents: z.string(),
  type: z.string(),
});
export type ServedSummarySection = z.infer<typeof ServedSummarySection>;

export const ServedVideoSummary = VideoSummary.extend({
  id: Id,
  sections: z.array(ServedSummarySection),
  notes_markdown: z.string(),
});
export type ServedVideoSummary = z.infer<typeof ServedVideoSummary>;

export const ServedEvidence = Evidence.extend({ id: Id, relevance: z.string() });
export type ServedEvidence = z.infer<typeof ServedEvidence>;

export const ServedChecklistItem = ChecklistItem.extend({
  id: Id,
  item_text: z.string(),
  status: z.string(),
  item_description: z.string(),
  reasoning: z.string(),
  improvement_suggestion: z.string(),
  evidence: z.array(ServedEvidence),
});
export type ServedChecklistItem = z.infer<typeof ServedChecklistItem>;

export const ServedChecklistEvaluation = ChecklistEvaluation.extend({
  id: Id,
  status: z.string(),
  items: z.array(ServedChecklistItem),
  overall_assessment: z.string(),
});
export type ServedChecklistEvaluation = z.infer<typeof ServedChecklistEvaluation>;

export const ServedMember = Member.extend({
  email: z.string(),
  status: z.string(),
  created_at: Timestamp,
  given_name: z.string(),
  family_name: z.string(),
  display_name: z.string(),
  avatar_url: z.string().nullable(),
});
export type ServedMember = z.infer<typeof ServedMember>;

export const ServedDeal = Deal.extend({
  created_at: Timestamp,
  updated_at: Timestamp,
  product_id: z.string().nullable(),
  owner_id: z.string().nullable(),
  forecast_amount: z.number().nullable(),
  close_date: Timestamp.nullable(),
});
export type ServedDeal = z.infer<typeof ServedDeal>;

export const ServedScoreFactor = ScoreFactor.extend({
  factor_id: z.string(),
  completion: z.number().nullable(),
  reason: z.string().nullable(),
});
export type ServedScoreFactor = z.infer<typeof ServedScoreFactor>;

/** From the completed scoring that finished last; none yet: null and [] (design.md). */
export const ServedDealDetail = DealDetail.extend({
  ...ServedDeal.shape,
  probability: z.number().min(0).max(100).nullable(),
  score_factors: z.array(ServedScoreFactor),
});
export type ServedDealDetail = z.infer<typeof ServedDealDetail>;

export const ServedDealActivity = DealActivity.extend({
  action: z.string(),
  created_at: Timestamp,
  video_id: z.string(),
  video_title: z.string(),
  member_id: z.string(),
});
export type ServedDealActivity = z.infer<typeof ServedDealActivity>;

export const ServedJobError = JobError.extend({ code: z.string(), message: z.string() });
export type ServedJobError = z.infer<typeof ServedJobError>;

const servedJobFields = {
  status: z.enum(knownJobStatuses),
  error: ServedJobError.nullable(),
  created_at: Timestamp,
  started_at: Timestamp.nullable(),
  finished_at: Timestamp.nullable(),
  updated_at: Timestamp,
};

/** `processing` → `completed` | `failed`; `result` only when completed, `error` only when failed (design.md). */
export const ServedAnalysis = Analysis.extend({
  ...servedJobFields,
  video_id: z.string(),
  result: AnalysisResult.extend({
    summary: z.string(),
    checklist_evaluation_id: z.string(),
    sales_event_count: z.int().nonnegative(),
  }).nullable(),
});
export type ServedAnalysis = z.infer<typeof ServedAnalysis>;

export const ServedScoringFactor = ScoringFactor.extend({
  factor_id: z.string(),
  score: z.number(),
  reason: z.string(),
});
export type ServedScoringFactor = z.infer<typeof ServedScoringFactor>;

export const ServedScoring = Scoring.extend({
  ...servedJobFields,
  deal_id: z.string(),
  result: ScoringResult.extend({
    probability: z.number().min(0).max(100),
    factors: z.array(ServedScoringFactor),
  }).nullable(),
});
export type ServedScoring = z.infer<typeof ServedScoring>;

export const ServedSearchSegment = SearchSegment.extend({
  text: z.string(),
  start: z.number().nonnegative(),
  end: z.number().nonnegative(),
  speaker: z.string(),
  speaker_role: z.string(),
  video_title: z.string(),
  deal_id: z.string().nullable(),
});
export type ServedSearchSegment = z.infer<typeof ServedSearchSegment>;

/** design.md: `total_matches` counts every match for the filters; `truncated` when it exceeds the hits returned. */
export const ServedSearchMeta = Meta.extend({ total_matches: z.int().nonnegative(), truncated: z.boolean() });
export type ServedSearchMeta = z.infer<typeof ServedSearchMeta>;

export const ServedWebhookEndpoint = WebhookEndpoint.extend({ events: z.array(EventType), created_at: Timestamp });
export type ServedWebhookEndpoint = z.infer<typeof ServedWebhookEndpoint>;

export const ServedCreatedWebhookEndpoint = CreatedWebhookEndpoint.extend(ServedWebhookEndpoint.shape);
export type ServedCreatedWebhookEndpoint = z.infer<typeof ServedCreatedWebhookEndpoint>;

/** design.md: `{ type, timestamp, data }`; data is the video or the analysis. */
export const WebhookPayload = z.discriminatedUnion('type', [
  z.object({ type: z.literal('video.ready'), timestamp: Timestamp, data: ServedVideo }),
  z.object({ type: z.literal('video.analysis.completed'), timestamp: Timestamp, data: ServedAnalysis }),
  z.object({ type: z.literal('video.analysis.failed'), timestamp: Timestamp, data: ServedAnalysis }),
]);
export type WebhookPayload = z.infer<typeof WebhookPayload>;
