import { z } from 'zod';
import { Id, listOf, ReadTimestamp } from './primitives';

/**
 * The local service's job states (design.md): `processing` → `completed` | `failed`. The
 * interface names only `processing`, so a client reads any other status through `jobOutcome`.
 */
export const knownJobStatuses = ['processing', 'completed', 'failed'] as const;
export type JobStatus = (typeof knownJobStatuses)[number];

export const JobError = z.object({ code: z.string().nullish(), message: z.string().nullish() });
export type JobError = z.infer<typeof JobError>;

const jobTimes = {
  created_at: ReadTimestamp.nullish(),
  started_at: ReadTimestamp.nullish(),
  finished_at: ReadTimestamp.nullish(),
  updated_at: ReadTimestamp.nullish(),
};

export const AnalysisResult = z.object({
  summary: z.string().nullish(),
  checklist_evaluation_id: z.string().nullish(),
  sales_event_count: z.int().nonnegative().nullish(),
});

/** Which fields are required, and when `result` and `error` are set, is not shown. */
export const Analysis = z.object({
  id: Id,
  status: z.string().nullish(),
  video_id: z.string().nullish(),
  result: AnalysisResult.nullish(),
  error: JobError.nullish(),
  ...jobTimes,
});
export type Analysis = z.infer<typeof Analysis>;

export const ScoringFactor = z.object({
  factor_id: z.string().nullish(),
  score: z.number().nullish(),
  reason: z.string().nullish(),
});
export type ScoringFactor = z.infer<typeof ScoringFactor>;

export const ScoringResult = z.object({
  probability: z.number().min(0).max(100).nullish(),
  factors: listOf(ScoringFactor),
});

export const Scoring = z.object({
  id: Id,
  status: z.string().nullish(),
  deal_id: z.string().nullish(),
  result: ScoringResult.nullish(),
  error: JobError.nullish(),
  ...jobTimes,
});
export type Scoring = z.infer<typeof Scoring>;

/**
 * How far a job got, by the one rule that holds for any service (interface, States: only
 * `processing` is named): it runs while its status is `processing`; once it is anything else it
 * succeeded if it carries a result, failed if it carries an error, and otherwise just ended with
 * the status it shows.
 */
export type JobOutcome = 'running' | 'succeeded' | 'failed' | 'ended';

export function jobOutcome(job: { status?: string | null; result?: unknown; error?: unknown }): JobOutcome {
  if (job.status === 'processing') return 'running';
  if (job.result !== null && job.result !== undefined) return 'succeeded';
  if (job.error !== null && job.error !== undefined) return 'failed';
  return 'ended';
}

/**
 * The job a start created whose answer could not be read, found in the newest page of its
 * parent's history: the one the history gained since the start (`known`, the ids it held
 * before), or, when the history had not been read before the start, its newest job if that one
 * is running. Nothing when it shows none, rather than a job started earlier.
 */
export function startedJobIn(
  recent: readonly { id: string; status?: string | null; result?: unknown; error?: unknown }[],
  known: readonly string[] | null,
): string | undefined {
  if (known === null) {
    const newest = recent[0];
    return newest && jobOutcome(newest) === 'running' ? newest.id : undefined;
  }
  return recent.find((job) => !known.includes(job.id))?.id;
}
