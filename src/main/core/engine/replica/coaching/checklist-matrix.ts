import type {
  ChecklistMatrix,
  ChecklistMatrixParams,
  ChecklistMiss,
  ChecklistMissesParams,
  ItemTally,
  MatrixCell,
} from '../../../../../shared/bridge';
import { quoteFinder } from '../../../../../shared/quote-finder';
import type { ReplicaDatabase } from '../replica-db';
import { type CallOwner, COUNTED_CALL, callOwners } from './call-owners';

/**
 * An item's status as the matrix counts it: MET is met; PARTIALLY_MET and NOT_MET are not
 * (in any case: the known statuses, shared/api's knownChecklistItemStatuses); any other status, or
 * none, is "other", neither met nor not, so a service's new word never reads as a miss.
 */
export type ItemOutcome = 'met' | 'not-met' | 'other';
export function itemOutcome(status: string | null): ItemOutcome {
  const known = status?.trim().toUpperCase();
  return known === 'MET' ? 'met' : known === 'PARTIALLY_MET' || known === 'NOT_MET' ? 'not-met' : 'other';
}

interface AnalysedItem {
  video_id: string;
  item_text: string;
  status: string | null;
  position: number;
}

/** An analysed call: one whose checklist evaluation the copy holds with at least one item named. */
interface AnalysedCall {
  id: string;
  /** Each item by its text (the first, when a text comes twice), with its status. */
  items: Map<string, string | null>;
}

/**
 * Every analysed call the copy holds, newest first, with its owner; and the item texts in
 * checklist order (by the earliest place any call gives each).
 */
function analysedCalls(db: ReplicaDatabase): {
  calls: AnalysedCall[];
  owners: Map<string, CallOwner>;
  items: string[];
} {
  const rows = db
    .prepare<[], AnalysedItem>(
      `SELECT i.video_id, trim(i.item_text) AS item_text, i.status, i.position
       FROM checklist_items i JOIN calls c ON c.id = i.video_id
       WHERE ${COUNTED_CALL} AND trim(coalesce(i.item_text, '')) <> ''
       ORDER BY c.created_ms DESC, c.id DESC, i.position`,
    )
    .all();
  const calls: AnalysedCall[] = [];
  const firstPlace = new Map<string, number>();
  for (const row of rows) {
    let call = calls.at(-1);
    if (call?.id !== row.video_id) {
      call = { id: row.video_id, items: new Map() };
      calls.push(call);
    }
    if (!call.items.has(row.item_text)) call.items.set(row.item_text, row.status);
    firstPlace.set(row.item_text, Math.min(firstPlace.get(row.item_text) ?? row.position, row.position));
  }
  const items = [...firstPlace.entries()]
    .sort(([a, placeA], [b, placeB]) => placeA - placeB || a.localeCompare(b))
    .map(([text]) => text);
  return {
    calls,
    owners: callOwners(
      db,
      calls.map((call) => call.id),
    ),
    items,
  };
}

/** Each member's analysed calls, newest first. */
function callsByMember(calls: readonly AnalysedCall[], owners: Map<string, CallOwner>): Map<string, AnalysedCall[]> {
  const byMember = new Map<string, AnalysedCall[]>();
  for (const call of calls) {
    const memberId = owners.get(call.id)?.memberId;
    if (!memberId) continue;
    const theirs = byMember.get(memberId);
    if (theirs) theirs.push(call);
    else byMember.set(memberId, [call]);
  }
  return byMember;
}

function tally(calls: readonly AnalysedCall[], item: string): ItemTally | null {
  let [met, notMet, other, had] = [0, 0, 0, 0];
  for (const call of calls) {
    if (!call.items.has(item)) continue;
    had += 1;
    const outcome = itemOutcome(call.items.get(item)!);
    if (outcome === 'met') met += 1;
    else if (outcome === 'not-met') notMet += 1;
    else other += 1;
  }
  if (had === 0) return null;
  const n = met + notMet;
  return { met, n, other, share: n > 0 ? met / n : null };
}

/**
 * Reps × checklist items: for each member (and any member id a call is attributed to that the
 * team list lacks), each item's tally over their last `last` analysed calls and over the `last`
 * before those (docs/coaching.md, "The checklist matrix"). A member without analysed calls has a
 * row without cells.
 */
