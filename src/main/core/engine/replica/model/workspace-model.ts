import { notFoundIn } from '../kept-not-found';
import type { ReplicaDatabase } from '../replica-db';
import { epochMs } from '../timestamp';
import {
  type DealJournalWriter,
  type DealListField,
  type DealListValues,
  dealJournalWriter,
  dealListFields,
  differs,
  type MovedFactor,
} from './deal-journal';
import { number, type Row, recordsIn, text } from './fields';

/** The operations whose answers the model is made of. */
export const modelOps: ReadonlySet<string> = new Set([
  'listDeals',
  'getDeal',
  'listVideos',
  'getVideo',
  'listMembers',
  'getMe',
  'listScorings',
  'getScoring',
  'listActivities',
  'getChecklist',
  'getSummary',
  'getVideoEvents',
]);

interface HeldDeal extends Record<DealListField, string | number | null> {
  probability: number | null;
  score_factors: string | null;
  detail_at: number | null;
  first_seen_at: number | null;
  present_at: number | null;
  removed_at: number | null;
}

interface HeldCall {
  first_seen_at: number | null;
  present_at: number | null;
  removed_at: number | null;
}

/** A list field as a record gives it, read tolerantly: a value of another type is no value. */
function listValue(field: DealListField, value: unknown): string | number | null {
  return field === 'forecast_amount' ? number(value) : text(value);
}

/** The list fields the record gives; one it leaves out is not known to have changed, and is not in here. */
function listValuesOf(record: Row): DealListValues {
  const values: DealListValues = {};
  for (const field of dealListFields) if (Object.hasOwn(record, field)) values[field] = listValue(field, record[field]);
  return values;
}

/** A deal's score factors as the detail gives them, by their factor id (or their own id). */
function factorScores(factors: unknown): Map<string, { score: number | null; reason: string | null }> {
  const scores = new Map<string, { score: number | null; reason: string | null }>();
  if (!Array.isArray(factors)) return scores;
  for (const factor of factors as Row[]) {
    const key = text(factor?.factor_id) ?? text(factor?.id);
    if (key) scores.set(key, { score: number(factor.score), reason: text(factor.reason) });
  }
  return scores;
}

/** Of two details' factors, the one whose score moved most (a factor new or gone moved from or to nothing). */
function mostMoved(before: unknown, after: unknown): MovedFactor | undefined {
  const [old, now] = [factorScores(before), factorScores(after)];
  let most: MovedFactor | undefined;
  let moved = 0;
  for (const key of new Set([...old.keys(), ...now.keys()])) {
    const [was, is] = [old.get(key)?.score ?? null, now.get(key)?.score ?? null];
    const by = Math.abs((is ?? 0) - (was ?? 0));
    if (by > moved) {
      moved = by;
      most = { factorId: key, before: was, after: is, reason: now.get(key)?.reason ?? old.get(key)?.reason ?? null };
    }
  }
  return most;
}

/**
 * The copy as a model of the workspace, kept in step with the answers stored (called in the same
 * transaction as each one, so the two never disagree): deals and calls as their lists and
 * details last gave them, members, each deal's scorings and activities, each call's checklist
 * evaluation with its items, summary and sales events. Fields are read tolerantly: another
 * service may leave any of them out, and a deal's list field left out keeps the value held.
 *
 * Every change to a deal's list fields as stored, and to its detail's win probability, is
 * journaled with the time of the answer that showed it (deal-journal.ts); a deal first seen is
 * `added`. `journal: false` fills the model from answers already held without journaling what
 * was not seen happen (an upgraded copy).
 */
