import { endpoints } from '../../../../shared/api';
import type { ReplicaDatabase } from './replica-db';
import { searchTablesChanged } from './transcript-index';

/** A record kind of the copy, as the sync names it. */
export type RecordKind = 'deals' | 'videos';

const pathOf: Record<RecordKind, string> = { videos: '/v1/videos/{id}', deals: '/v1/deals/{id}' };
const listOf: Record<RecordKind, string> = { videos: 'listVideos', deals: 'listDeals' };

/** Every read of one record (its detail and its parts, whatever else they take), by the path that names it. */
const readsOf = (kind: RecordKind): string[] =>
  Object.entries(endpoints)
    .filter(([, endpoint]) => endpoint.method === 'GET' && endpoint.path.startsWith(pathOf[kind]))
    .map(([name]) => name);

/** The kind of record a read is of (its detail or one of its parts); null for any other read. */
export function recordKindOf(op: string): RecordKind | null {
  return (['videos', 'deals'] as const).find((kind) => readsOf(kind).includes(op)) ?? null;
}

/** The record a stored read names: its params' `id` (params are stored as sorted [key, value] pairs). */
const RECORD_ID = `(SELECT json_extract(entry.value, '$[1]') FROM json_each(answers.params) AS entry
                    WHERE json_extract(entry.value, '$[0]') = 'id')`;
const IN_IDS = 'IN (SELECT value FROM json_each(:ids))';

/**
 * Deletes everything the copy holds of these records: every stored read of them (whatever its
 * params), every stored list page that shows one, a call's transcript lines and their index, the
 * model's rows of either (a deal's scorings, activities and journal; a call's checklist, summary
 * and events), and the sync's marks. What the screens then read of them is the service's.
 */
export function forgetRecords(db: ReplicaDatabase, kind: RecordKind, ids: readonly string[]): void {
  if (ids.length === 0) return;
  const params = { ids: JSON.stringify(ids) };
  db.prepare(`DELETE FROM answers WHERE op IN (SELECT value FROM json_each(:ops)) AND ${RECORD_ID} ${IN_IDS}`).run({
    ...params,
    ops: JSON.stringify(readsOf(kind)),
  });
  db.prepare(
    `DELETE FROM answers WHERE op = :op AND EXISTS (
       SELECT 1 FROM json_each(answers.body, '$.data') AS item
       WHERE item.type = 'object' AND json_extract(item.value, '$.id') ${IN_IDS})`,
  ).run({ ...params, op: listOf[kind] });
  // The workspace model's rows of them too (model/workspace-model.ts), the deal journal included.
  if (kind === 'videos') {
    const ofCall = [
      'segments',
      'segment_spans',
      'transcripts_held',
      'call_figures',
      'checklists',
      'checklist_items',
      'summaries',
    ];
    for (const table of [...ofCall, 'sales_events'])
      db.prepare(`DELETE FROM ${table} WHERE video_id ${IN_IDS}`).run(params);
    db.prepare(`DELETE FROM calls WHERE id ${IN_IDS}`).run(params);
  } else {
    for (const table of ['scorings', 'activities', 'deal_journal'])
      db.prepare(`DELETE FROM ${table} WHERE deal_id ${IN_IDS}`).run(params);
    db.prepare(`DELETE FROM deals WHERE id ${IN_IDS}`).run(params);
  }
  db.prepare(`DELETE FROM sync_parts WHERE kind = :kind AND id ${IN_IDS}`).run({ ...params, kind });
  db.prepare(`DELETE FROM sync_items WHERE kind = :kind AND id ${IN_IDS}`).run({ ...params, kind });
  searchTablesChanged(db, kind === 'videos' ? { calls: ids, deals: [] } : { calls: [], deals: ids });
}

/**
 * The records of `kind` the copy holds anything of (a screen's read, a list page, a transcript)
 * that the sync does not track: after a scope is narrowed, those outside it.
 */
export function heldButUntracked(db: ReplicaDatabase, kind: RecordKind): string[] {
  const held =
    kind === 'videos'
      ? `SELECT id FROM calls UNION SELECT video_id FROM segment_spans UNION SELECT video_id FROM transcripts_held`
      : 'SELECT id FROM deals';
  return db
    .prepare<Record<string, string>, string>(
      `SELECT id FROM (
         ${held}
         UNION SELECT ${RECORD_ID} FROM answers WHERE op IN (SELECT value FROM json_each(:ops))
         UNION SELECT json_extract(item.value, '$.id') FROM answers, json_each(answers.body, '$.data') AS item
           WHERE answers.op = :list AND item.type = 'object'
       )
       WHERE id IS NOT NULL AND id NOT IN (SELECT id FROM sync_items WHERE kind = :kind)`,
    )
    .pluck()
    .all({ ops: JSON.stringify(readsOf(kind)), list: listOf[kind], kind });
}
