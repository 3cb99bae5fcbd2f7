import { z } from 'zod';
import { Id, listOf, PageQuery, ReadTimestamp, Timestamp } from './primitives';

/**
 * Record values the local service uses: the filter values plus UPLOADED, which the interface
 * shows on records only. The interface does not close the list, so a record may hold any other.
 */
export const knownVideoStatuses = [
  'CREATED',
  'UPLOADING',
  'UPLOADED',
  'READY',
  'ERROR',
  'ARCHIVED',
  'DELETED',
] as const;
export type VideoStatus = (typeof knownVideoStatuses)[number];
/** The `status` filter of GET /v1/videos accepts exactly these (interface, Videos). */
export const VideoStatusFilter = z.enum(['ARCHIVED', 'CREATED', 'DELETED', 'ERROR', 'READY', 'UPLOADING']);
export type VideoStatusFilter = z.infer<typeof VideoStatusFilter>;

/** Values the local service uses; the interface shows only GENERAL, so clients accept any. */
export const knownCallTypes = ['GENERAL', 'DISCOVERY', 'DEMO', 'NEGOTIATION', 'FOLLOW_UP'] as const;

/** Which video fields are required is not shown: only the id, which every link needs, is. */
export const Video = z.object({
  id: Id,
  title: z.string().nullish(),
  status: z.string().nullish(),
  created_at: ReadTimestamp.nullish(),
  updated_at: ReadTimestamp.nullish(),
  duration_seconds: z.number().nonnegative().nullish(),
  processed_at: ReadTimestamp.nullish(),
  call_type: z.string().nullish(),
  deal_id: z.string().nullish(),
});
export type Video = z.infer<typeof Video>;

export const VideoListQuery = PageQuery.extend({
  status: VideoStatusFilter.optional(),
  created_after: Timestamp.optional(),
  created_before: Timestamp.optional(),
});
export type VideoListQuery = z.input<typeof VideoListQuery>;

/**
 * The transcript's shape is not shown; the local service sends the search segment's fields
 * without the video's (design.md). The id is what a search result points at. `start`/`end`
 * are seconds from the local service; their unit is not shown (see docs/interface-gaps.md).
 */
export const TranscriptSegment = z.object({
  id: Id,
  text: z.string().nullish(),
  start: z.number().nullish(),
  end: z.number().nullish(),
  speaker: z.string().nullish(),
  speaker_role: z.string().nullish(),
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

/** The event record's shape is not shown (design.md fixes the local service's). */
export const SalesEvent = z.object({
  id: Id,
  type: z.string().nullish(),
  text: z.string().nullish(),
  start: z.number().nullish(),
  end: z.number().nullish(),
  segment_id: z.string().nullish(),
  created_at: ReadTimestamp.nullish(),
});
export type SalesEvent = z.infer<typeof SalesEvent>;

/**
 * interface: "contents (strings)". The local service sends one string with newlines
 * (design.md); a service may as well send a list of strings, one per paragraph.
 */
export const SectionContents = z.union([z.string(), z.array(z.string())]);
export type SectionContents = z.infer<typeof SectionContents>;

export const SummarySection = z.object({
  id: Id.nullish(),
  title: z.string().nullish(),
  contents: SectionContents.nullish(),
  type: z.string().nullish(),
});
export type SummarySection = z.infer<typeof SummarySection>;
export const knownSummarySectionTypes = ['KEY_POINTS', 'ACTION_ITEMS', 'NEXT_STEPS', 'OBJECTIONS'] as const;

export const VideoSummary = z.object({
  id: Id.nullish(),
  sections: listOf(SummarySection),
  notes_markdown: z.string().nullish(),
});
export type VideoSummary = z.infer<typeof VideoSummary>;

/** A quote is nothing without its text. */
export const Evidence = z.object({
  id: Id.nullish(),
  text: z.string(),
  relevance: z.string().nullish(),
});
export type Evidence = z.infer<typeof Evidence>;
export const knownRelevances = ['HIGH', 'MEDIUM', 'LOW'] as const;

export const ChecklistItem = z.object({
  id: Id.nullish(),
  item_text: z.string().nullish(),
  status: z.string().nullish(),
  item_description: z.string().nullish(),
  reasoning: z.string().nullish(),
  improvement_suggestion: z.string().nullish(),
  evidence: listOf(Evidence),
});
export type ChecklistItem = z.infer<typeof ChecklistItem>;
export const knownChecklistItemStatuses = ['MET', 'PARTIALLY_MET', 'NOT_MET'] as const;
/** The interface's example PENDING, and the local service's COMPLETED. */
export const knownChecklistStatuses = ['PENDING', 'COMPLETED'] as const;

export const ChecklistEvaluation = z.object({
  id: Id.nullish(),
  status: z.string().nullish(),
  items: listOf(ChecklistItem),
  overall_assessment: z.string().nullish(),
});
export type ChecklistEvaluation = z.infer<typeof ChecklistEvaluation>;
