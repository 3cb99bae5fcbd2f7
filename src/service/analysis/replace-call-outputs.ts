import type { Db } from '../db/database';
import { prepared } from '../db/prepared';
import type { CallAnalysis } from './types';

export interface ReplaceCallOutputsInput {
  orgId: string;
  videoId: string;
  analysisId: string;
  outputs: CallAnalysis;
  now: Date;
}

export interface StoredOutputs {
  summaryId: string;
  checklistEvaluationId: string;
  salesEventCount: number;
}

/**
 * Makes an analysis' outputs the call's current summary, checklist evaluation and sales events,
 * retiring the previous ones, in one transaction: a reader sees either the old
 * set or the new one, never a mix. Record ids derive from the analysis id, so one analysis can
 * never store two sets, and seeding stays deterministic.
 */
export function replaceCallOutputs(db: Db, input: ReplaceCallOutputsInput): StoredOutputs {
  const { orgId, videoId, analysisId, outputs } = input;
  const now = input.now.toISOString();
  const suffix = analysisId.replace(/^[a-z]+_/, '');
  const summaryId = `sum_${suffix}`;
  const checklistEvaluationId = `cev_${suffix}`;
  db.transaction(() => {
    for (const table of ['summaries', 'checklist_evaluations', 'sales_events']) {
      prepared(db, `UPDATE ${table} SET is_current = 0 WHERE video_id = ? AND is_current = 1`).run(videoId);
    }
    prepared(
      db,
      `INSERT INTO summaries (id, org_id, video_id, analysis_id, sections, notes_markdown, is_current, created_at)
       VALUES (?, ?, ?, ?, ?, ?, 1, ?)`,
    ).run(
      summaryId,
      orgId,
      videoId,
      analysisId,
      JSON.stringify(outputs.summary.sections),
      outputs.summary.notes_markdown,
      now,
    );
    prepared(
      db,
      `INSERT INTO checklist_evaluations (id, org_id, video_id, analysis_id, status, items, overall_assessment, is_current, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?)`,
    ).run(
      checklistEvaluationId,
      orgId,
      videoId,
      analysisId,
      outputs.checklist.status,
      JSON.stringify(outputs.checklist.items),
      outputs.checklist.overall_assessment,
      now,
    );
    const event = prepared(
      db,
      `INSERT INTO sales_events (id, org_id, video_id, analysis_id, type, text, start, end, segment_id, is_current, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?)`,
    );
    for (const [index, e] of outputs.events.entries()) {
      event.run(
        `evt_${suffix}_${index + 1}`,
        orgId,
        videoId,
        analysisId,
        e.type,
        e.text,
        e.start,
        e.end,
        e.segment_id,
        now,
      );
    }
  })();
  return { summaryId, checklistEvaluationId, salesEventCount: outputs.events.length };
}
