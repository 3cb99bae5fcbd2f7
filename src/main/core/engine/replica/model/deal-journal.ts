import type { ReplicaDatabase } from '../replica-db';
import { epochMs } from '../timestamp';
import { searchTablesChanged } from '../transcript-index';

/** What a deal's card and list show of it: each change to one is a row of the journal. */
export const dealListFields = ['status', 'title', 'forecast_amount', 'close_date', 'owner_id'] as const;
export type DealListField = (typeof dealListFields)[number];
export type DealListValues = Partial<Record<DealListField, string | number | null>>;

/**
 * A row's field: a list field or the win probability that changed, or the whole deal: `added`
 * (first seen, or seen again after it was gone) or `removed` (a whole walk of the list no longer
 * found it).
 */
export type JournalField = DealListField | 'probability' | 'added' | 'removed';

/** Of a probability change, the score factor that moved most. */
export interface MovedFactor {
  factorId: string | null;
  before: number | null;
  after: number | null;
  reason: string | null;
}

export interface JournalEntry {
  /** The journal's order: later rows were seen later. */
  seq: number;
  dealId: string;
  field: JournalField;
  /** The value before (`removed`: the list fields last held); null for `added`. */
  before: unknown;
  /** The value after (`added`: the list fields as first seen); null for `removed`. */
  after: unknown;
  factor: MovedFactor | null;
  /** When the copy saw it (ms since the epoch): the answer's time, or the end of the walk. */
  seenAt: number;
}

/** Whether two values of a field differ: dates as instants, whatever their notation. */
export function differs(field: DealListField, before: unknown, after: unknown): boolean {
  if (field === 'close_date') {
    const [a, b] = [epochMs(before), epochMs(after)];
    if (a !== null && b !== null) return a !== b;
  }
  return (before ?? null) !== (after ?? null);
}

/** Appends rows to the journal; the caller's transaction holds them with the answer that showed them. */
export function dealJournalWriter(db: ReplicaDatabase) {
  const insert = db.prepare<[string, JournalField, string | null, string | null, string | null, number]>(
    'INSERT INTO deal_journal (deal_id, field, before, after, factor, seen_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
  return {
    record(dealId: string, field: JournalField, before: unknown, after: unknown, seenAt: number, factor?: MovedFactor) {
      insert.run(dealId, field, json(before), json(after), factor ? JSON.stringify(factor) : null, seenAt);
    },
  };
}

export type DealJournalWriter = ReturnType<typeof dealJournalWriter>;

interface JournalRow {
  seq: number;
  deal_id: string;
  field: JournalField;
  before: string | null;
  after: string | null;
  factor: string | null;
  seen_at: number;
}

const parsed = (value: string | null): unknown => (value === null ? null : JSON.parse(value));

const entryOf = (row: JournalRow): JournalEntry => ({
  seq: row.seq,
  dealId: row.deal_id,
  field: row.field,
  before: parsed(row.before),
  after: parsed(row.after),
  factor: parsed(row.factor) as MovedFactor | null,
  seenAt: row.seen_at,
});

/** Every change seen at or after `since` (ms since the epoch), oldest first; one deal's when `dealId` is given. */
export function journalSince(db: ReplicaDatabase, since: number, dealId?: string): JournalEntry[] {
  return db
    .prepare<[number, string | null, string | null], JournalRow>(
      `SELECT seq, deal_id, field, before, after, factor, seen_at FROM deal_journal
       WHERE seen_at >= ? AND (? IS NULL OR deal_id = ?) ORDER BY seq`,
    )
    .all(since, dealId ?? null, dealId ?? null)
    .map(entryOf);
}

/**
 * The whole journal, oldest first, of each deal with a change seen at or after `since`: what a
 * change means can take the deal's earlier rows (a deal added before, and so back; how often its
 * close date was pushed).
 */
export function journalOfDealsChangedSince(db: ReplicaDatabase, since: number): JournalEntry[] {
  return db
    .prepare<[number], JournalRow>(
      `SELECT seq, deal_id, field, before, after, factor, seen_at FROM deal_journal
       WHERE deal_id IN (SELECT deal_id FROM deal_journal WHERE seen_at >= ?) ORDER BY seq`,
    )
    .all(since)
    .map(entryOf);
}

/**
 * From when the copy knows the deals' history (ms since the epoch): its journal's first row, the
 * first time a deal was seen here (or the copy was upgraded to keep one). Null while it knows none.
 */
export function historyKnownSince(db: ReplicaDatabase): number | null {
  return db.prepare<[], number | null>('SELECT seen_at FROM deal_journal ORDER BY seq LIMIT 1').pluck().get() ?? null;
}

/**
 * A walk of a list (`deals` or `videos`), started at `startedAt`, reached the list's end at
 * `endedAt`: each record seen before the walk began that no answer has shown present since is
 * gone from the service. A deal's removal is journaled with its list fields as last held; it is
 * `added` again if an answer shows it later. Only a walk that reached the end may say so: a
 * walk stopped short (an endless list, a failure) never removes anything.
 */
export function recordWalkEnd(db: ReplicaDatabase, kind: 'deals' | 'videos', startedAt: number, endedAt: number): void {
  const table = kind === 'deals' ? 'deals' : 'calls';
  const gone = `removed_at IS NULL AND first_seen_at < :startedAt AND (present_at IS NULL OR present_at < :startedAt)`;
  if (kind === 'deals') {
    const journal = dealJournalWriter(db);
    const rows = db
      .prepare<{ startedAt: number }, Record<DealListField, string | number | null> & { id: string }>(
        `SELECT id, ${dealListFields.join(', ')} FROM deals WHERE ${gone}`,
      )
      .all({ startedAt });
    for (const { id, ...fields } of rows) journal.record(id, 'removed', fields, null, endedAt);
  }
  const removed = db
    .prepare<{ startedAt: number; endedAt: number }, string>(
      `UPDATE ${table} SET removed_at = :endedAt WHERE ${gone} RETURNING id`,
    )
    .pluck()
    .all({ startedAt, endedAt });
  if (removed.length > 0) {
    searchTablesChanged(db, kind === 'deals' ? { calls: [], deals: removed } : { calls: removed, deals: [] });
  }
}