export function workspaceModel(db: ReplicaDatabase, { journal = true }: { journal?: boolean } = {}) {
  const changes: DealJournalWriter | null = journal ? dealJournalWriter(db) : null;

  const selectDeal = db.prepare<[string], HeldDeal>(
    `SELECT ${dealListFields.join(', ')}, probability, score_factors, detail_at, first_seen_at, present_at, removed_at
     FROM deals WHERE id = ?`,
  );
  const upsertDeal = db.prepare(
    `INSERT INTO deals (id, title, status, created_at, created_ms, body, owner_id, forecast_amount, close_date,
       updated_at, probability, score_factors, detail_at, first_seen_at, present_at, removed_at)
     VALUES (@id, @title, @status, @created_at, @created_ms, @body, @owner_id, @forecast_amount, @close_date,
       @updated_at, @probability, @score_factors, @detail_at, @first_seen_at, @present_at, @removed_at)
     ON CONFLICT (id) DO UPDATE SET title = excluded.title, status = excluded.status,
       created_at = excluded.created_at, created_ms = excluded.created_ms, body = excluded.body,
       owner_id = excluded.owner_id, forecast_amount = excluded.forecast_amount, close_date = excluded.close_date,
       updated_at = excluded.updated_at, probability = excluded.probability, score_factors = excluded.score_factors,
       detail_at = excluded.detail_at, first_seen_at = excluded.first_seen_at, present_at = excluded.present_at,
       removed_at = excluded.removed_at`,
  );
  const selectCall = db.prepare<[string], HeldCall>(
    'SELECT first_seen_at, present_at, removed_at FROM calls WHERE id = ?',
  );
  const upsertCall = db.prepare(
    `INSERT INTO calls (id, title, deal_id, created_at, status, created_ms, body, updated_at, duration_seconds,
       first_seen_at, present_at, removed_at)
     VALUES (@id, @title, @deal_id, @created_at, @status, @created_ms, @body, @updated_at, @duration_seconds,
       @first_seen_at, @present_at, @removed_at)
     ON CONFLICT (id) DO UPDATE SET title = excluded.title, deal_id = excluded.deal_id,
       created_at = excluded.created_at, status = excluded.status, created_ms = excluded.created_ms,
       body = excluded.body, updated_at = excluded.updated_at, duration_seconds = excluded.duration_seconds,
       first_seen_at = excluded.first_seen_at, present_at = excluded.present_at, removed_at = excluded.removed_at`,
  );
  const upsertMember = db.prepare(
    `INSERT INTO members (id, email, display_name, given_name, family_name, status, body)
     VALUES (@id, @email, @display_name, @given_name, @family_name, @status, @body)
     ON CONFLICT (id) DO UPDATE SET email = excluded.email, display_name = excluded.display_name,
       given_name = excluded.given_name, family_name = excluded.family_name, status = excluded.status,
       body = excluded.body`,
  );
  const keepOnlyMembers = db.prepare<[string]>('DELETE FROM members WHERE id NOT IN (SELECT value FROM json_each(?))');
  const upsertScoring = db.prepare(
    `INSERT INTO scorings (id, deal_id, status, probability, created_at, created_ms, finished_at, rank, body)
     VALUES (@id, @deal_id, @status, @probability, @created_at, @created_ms, @finished_at, @rank, @body)
     ON CONFLICT (id) DO UPDATE SET deal_id = excluded.deal_id, status = excluded.status,
       probability = excluded.probability, created_at = excluded.created_at, created_ms = excluded.created_ms,
       finished_at = excluded.finished_at, rank = coalesce(excluded.rank, scorings.rank), body = excluded.body`,
  );
  const upsertActivity = db.prepare(
    `INSERT INTO activities (id, deal_id, action, video_id, member_id, created_at, created_ms, rank, body)
     VALUES (@id, @deal_id, @action, @video_id, @member_id, @created_at, @created_ms, @rank, @body)
     ON CONFLICT (id) DO UPDATE SET deal_id = excluded.deal_id, action = excluded.action,
       video_id = excluded.video_id, member_id = excluded.member_id, created_at = excluded.created_at,
       created_ms = excluded.created_ms, rank = coalesce(excluded.rank, activities.rank), body = excluded.body`,
  );
  const dealLists = {
    listScorings: {
      table: 'scorings',
      upsert: (record: Row, dealId: string, rank: number | null) =>
        upsertScoring.run({
          id: record.id,
          deal_id: dealId,
          status: text(record.status),
          probability: number((record.result as Row | null | undefined)?.probability),
          created_at: text(record.created_at),
          created_ms: epochMs(record.created_at),
          finished_at: text(record.finished_at),
          rank,
          body: JSON.stringify(record),
        }),
    },
    listActivities: {
      table: 'activities',
      upsert: (record: Row, dealId: string, rank: number | null) =>
        upsertActivity.run({
          id: record.id,
          deal_id: dealId,
          action: text(record.action),
          video_id: text(record.video_id),
          member_id: text(record.member_id),
          created_at: text(record.created_at),
          created_ms: epochMs(record.created_at),
          rank,
          body: JSON.stringify(record),
        }),
    },
  } as const;
  const listStatements = Object.fromEntries(
    Object.entries(dealLists).map(([op, { table }]) => [
      op,
      {
        unrank: db.prepare<[string]>(`UPDATE ${table} SET rank = NULL WHERE deal_id = ? AND rank IS NOT NULL`),
        keepOnly: db.prepare<[string, string]>(
          `DELETE FROM ${table} WHERE deal_id = ? AND id NOT IN (SELECT value FROM json_each(?))`,
        ),
      },
    ]),
  );
  const markListHeld = db.prepare<[string, string, number, number]>(
    `INSERT INTO held_lists (op, parent_id, ranked, more) VALUES (?, ?, ?, ?)
     ON CONFLICT (op, parent_id) DO UPDATE SET ranked = excluded.ranked, more = excluded.more`,
  );
  const unmarkListHeld = db.prepare<[string, string]>('DELETE FROM held_lists WHERE op = ? AND parent_id = ?');
  const upsertChecklist = db.prepare(
    `INSERT INTO checklists (video_id, id, status, overall_assessment, body)
     VALUES (@video_id, @id, @status, @overall_assessment, @body)
     ON CONFLICT (video_id) DO UPDATE SET id = excluded.id, status = excluded.status,
       overall_assessment = excluded.overall_assessment, body = excluded.body`,
  );
  const clearChecklist = db.prepare<[string]>('DELETE FROM checklists WHERE video_id = ?');
  const clearItems = db.prepare<[string]>('DELETE FROM checklist_items WHERE video_id = ?');
  const insertItem = db.prepare(
    `INSERT INTO checklist_items (video_id, position, id, item_text, status, reasoning, improvement_suggestion, evidence)
     VALUES (@video_id, @position, @id, @item_text, @status, @reasoning, @improvement_suggestion, @evidence)`,
  );
  const upsertSummary = db.prepare(
    `INSERT INTO summaries (video_id, id, notes_markdown, body) VALUES (@video_id, @id, @notes_markdown, @body)
     ON CONFLICT (video_id) DO UPDATE SET id = excluded.id, notes_markdown = excluded.notes_markdown, body = excluded.body`,
  );
  const clearSummary = db.prepare<[string]>('DELETE FROM summaries WHERE video_id = ?');
  const clearEvents = db.prepare<[string]>('DELETE FROM sales_events WHERE video_id = ?');
  const insertEvent = db.prepare(
    `INSERT INTO sales_events (video_id, position, id, type, text, start, "end", segment_id, created_at)
     VALUES (@video_id, @position, @id, @type, @text, @start, @end, @segment_id, @created_at)`,
  );

  function storeDeal(op: string, record: Row, at: number): void {
    const id = record.id as string;
    const held = selectDeal.get(id);
    const given = listValuesOf(record);
    const values = { ...held, ...given } as HeldDeal;
    // Present unless listed as DELETED: a deal found gone that shows up again is back; one first
    // seen deleted was never in the pipeline, so it is neither added nor later found gone.
    const present = record.status !== 'DELETED';
    const back = held?.removed_at != null && present;
    if ((!held && present) || back) changes?.record(id, 'added', null, pickListValues(values), at);
    if (held) {
      for (const field of dealListFields) {
        if (Object.hasOwn(given, field) && differs(field, held[field], given[field])) {
          changes?.record(id, field, held[field], given[field], at);
        }
      }
    }
    // What the detail adds to the list item (the interface's Deal): the board's probability, the factors.
    const { probability, score_factors: factors, ...deal } = record;
    const detail = op === 'getDeal';
    if (detail && held?.detail_at != null && Object.hasOwn(record, 'probability')) {
      const now = number(probability);
      if (now !== held.probability) {
        const heldFactors = held.score_factors === null ? [] : JSON.parse(held.score_factors);
        changes?.record(id, 'probability', held.probability, now, at, mostMoved(heldFactors, factors));
      }
    }
    upsertDeal.run({
      id,
      ...pickListValues(values),
      created_at: text(deal.created_at),
      created_ms: epochMs(deal.created_at),
      updated_at: text(deal.updated_at),
      body: JSON.stringify(deal),
      probability: detail ? number(probability) : (held?.probability ?? null),
      score_factors: detail ? JSON.stringify(Array.isArray(factors) ? factors : []) : (held?.score_factors ?? null),
      detail_at: detail ? at : (held?.detail_at ?? null),
      first_seen_at: held?.first_seen_at ?? at,
      present_at: present ? at : (held?.present_at ?? null),
      removed_at: back ? null : held ? held.removed_at : present ? null : at,
    });
  }

  function storeCall(record: Row, at: number): void {
    const held = selectCall.get(record.id as string);
    const present = record.status !== 'DELETED';
    upsertCall.run({
      id: record.id,
      title: text(record.title),
      deal_id: text(record.deal_id),
      created_at: text(record.created_at),
      status: text(record.status),
      created_ms: epochMs(record.created_at),
      body: JSON.stringify(record),
      updated_at: text(record.updated_at),
      duration_seconds: number(record.duration_seconds),
      first_seen_at: held?.first_seen_at ?? at,
      present_at: present ? at : (held?.present_at ?? null),
      removed_at: present ? null : (held?.removed_at ?? null),
    });
  }

  function storeMember(record: Row): void {
    upsertMember.run({
      id: record.id,
      email: text(record.email),
      display_name: text(record.display_name),
      given_name: text(record.given_name),
      family_name: text(record.family_name),
      status: text(record.status),
      body: JSON.stringify(record),
    });
  }

  /**
   * A page of a deal's scorings or activities. Its first page (no cursor) ranks them as the
   * service orders them, newest first, and says how far that order is known (`held_lists`); the
   * whole list in one page replaces what was held. A kept 404 (the deal is gone) holds none.
   */
  function storeDealList(op: keyof typeof dealLists, params: Record<string, unknown>, body: unknown): void {
    const dealId = text(params.id);
    if (dealId === null) return;
    if (notFoundIn(body)) {
      unmarkListHeld.run(op, dealId);
      return;
    }
    const answer = body as { data?: unknown; meta?: { has_more?: unknown } } | null;
    if (!Array.isArray(answer?.data)) return;
    const records = recordsIn(answer);
    const firstPage = typeof params.cursor !== 'string' || params.cursor === '';
    const statements = listStatements[op]!;
    if (firstPage) statements.unrank.run(dealId);
    records.forEach((record, index) => {
      dealLists[op].upsert(record, dealId, firstPage ? index : null);
    });
    if (!firstPage) return;
    const more = answer.meta?.has_more === true;
    markListHeld.run(op, dealId, records.length, more ? 1 : 0);
    if (!more) statements.keepOnly.run(dealId, JSON.stringify(records.map((record) => record.id)));
  }

  /**
   * A call's one record of a kind (its checklist, its summary) as the answer holds it, with the
   * fields its table reads kept beside it; an answer that holds none removes it. Null: none held.
   */
  function storeCallRecord(
    videoId: string,
    body: unknown,
    statements: { upsert: { run(row: Row): unknown }; clear: { run(videoId: string): unknown } },
    fields: (record: Row) => Row,
  ): Row | null {
    const record = objectIn(body);
    if (!record) {
      statements.clear.run(videoId);
      return null;
    }
    statements.upsert.run({ video_id: videoId, id: text(record.id), ...fields(record), body: JSON.stringify(record) });
    return record;
  }

  function storeChecklist(videoId: string, body: unknown): void {
    clearItems.run(videoId);
    const checklist = storeCallRecord(videoId, body, { upsert: upsertChecklist, clear: clearChecklist }, (held) => ({
      status: text(held.status),
      overall_assessment: text(held.overall_assessment),
    }));
    if (!checklist) return;
    const items = Array.isArray(checklist.items) ? (checklist.items as Row[]) : [];
    items.forEach((item, position) => {
      insertItem.run({
        video_id: videoId,
        position,
        id: text(item?.id),
        item_text: text(item?.item_text),
        status: text(item?.status),
        reasoning: text(item?.reasoning),
        improvement_suggestion: text(item?.improvement_suggestion),
        evidence: JSON.stringify(Array.isArray(item?.evidence) ? item.evidence : []),
      });
    });
  }

  function storeSummary(videoId: string, body: unknown): void {
    storeCallRecord(videoId, body, { upsert: upsertSummary, clear: clearSummary }, (held) => ({
      notes_markdown: text(held.notes_markdown),
    }));
  }

  function storeEvents(videoId: string, body: unknown): void {
    clearEvents.run(videoId);
    const data = (body as { data?: unknown } | null)?.data;
    if (!Array.isArray(data)) return;
    data.forEach((event: Row | null, position) => {
      insertEvent.run({
        video_id: videoId,
        position,
        id: text(event?.id),
        type: text(event?.type),
        text: text(event?.text),
        start: number(event?.start),
        end: number(event?.end),
        segment_id: text(event?.segment_id),
        created_at: text(event?.created_at),
      });
    });
  }

  return {
    /** Called with every answer stored, in its transaction; `at` is when the service gave it. */
    indexAnswer(op: string, params: Record<string, unknown>, body: unknown, at: number): void {
      const id = text(params.id);
      switch (op) {
        case 'listDeals':
        case 'getDeal':
          for (const record of recordsIn(body)) storeDeal(op, record, at);
          break;
        case 'listVideos':
        case 'getVideo':
          for (const record of recordsIn(body)) storeCall(record, at);
          break;
        case 'listMembers': {
          const members = recordsIn(body);
          if (!Array.isArray((body as { data?: unknown } | null)?.data)) break;
          for (const member of members) storeMember(member);
          // The organisation's whole list, unpaginated: a member not in it is gone.
          keepOnlyMembers.run(JSON.stringify(members.map((member) => member.id)));
          break;
        }
        case 'getMe':
          for (const member of recordsIn(body)) storeMember(member);
          break;
        case 'listScorings':
        case 'listActivities':
          storeDealList(op, params, body);
          break;
        case 'getScoring': {
          const [scoring] = recordsIn(body);
          if (scoring && id) dealLists.listScorings.upsert(scoring, id, null);
          break;
        }
        case 'getChecklist':
          if (id) storeChecklist(id, body);
          break;
        case 'getSummary':
          if (id) storeSummary(id, body);
          break;
        case 'getVideoEvents':
          if (id) storeEvents(id, body);
          break;
      }
    },
  };
}

