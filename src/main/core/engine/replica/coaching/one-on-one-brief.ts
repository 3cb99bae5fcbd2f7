import { randomUUID } from 'node:crypto';
import {
  type ActionItem,
  type BriefCall,
  FIRST_BRIEF_WEEKS,
  type OneOnOneBrief,
} from '../../../../../shared/one-on-one';
import type { PrivateNote } from '../../../../../shared/private-notes';
import { quoteFinder } from '../../../../../shared/quote-finder';
import { ApiError } from '../../../service-client/api-client/api-error';
import { memberNames } from '../member-names';
import { privateNotes } from '../model/private-notes';
import { whatChangedIn } from '../model/what-changed';
import type { ReplicaDatabase } from '../replica-db';
import { COUNTED_CALL, callOwners } from './call-owners';
import { itemOutcome, parseEvidence } from './checklist-matrix';
import { oneOnOneCalls as queuedForOneOnOne } from './review-decisions';

/** The bookmark of a rep's last 1:1, one per rep beside the manager's named ones. */
const bookmarkId = (memberId: string) => `one-on-one:${memberId}`;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The rule for the calls most worth an hour (docs/coaching.md, "The 1:1 brief"): the most
 * checklist items not met first, then the longest seller monologue, then the largest deal, then
 * the newest. Calls are ranked as given (newest first), so the last tie keeps the newest.
 */
export function worthAnHour(calls: readonly BriefCall[], count = 3): BriefCall[] {
  const order = (call: BriefCall) => [call.misses.length, call.longestMonologue ?? -1, call.dealAmount ?? -1];
  return calls
    .map((call, index) => ({ call, index, key: order(call) }))
    .sort((a, b) => b.key[0]! - a.key[0]! || b.key[1]! - a.key[1]! || b.key[2]! - a.key[2]! || a.index - b.index)
    .slice(0, count)
    .map(({ call }) => call);
}

interface CallRow {
  id: string;
  title: string | null;
  created_at: string | null;
  deal_id: string | null;
  deal_title: string | null;
  deal_amount: number | null;
  longest_monologue: number | null;
}

interface ItemRow {
  item_text: string;
  status: string | null;
  improvement_suggestion: string | null;
  reasoning: string | null;
  evidence: string;
}

const CALL_ROWS = `SELECT c.id, c.title, c.created_at, c.deal_id, d.title AS deal_title,
    d.forecast_amount AS deal_amount, f.longest_monologue
  FROM calls c
  LEFT JOIN deals d ON d.id = c.deal_id AND d.body IS NOT NULL
  LEFT JOIN call_figures f ON f.video_id = c.id`;

/** A rep's calls created at or after `since`, newest first, each with its misses. */
function callsSince(db: ReplicaDatabase, memberId: string, since: number): BriefCall[] {
  const rows = db
    .prepare<[number], CallRow>(
      `${CALL_ROWS} WHERE ${COUNTED_CALL} AND coalesce(c.created_ms, 0) >= ? ORDER BY c.created_ms DESC, c.id DESC`,
    )
    .all(since);
  const owners = callOwners(
    db,
    rows.map((row) => row.id),
  );
  return briefCalls(
    db,
    rows.filter((row) => owners.get(row.id)?.memberId === memberId),
  );
}

/**
 * The calls the manager added "to the rep's next 1:1" from the review queue (`2`) since `since`,
 * the last 1:1: one decided before it was in that brief. Newest decision first.
 */
export function oneOnOneCalls(db: ReplicaDatabase, memberId: string, since: number): BriefCall[] {
  const byId = db.prepare<[string], CallRow>(`${CALL_ROWS} WHERE c.id = ?`);
  const queued = queuedForOneOnOne(db, { memberId, since: iso(since) });
  return briefCalls(
    db,
    queued.flatMap(({ callId }) => byId.get(callId) ?? []),
  );
}

/** Calls as the brief shows them, each with the checklist items it did not meet. */
function briefCalls(db: ReplicaDatabase, rows: readonly CallRow[]): BriefCall[] {
  const items = db.prepare<[string], ItemRow>(
    `SELECT trim(item_text) AS item_text, status, improvement_suggestion, reasoning, evidence
     FROM checklist_items WHERE video_id = ? AND trim(coalesce(item_text, '')) <> '' ORDER BY position`,
  );
  const lines = db.prepare<[string], { segment_id: string; text: string }>(
    'SELECT segment_id, text FROM segments WHERE video_id = ? ORDER BY position',
  );
  return rows.map((row) => {
    let said: { segment_id: string; text: string }[] | undefined;
    const saidLines = () => {
      said ??= lines.all(row.id);
      return said;
    };
    const findQuote = quoteFinder(saidLines);
    const misses = items
      .all(row.id)
      .filter((item) => itemOutcome(item.status) === 'not-met')
      .map((item) => {
        const quote = parseEvidence(item.evidence)[0];
        const byId = quote?.id ? saidLines().find((line) => line.segment_id === quote.id) : undefined;
        const segmentId = quote ? (byId?.segment_id ?? saidLines()[findQuote(quote.text)]?.segment_id ?? null) : null;
        return {
          item: item.item_text,
          status: item.status,
          improvement: item.improvement_suggestion,
          reasoning: item.reasoning,
          segmentId,
        };
      });
    return {
      id: row.id,
      title: row.title,
      createdAt: row.created_at,
      dealId: row.deal_id,
      dealTitle: row.deal_title,
      dealAmount: row.deal_amount,
      longestMonologue: row.longest_monologue,
      misses,
    };
  });
}

