import type { ServedAnalysis, ServedJobError, ServedScoring } from '../../shared/api/served';
import type { Db } from '../db/database';
import { prepared } from '../db/prepared';
import { parseJsonColumn } from './json-column';
import { keysetPage, mapPage, type Page } from './keyset-page';

interface JobRow {
  id: string;
  status: ServedAnalysis['status'];
  result: string | null;
  error: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  updated_at: string;
}

const JOB_COLUMNS = 'id, status, result, error, created_at, started_at, finished_at, updated_at';

function jobFields(row: JobRow) {
  return {
    id: row.id,
    status: row.status,
    error: parseJsonColumn<ServedJobError>(row.error),
    created_at: row.created_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
    updated_at: row.updated_at,
  };
}

export function toAnalysis(row: JobRow & { video_id: string }): ServedAnalysis {
  return { ...jobFields(row), video_id: row.video_id, result: parseJsonColumn<ServedAnalysis['result']>(row.result) };
}

export function toScoring(row: JobRow & { deal_id: string }): ServedScoring {
  return { ...jobFields(row), deal_id: row.deal_id, result: parseJsonColumn<ServedScoring['result']>(row.result) };
}

interface PageRequest {
  cursor?: string;
  limit?: number;
}

export function listAnalyses(db: Db, videoId: string, page: PageRequest): Page<ServedAnalysis> {
  return mapPage(
    keysetPage<JobRow & { video_id: string }>(db, {
      from: `SELECT ${JOB_COLUMNS}, video_id FROM analyses`,
      where: ['video_id = ?'],
      params: [videoId],
      createdAtColumn: 'created_at',
      idColumn: 'id',
      ...page,
    }),
    toAnalysis,
  );
}

export function findAnalysis(db: Db, videoId: string, analysisId: string): ServedAnalysis | undefined {
  const row = prepared(db, `SELECT ${JOB_COLUMNS}, video_id FROM analyses WHERE id = ? AND video_id = ?`).get(
    analysisId,
    videoId,
  ) as (JobRow & { video_id: string }) | undefined;
  return row && toAnalysis(row);
}

export function listScorings(db: Db, dealId: string, page: PageRequest): Page<ServedScoring> {
  return mapPage(
    keysetPage<JobRow & { deal_id: string }>(db, {
      from: `SELECT ${JOB_COLUMNS}, deal_id FROM scorings`,
      where: ['deal_id = ?'],
      params: [dealId],
      createdAtColumn: 'created_at',
      idColumn: 'id',
      ...page,
    }),
    toScoring,
  );
}

export function findScoring(db: Db, dealId: string, scoringId: string): ServedScoring | undefined {
  const row = prepared(db, `SELECT ${JOB_COLUMNS}, deal_id FROM scorings WHERE id = ? AND deal_id = ?`).get(
    scoringId,
    dealId,
  ) as (JobRow & { deal_id: string }) | undefined;
  return row && toScoring(row);
}

/** design.md: the deal's probability comes from the completed scoring that finished last. */
export function latestCompletedScoring(db: Db, dealId: string): ServedScoring | undefined {
  const row = prepared(
    db,
    `SELECT ${JOB_COLUMNS}, deal_id FROM scorings WHERE deal_id = ? AND status = 'completed'
       ORDER BY finished_at DESC, id DESC LIMIT 1`,
  ).get(dealId) as (JobRow & { deal_id: string }) | undefined;
  return row && toScoring(row);
}
