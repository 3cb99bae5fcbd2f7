import { z } from 'zod';
import { Id, PageQuery, Timestamp } from './primitives';

/** Record values: the filter values plus UPLOADED, which the interface shows on records only. */
export const VideoStatus = z.enum(['CREATED', 'UPLOADING', 'UPLOADED', 'READY', 'ERROR', 'ARCHIVED', 'DELETED']);
export type VideoStatus = z.infer<typeof VideoStatus>;
/** The `status` filter of GET /v1/videos accepts exactly these (interface, Videos). */
export const VideoStatusFilter = z.enum(['ARCHIVED', 'CREATED', 'DELETED', 'ERROR', 'READY', 'UPLOADING']);
export type VideoStatusFilter = z.infer<typeof VideoStatusFilter>;

/** Values the local service uses; the interface shows only GENERAL, so clients accept any. */
export const knownCallTypes = ['GENERAL', 'DISCOVERY', 'DEMO', 'NEGOTIATION', 'FOLLOW_UP'] as const;

export const Video = z.object({
  id: Id,
  title: z.string(),
  status: VideoStatus,
  created_at: Timestamp,
  updated_at: Timestamp,
  duration_seconds: z.number().nonnegative(),
  processed_at: Timestamp.nullable(),
  call_type: z.string(),
  deal_id: z.string().nullable(),
});
export type Video = z.infer<typeof Video>;

export const VideoListQuery = PageQuery.extend({
  status: VideoStatusFilter.optional(),
  created_after: Timestamp.optional(),
  created_before: Timestamp.optional(),
});
export type VideoListQuery = z.input<typeof VideoListQuery>;

/** `start`/`end` are seconds from the start of the call (design.md). */
export const TranscriptSegment = z.object({
  id: Id,
  text: z.string(),
  start: z.number().nonnegative(),
  end: z.number().nonnegative(),
  speaker: z.string(),
  speaker_role: z.string(),
});
export type TranscriptSegment = z.infer<typeof TranscriptSegment>;

/** Roles the local service assigns; clients accept any string. */
export const knownSpeakerRoles = ['SELLER', 'BUYER'] as const;

export const knownSalesEventTypes = [
  'PRICING',
  'OBJECTION',
  'COMPETITOR',
  'NEXT_STEP',
  'DECISION_MAKER',
  'TIMELINE',
  'BUDGET',
] as const;

export const SalesEvent = z.object({
  id: Id,
  type: z.string(),
  text: z.string(),
  start: z.number().nonnegative(),
  end: z.number().nonnegative(),
  segment_id: z.string(),
  created_at: Timestamp,
});
export type SalesEvent = z.infer<typeof SalesEvent>;

export const SummarySection = z.object({
  id: Id,
  title: z.string(),
  contents: z.string(),
  type: z.string(),
});
export type SummarySection = z.infer<typeof SummarySection>;
export const knownSummarySectionTypes = ['KEY_POINTS', 'ACTION_ITEMS', 'NEXT_STEPS', 'OBJECTIONS'] as const;

export const VideoSummary = z.object({
  id: Id,
  sections: z.array(SummarySection),
  notes_markdown: z.string(),
});
export type VideoSummary = z.infer<typeof VideoSummary>;

export const Evidence = z.object({
  id: Id,
  text: z.string(),
  relevance: z.string(),
});
export type Evidence = z.infer<typeof Evidence>;
export const knownRelevances = ['HIGH', 'MEDIUM', 'LOW'] as const;

export const ChecklistItem = z.object({
  id: Id,
  item_text: z.string(),
  status: z.string(),
  item_description: z.string(),
  reasoning: z.string(),
  improvement_suggestion: z.string(),
  evidence: z.array(Evidence),
});
export type ChecklistItem = z.infer<typeof ChecklistItem>;
export const knownChecklistItemStatuses = ['MET', 'PARTIALLY_MET', 'NOT_MET'] as const;

export const ChecklistEvaluation = z.object({
  id: Id,
  status: z.string(),
  items: z.array(ChecklistItem),
  overall_assessment: z.string(),
});
export type ChecklistEvaluation = z.infer<typeof ChecklistEvaluation>;
