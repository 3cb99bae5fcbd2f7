import { z } from 'zod';
import { Id, Timestamp } from './primitives';

/** design.md: `processing` → `completed` | `failed`. */
export const JobStatus = z.enum(['processing', 'completed', 'failed']);
export type JobStatus = z.infer<typeof JobStatus>;

export const JobError = z.object({ code: z.string(), message: z.string() });
export type JobError = z.infer<typeof JobError>;

const jobTimes = {
  created_at: Timestamp,
  started_at: Timestamp.nullable(),
  finished_at: Timestamp.nullable(),
  updated_at: Timestamp,
};

export const AnalysisResult = z.object({
  summary: z.string(),
  checklist_evaluation_id: z.string(),
  sales_event_count: z.int().nonnegative(),
});

/** `result` only when completed, `error` only when failed, null otherwise (design.md). */
export const Analysis = z.object({
  id: Id,
  status: JobStatus,
  video_id: z.string(),
  result: AnalysisResult.nullable(),
  error: JobError.nullable(),
  ...jobTimes,
});
export type Analysis = z.infer<typeof Analysis>;

export const ScoringFactor = z.object({
  factor_id: z.string(),
  score: z.number(),
  reason: z.string(),
});
export type ScoringFactor = z.infer<typeof ScoringFactor>;

export const ScoringResult = z.object({
  probability: z.number().min(0).max(100),
  factors: z.array(ScoringFactor),
});

export const Scoring = z.object({
  id: Id,
  status: JobStatus,
  deal_id: z.string(),
  result: ScoringResult.nullable(),
  error: JobError.nullable(),
  ...jobTimes,
});
export type Scoring = z.infer<typeof Scoring>;
