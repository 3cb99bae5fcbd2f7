import type { ChangesSince } from '../../../../../shared/bookmarks';
import type {
  DealReviewPack,
  PackActivity,
  PackCall,
  PackChecklistItem,
  PackCloseDateMove,
  PackFactor,
  PackScoring,
} from '../../../../../shared/deal-review-pack';
import { quoteFinder } from '../../../../../shared/quote-finder';
import { ApiError } from '../../../service-client/api-client/api-error';
import type { ReplicaDatabase } from '../replica-db';
import { epochMs } from '../timestamp';
import { journalSince } from './deal-journal';
import { whatChangedIn } from './what-changed';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const text = (value: unknown) => (typeof value === 'string' ? value : null);
const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

function factorsOf(value: unknown): PackFactor[] {
  return list(value).map((factor) => {
    const fields = (factor ?? {}) as Record<string, unknown>;
    return { factorId: text(fields.factor_id), score: number(fields.score), reason: text(fields.reason) };
  });
}

function parsedObject(json: string | null): Record<string, unknown> {
  if (json === null) return {};
  const value: unknown = JSON.parse(json);
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

interface DealRow {
  id: string;
  title: string | null;
  status: string | null;
  forecast_amount: number | null;
  close_date: string | null;
  owner_id: string | null;
  probability: number | null;
  score_factors: string | null;
  gone: number;
}

/**
 * Deals' review packs from the copy alone, in one read, so they answer offline: each deal as
 * held, its close date's moves (the journal), its scorings oldest first with their factors'
 * reasons, activity, calls, each checklist item's latest status across its calls with the line
 * its evidence was said on, and its changes since the bookmark (the What changed reading, made
 * once for them all). In the order asked; not_found names the first deal the copy does not hold.
 */
export function dealReviewPacksIn(
  db: ReplicaDatabase,
  dealIds: readonly string[],
  since: ChangesSince,
  now: number,
): DealReviewPack[] {
  const dealRow = db.prepare<[string], DealRow>(
    `SELECT id, title, status, forecast_amount, close_date, owner_id, probability, score_factors,
            removed_at IS NOT NULL AS gone
     FROM deals WHERE id = ?`,
  );
  const rows = dealIds.map((dealId) => {
    const row = dealRow.get(dealId);
    if (!row) {
      throw new ApiError({ code: 'not_found', message: `The local copy holds no deal with the id ${dealId}.` });
    }
    return row;
  });
  const changed = whatChangedIn(db, since, now);
  return rows.map((row) => ({
    deal: {
      id: row.id,
      title: row.title,
      status: row.status,
      forecastAmount: row.forecast_amount,
      closeDate: row.close_date,
      ownerId: row.owner_id,
      probability: row.probability,
      factors: factorsOf(row.score_factors === null ? [] : JSON.parse(row.score_factors)),
      gone: row.gone === 1,
    },
    closeDateMoves: closeDateMoves(db, row.id),
    scorings: scorings(db, row.id),
    activities: activities(db, row.id),
    calls: calls(db, row.id),
    checklist: checklist(db, row.id),
    changes: changed.changes.filter((change) => change.dealId === row.id),
    since: changed.since,
    historyKnownSince: changed.historyKnownSince,
    builtAt: changed.until,
    names: changed.names,
  }));
}

export const dealReviewPackIn = (db: ReplicaDatabase, dealId: string, since: ChangesSince, now: number) =>
  dealReviewPacksIn(db, [dealId], since, now)[0]!;

function closeDateMoves(db: ReplicaDatabase, dealId: string): PackCloseDateMove[] {
  return journalSince(db, 0, dealId)
    .filter((entry) => entry.field === 'close_date')
    .map((entry) => {
      const [before, after] = [text(entry.before), text(entry.after)];
      const [from, to] = [epochMs(before), epochMs(after)];
      return { at: iso(entry.seenAt)!, before, after, pushed: from !== null && to !== null && to > from };
    });
}

/** Those that ended with a probability: a failed or running scoring says nothing of the trend. */
function scorings(db: ReplicaDatabase, dealId: string): PackScoring[] {
  const rows = db
    .prepare<[string], { id: string; created_at: string | null; finished_at: string | null; body: string }>(
      `SELECT id, created_at, finished_at, body FROM scorings
       WHERE deal_id = ? AND probability IS NOT NULL ORDER BY created_ms, id`,
    )
    .all(dealId);
  return rows.flatMap((scoring) => {
    const result = parsedObject(scoring.body).result as Record<string, unknown> | undefined;
    const probability = number(result?.probability);
    if (probability === null) return [];
    return [
      {
        id: scoring.id,
        at: scoring.finished_at ?? scoring.created_at,
        probability,
        factors: factorsOf(result?.factors),
      },
    ];
  });
}

function activities(db: ReplicaDatabase, dealId: string): PackActivity[] {
  return db
    .prepare<
      [string],
      {
        id: string;
        created_ms: number | null;
        action: string | null;
        video_id: string | null;
        held: number;
        title: string | null;
        member_id: string | null;
      }
    >(
      `SELECT a.id, a.created_ms, a.action, a.video_id, c.id IS NOT NULL AS held, c.title, a.member_id
       FROM activities a LEFT JOIN calls c ON c.id = a.video_id
       WHERE a.deal_id = ? ORDER BY a.created_ms DESC, a.id DESC`,
    )
    .all(dealId)
    .map((activity) => ({
      id: activity.id,
      at: iso(activity.created_ms),
      action: activity.action,
      callId: activity.held === 1 ? activity.video_id : null,
      callTitle: activity.title,
      memberId: activity.member_id,
    }));
}

const dealCalls = (db: ReplicaDatabase, dealId: string) =>
  db
    .prepare<[string], { id: string; title: string | null; created_ms: number | null }>(
      `SELECT id, title, created_ms FROM calls
       WHERE deal_id = ? AND removed_at IS NULL AND coalesce(status, '') <> 'DELETED'
       ORDER BY created_ms DESC, id DESC`,
    )
    .all(dealId);

function calls(db: ReplicaDatabase, dealId: string): PackCall[] {
  return dealCalls(db, dealId).map((call) => ({ id: call.id, title: call.title, at: iso(call.created_ms) }));
}

/**
 * Items are the same item by their id, or by their text when a service leaves ids out (as What
 * changed reads them); the newest call that assessed one gives its status and evidence.
 */
function checklist(db: ReplicaDatabase, dealId: string): PackChecklistItem[] {
  const items = db.prepare<
    [string],
    { id: string | null; item_text: string | null; status: string | null; reasoning: string | null; evidence: string }
  >('SELECT id, item_text, status, reasoning, evidence FROM checklist_items WHERE video_id = ? ORDER BY position');
  const lines = db.prepare<[string], { text: string; start: number | null }>(
    'SELECT text, start FROM segments WHERE video_id = ? ORDER BY position',
  );
  const latest = new Map<string, PackChecklistItem>();
  for (const call of dealCalls(db, dealId)) {
    const said = lines.all(call.id);
    const find = quoteFinder(() => said);
    for (const item of items.all(call.id)) {
      const key = item.id ? `id ${item.id}` : `text ${item.item_text ?? ''}`;
      if (latest.has(key)) continue;
      const quote = list(JSON.parse(item.evidence))
        .map((evidence) => text((evidence as Record<string, unknown> | null)?.text))
        .find((quoted): quoted is string => Boolean(quoted?.trim()));
      const line = quote === undefined ? -1 : find(quote);
      latest.set(key, {
        item: item.item_text,
        status: item.status,
        reasoning: item.reasoning,
        callId: call.id,
        callTitle: call.title,
        callAt: iso(call.created_ms),
        quote: quote === undefined ? null : { text: quote, seconds: line < 0 ? null : (said[line]!.start ?? null) },
      });
    }
  }
  return [...latest.values()];
}
