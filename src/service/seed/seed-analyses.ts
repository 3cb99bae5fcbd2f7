import { analyzeCall, replaceCallOutputs } from '../analysis';
import type { AnalyzerChecklistItem, AnalyzerSegment } from '../analysis/types';
import type { Db } from '../db/database';
import type { PlannedCall } from './plan-org';
import type { Random } from './random';

const iso = (time: number) => new Date(time).toISOString();
const CALLS_PER_TRANSACTION = 250;

/**
 * Runs the real analyzer over every call planned as analysed and stores a completed analysis with
 * its outputs, exactly as the analysis job would; some calls are analysed again later, so
 * history and superseded outputs exist. A READY call with no transcript gets the failed analysis
 * the job would have produced.
 */
export function seedAnalyses(
  db: Db,
  random: Random,
  orgId: string,
  calls: readonly PlannedCall[],
  segmentsOf: Map<string, AnalyzerSegment[]>,
  checklist: readonly AnalyzerChecklistItem[],
  anchor: number,
): void {
  const insert = db.prepare(
    `INSERT INTO analyses (id, org_id, video_id, status, result, error, created_at, started_at, finished_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const analyse = (call: PlannedCall, createdAt: number) => {
    const id = `ana_${random.hex()}`;
    const startedAt = createdAt + 1_000;
    const finishedAt = startedAt + random.int(3_000, 9_000);
    const segments = segmentsOf.get(call.id) ?? [];
    if (segments.length === 0) {
      const error = { code: 'transcript_unavailable', message: 'The call has no usable transcript to analyse.' };
      insert.run(id, orgId, call.id, 'failed', null, JSON.stringify(error), ...times(createdAt, startedAt, finishedAt));
      return;
    }
    const outputs = analyzeCall({ segments, checklist });
    const stored = replaceCallOutputs(db, {
      orgId,
      videoId: call.id,
      analysisId: id,
      outputs,
      now: new Date(finishedAt),
    });
    const result = {
      summary: outputs.headline,
      checklist_evaluation_id: stored.checklistEvaluationId,
      sales_event_count: stored.salesEventCount,
    };
    insert.run(
      id,
      orgId,
      call.id,
      'completed',
      JSON.stringify(result),
      null,
      ...times(createdAt, startedAt, finishedAt),
    );
  };

  const analysable = calls.filter(
    (call) => call.analysed || (call.status === 'READY' && (segmentsOf.get(call.id)?.length ?? 0) === 0),
  );
  const writeBatch = db.transaction((batch: readonly PlannedCall[]) => {
    for (const call of batch) {
      const firstAt = (call.processedAt ?? call.createdAt) + random.int(1, 90) * 60_000;
      analyse(call, firstAt);
      const reanalysedAt = firstAt + random.int(1, 10) * 86_400_000;
      if (call.analysed && random.chance(0.1) && reanalysedAt < anchor) analyse(call, reanalysedAt);
    }
  });
  for (let index = 0; index < analysable.length; index += CALLS_PER_TRANSACTION) {
    writeBatch(analysable.slice(index, index + CALLS_PER_TRANSACTION));
  }
}

function times(createdAt: number, startedAt: number, finishedAt: number) {
  return [iso(createdAt), iso(startedAt), iso(finishedAt), iso(finishedAt)] as const;
}