function pickListValues(values: DealListValues): Record<DealListField, string | number | null> {
  return Object.fromEntries(dealListFields.map((field) => [field, values[field] ?? null])) as Record<
    DealListField,
    string | number | null
  >;
}

/** A call's summary or checklist: one object, whose id the interface lists but a service may leave out; null for a kept 404. */
function objectIn(body: unknown): Row | null {
  const data = (body as { data?: unknown } | null)?.data;
  return typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Row) : null;
}

export type WorkspaceModel = ReturnType<typeof workspaceModel>;

/**
 * Once, after the migration that made the model (`model_state` 'fill'): its tables filled from the
 * answers the copy already holds, oldest first so the newest answer of each record wins, without
 * journaling (those changes were not seen happen). Every deal held then is `added` at `now`: the
 * copy's history starts at its upgrade. One transaction: a crash leaves it pending, to run again.
 */
export function fillModelIfPending(db: ReplicaDatabase, now = Date.now()): void {
  const state = db.prepare<[], string>("SELECT value FROM model_state WHERE key = 'fill'").pluck();
  if (state.get() !== 'pending') return;
  db.transaction(() => {
    const model = workspaceModel(db, { journal: false });
    const keys = db
      .prepare<[string], { op: string; params: string; fetched_at: number }>(
        `SELECT op, params, fetched_at FROM answers WHERE op IN (SELECT value FROM json_each(?))
         ORDER BY fetched_at, op, params`,
      )
      .all(JSON.stringify([...modelOps]));
    const bodyOf = db.prepare<[string, string], string>('SELECT body FROM answers WHERE op = ? AND params = ?').pluck();
    for (const { op, params, fetched_at: at } of keys) {
      const body = bodyOf.get(op, params);
      if (body !== undefined) model.indexAnswer(op, Object.fromEntries(JSON.parse(params)), JSON.parse(body), at);
    }
    // Records the search tables held from answers since replaced: their fields from what they kept.
    db.prepare(
      `UPDATE deals SET owner_id = json_extract(body, '$.owner_id'), forecast_amount = json_extract(body, '$.forecast_amount'),
         close_date = json_extract(body, '$.close_date'), updated_at = json_extract(body, '$.updated_at'), first_seen_at = ?
       WHERE first_seen_at IS NULL AND body IS NOT NULL`,
    ).run(now);
    db.prepare(
      `UPDATE calls SET updated_at = json_extract(body, '$.updated_at'),
         duration_seconds = json_extract(body, '$.duration_seconds'), first_seen_at = ?
       WHERE first_seen_at IS NULL AND body IS NOT NULL`,
    ).run(now);
    const journal = dealJournalWriter(db);
    const held = db
      .prepare<[], Record<DealListField, string | number | null> & { id: string }>(
        `SELECT id, ${dealListFields.join(', ')} FROM deals WHERE body IS NOT NULL AND removed_at IS NULL ORDER BY id`,
      )
      .all();
    for (const { id, ...values } of held) journal.record(id, 'added', null, values, now);
    db.prepare("UPDATE model_state SET value = 'done' WHERE key = 'fill'").run();
  })();
}