export function checklistMatrix(db: ReplicaDatabase, { last }: ChecklistMatrixParams): Omit<ChecklistMatrix, 'copy'> {
  const { calls, owners, items } = analysedCalls(db);
  const byMember = callsByMember(calls, owners);
  const members = db.prepare<[], string>('SELECT id FROM members ORDER BY id').pluck().all();
  const rows = [...new Set([...members, ...byMember.keys()])].map((memberId) => {
    const theirs = byMember.get(memberId) ?? [];
    const [now, before] = [theirs.slice(0, last), theirs.slice(last, 2 * last)];
    const cells: Record<string, MatrixCell> = {};
    for (const item of items) {
      const nowTally = tally(now, item);
      if (nowTally) cells[item] = { now: nowTally, before: before.length > 0 ? tally(before, item) : null };
    }
    return { memberId, analysed: theirs.length, cells };
  });
  const unattributed = calls.filter((call) => !owners.get(call.id)?.memberId).length;
  return { items, rows, unattributed };
}

interface MissRow {
  video_id: string;
  title: string | null;
  created_at: string | null;
  deal_title: string | null;
  status: string;
  reasoning: string | null;
  improvement_suggestion: string | null;
  evidence: string;
}

/**
 * The calls of a matrix cell where its item was not met (PARTIALLY_MET or NOT_MET), newest first,
 * each with the item's reasoning, improvement suggestion and evidence quotes. A quote is placed on
 * the transcript line whose id it carries, else on the line that says it (as the call page's
 * checklist finds it), else on none.
 */
export function checklistMisses(
  db: ReplicaDatabase,
  { memberId, itemText, last }: ChecklistMissesParams,
): ChecklistMiss[] {
  const { calls, owners } = analysedCalls(db);
  const item = itemText.trim();
  const missed = (callsByMember(calls, owners).get(memberId) ?? [])
    .slice(0, last)
    .filter((call) => call.items.has(item) && itemOutcome(call.items.get(item)!) === 'not-met');
  const detail = db.prepare<[string, string], MissRow>(
    `SELECT c.id AS video_id, c.title, c.created_at, d.title AS deal_title, i.status, i.reasoning,
       i.improvement_suggestion, i.evidence
     FROM checklist_items i JOIN calls c ON c.id = i.video_id LEFT JOIN deals d ON d.id = c.deal_id AND d.body IS NOT NULL
     WHERE i.video_id = ? AND trim(i.item_text) = ? ORDER BY i.position LIMIT 1`,
  );
  const lines = db.prepare<[string], { segment_id: string; text: string }>(
    'SELECT segment_id, text FROM segments WHERE video_id = ? ORDER BY position',
  );
  return missed.map((call) => {
    const row = detail.get(call.id, item)!;
    let said: { segment_id: string; text: string }[] | undefined;
    const saidLines = () => {
      said ??= lines.all(call.id);
      return said;
    };
    const findQuote = quoteFinder(saidLines);
    const evidence = parseEvidence(row.evidence).map((quote) => {
      const byId = quote.id === null ? undefined : saidLines().find((line) => line.segment_id === quote.id);
      const segmentId = byId?.segment_id ?? saidLines()[findQuote(quote.text)]?.segment_id ?? null;
      return { text: quote.text, relevance: quote.relevance, segmentId };
    });
    const owner = owners.get(call.id)!;
    return {
      callId: call.id,
      title: row.title,
      createdAt: row.created_at,
      dealTitle: row.deal_title,
      rule: owner.rule!,
      status: row.status,
      reasoning: row.reasoning,
      improvement: row.improvement_suggestion,
      evidence,
    };
  });
}

/** The quotes an item's evidence holds, read tolerantly: one without text is no quote. */
export function parseEvidence(json: string): { id: string | null; text: string; relevance: string | null }[] {
  const quotes = JSON.parse(json) as unknown;
  if (!Array.isArray(quotes)) return [];
  return quotes.flatMap((quote: Record<string, unknown> | null) =>
    typeof quote?.text === 'string' && quote.text.trim()
      ? [
          {
            id: typeof quote.id === 'string' ? quote.id : null,
            text: quote.text,
            relevance: typeof quote.relevance === 'string' ? quote.relevance : null,
          },
        ]
      : [],
  );
}