interface ItemRecord {
  id: string;
  member_id: string;
  text: string;
  created_at: number;
  done_at: number | null;
}
const itemOf = (row: ItemRecord): ActionItem => ({
  id: row.id,
  memberId: row.member_id,
  text: row.text,
  createdAt: iso(row.created_at),
  doneAt: row.done_at === null ? null : iso(row.done_at),
});

/** The manager's 1:1s with their reps in the copy: when the last was, and the action items. */
export function oneOnOnes(db: ReplicaDatabase) {
  const lastAt = (memberId: string) =>
    db.prepare<[string], number>('SELECT at FROM bookmarks WHERE id = ?').pluck().get(bookmarkId(memberId)) ?? null;
  const item = (id: string) => db.prepare<[string], ItemRecord>('SELECT * FROM one_on_one_items WHERE id = ?').get(id);

  /** Open items, oldest first (they carry over), then those done since the last 1:1. */
  function actionItems(memberId: string, since: number): ActionItem[] {
    return db
      .prepare<[string, number], ItemRecord>(
        `SELECT * FROM one_on_one_items WHERE member_id = ? AND (done_at IS NULL OR done_at >= ?)
         ORDER BY done_at IS NOT NULL, created_at, id`,
      )
      .all(memberId, since)
      .map(itemOf);
  }

  return {
    lastAt,
    actionItems,

    /** The brief for the next 1:1 with the rep, as the copy holds it at `now`. */
    brief(memberId: string, now: number): OneOnOneBrief {
      const last = lastAt(memberId);
      const since = last ?? now - FIRST_BRIEF_WEEKS * 7 * 86_400_000;
      const changed = whatChangedIn(db, { kind: 'moment', at: iso(since) }, now);
      const calls = callsSince(db, memberId, since);
      const dealIds = db.prepare<[string], string>('SELECT id FROM deals WHERE owner_id = ?').pluck().all(memberId);
      const notes = privateNotes(db);
      const about: PrivateNote[] = [
        ...notes.list({ about: { kinds: ['rep'], id: memberId } }),
        ...dealIds.flatMap((id) => notes.list({ about: { kinds: ['deal'], id } })),
        ...calls.flatMap((call) => notes.list({ about: { kinds: ['call', 'line'], id: call.id } })),
      ];
      const nameOf = memberNames(db);
      return {
        memberId,
        since: { at: iso(since), from: last === null ? 'weeks-back' : 'last-one-on-one' },
        builtAt: changed.until,
        changes: changed.changes.filter((change) => change.ownerId === memberId),
        calls,
        worthAnHour: worthAnHour(calls),
        queued: oneOnOneCalls(db, memberId, since),
        notes: about,
        actionItems: actionItems(memberId, since),
        names: { ...changed.names, [memberId]: nameOf(memberId) },
      };
    },

    /** The 1:1 is done at `at` (null forgets it: the undo of a first one); says when the last one was before. */
    mark(memberId: string, at: number | null): { before: string | null } {
      const before = lastAt(memberId);
      if (at === null) db.prepare('DELETE FROM bookmarks WHERE id = ?').run(bookmarkId(memberId));
      else
        db.prepare(
          `INSERT INTO bookmarks (id, name, at, saved_at) VALUES (?, ?, ?, ?)
           ON CONFLICT (id) DO UPDATE SET at = excluded.at, saved_at = excluded.saved_at`,
        ).run(bookmarkId(memberId), `Last 1:1 with ${memberNames(db)(memberId)}`, at, Date.now());
      return { before: before === null ? null : iso(before) };
    },

    add(memberId: string, text: string, now: number): ActionItem {
      const id = `item_${randomUUID()}`;
      db.prepare(
        'INSERT INTO one_on_one_items (id, member_id, text, created_at, done_at) VALUES (?, ?, ?, ?, NULL)',
      ).run(id, memberId, text, now);
      return itemOf(item(id)!);
    },

    remove(id: string): void {
      const removed = db.prepare('DELETE FROM one_on_one_items WHERE id = ?').run(id).changes;
      if (removed === 0) throw new ApiError({ code: 'not_found', message: 'That action item no longer exists.' });
    },

    setDone(id: string, done: boolean, now: number): ActionItem {
      const changed = db
        .prepare('UPDATE one_on_one_items SET done_at = ? WHERE id = ?')
        .run(done ? now : null, id).changes;
      if (changed === 0) throw new ApiError({ code: 'not_found', message: 'That action item no longer exists.' });
      return itemOf(item(id)!);
    },
  };
}
