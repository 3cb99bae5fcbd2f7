import { type Deal, jobOutcome } from '../../../../../shared/api';
import type { QueueCall, QueueReason, RepCoverage, ReviewQueue } from '../../../../../shared/bridge';
import type { ReviewQueueParams } from '../../../../../shared/review-queue';
import { boardFacts } from '../model/board-cards';
import type { ReplicaDatabase } from '../replica-db';
import { epochMs } from '../timestamp';
import { scaledFigures } from './call-figures';
import { COUNTED_CALL, callOwners } from './call-owners';
import { itemOutcome } from './checklist-matrix';
import { lastReviewPass, reviewDecisions } from './review-decisions';
import { trackerHitsSince } from './tracker-report';
import { workspaceTrackers } from './trackers';

const DAY_MS = 86_400_000;
/** A seller talking a minute on end is a reason to look; shorter runs are ordinary turns. */
const MONOLOGUE_REASON_SECONDS = 60;

interface HeldCall {
  id: string;
  title: string | null;
  created_at: string | null;
  status: string | null;
  processed_at: unknown;
  deal_id: string | null;
  deal_title: string | null;
  deal_amount: number | null;
  deal_body: string | null;
  deal_status: string | null;
  duration_seconds: number | null;
  latest: number | null;
  longest_monologue: number | null;
}

/**
 * When each call's newest successful analysis ended, as the copy holds the calls' analyses: by the
 * one job rule (`jobOutcome`: a result, and no longer processing), at its `finished_at`, else its
 * `updated_at` (a service may give no finish time).
 */
function analysedAt(db: ReplicaDatabase): Map<string, number> {
  const analyses = db
    .prepare<[], string>(
      `SELECT a.value FROM answers x, json_each(x.body, '$.data') a
       WHERE x.op = 'listAnalyses' AND json_type(x.body, '$.data') = 'array' AND a.type = 'object'`,
    )
    .pluck()
    .all()
    .map((json) => JSON.parse(json) as Record<string, unknown>);
  const newest = new Map<string, number>();
  for (const analysis of analyses) {
    const at = epochMs(analysis.finished_at) ?? epochMs(analysis.updated_at);
    if (typeof analysis.video_id !== 'string' || at === null) continue;
    if (jobOutcome(analysis as { status?: string }) !== 'succeeded') continue;
    newest.set(analysis.video_id, Math.max(newest.get(analysis.video_id) ?? at, at));
  }
  return newest;
}

/**
 * When a call came in for review (docs/coaching.md, "The review queue"): the later of becoming
 * READY (`processed_at`) and its newest analysis finishing; a READY call that gives neither, its
 * creation. A call neither READY nor analysed has not come in.
 */
function cameInAt(call: HeldCall, analysed: number | undefined): number | null {
  const ready = call.status?.trim().toUpperCase() === 'READY';
  const processed = epochMs(call.processed_at);
  const latest = Math.max(processed ?? Number.NEGATIVE_INFINITY, analysed ?? Number.NEGATIVE_INFINITY);
  if (Number.isFinite(latest)) return latest;
  return ready ? epochMs(call.created_at) : null;
}

/**
 * The reasons the copy gives for looking at a call: its checklist items not met, a long seller
 * monologue, and each tracker it mentions when made since `since` (null: ever).
 */
function reasonsOf(db: ReplicaDatabase, calls: readonly HeldCall[], since: number | null): Map<string, QueueReason[]> {
  const items = db
    .prepare<[string], { video_id: string; item_text: string; status: string | null }>(
      `SELECT video_id, trim(item_text) AS item_text, status FROM checklist_items
       WHERE video_id IN (SELECT value FROM json_each(?)) AND trim(coalesce(item_text, '')) <> ''
       ORDER BY video_id, position`,
    )
    .all(JSON.stringify(calls.map((call) => call.id)));
  const reasons = new Map<string, QueueReason[]>(calls.map((call) => [call.id, []]));
  for (const item of items) {
    if (itemOutcome(item.status) !== 'not-met') continue;
    const partly = item.status?.trim().toUpperCase() === 'PARTIALLY_MET';
    reasons.get(item.video_id)!.push({ kind: partly ? 'partly-met' : 'not-met', item: item.item_text });
  }
  for (const call of calls) {
    if (call.latest === null || call.longest_monologue === null) continue;
    const seconds = scaledFigures(
      {
        latest: call.latest,
        talkShare: null,
        longestMonologue: call.longest_monologue,
        questions: null,
        switchesPerMinute: null,
      },
      call.duration_seconds,
    ).longestMonologue;
    if (seconds !== null && seconds >= MONOLOGUE_REASON_SECONDS)
      reasons.get(call.id)!.push({ kind: 'monologue', seconds });
  }
  const trackers = workspaceTrackers(db).list();
  for (const hits of trackerHitsSince(db, trackers, since ?? Number.NEGATIVE_INFINITY))
    for (const { callId, mentions } of hits.calls)
      reasons.get(callId)?.push({ kind: 'tracker-hit', trackerId: hits.trackerId, tracker: hits.name, mentions });
  return reasons;
}

const emptyCoverage = (memberId: string | null): RepCoverage => ({
  memberId,
  calls: 0,
  reviewed: 0,
  oneOnOne: 0,
  dismissed: 0,
  snoozed: 0,
  waiting: 0,
});

/**
 * The review queue at `now` (docs/coaching.md, "The review queue"): every call that came in after
 * the manager's last pass (before the first, within the last `windowDays`; null: every call) and
 * was not decided, and every snoozed call whose snooze has ended, newest first with its reasons;
 * and each rep's coverage over the window.
 */
export function reviewQueue(
  db: ReplicaDatabase,
  { windowDays }: ReviewQueueParams,
  now: number,
): Omit<ReviewQueue, 'copy'> {
  const lastPass = lastReviewPass(db);
  const windowStart = windowDays === null ? null : now - windowDays * DAY_MS;
  const since = lastPass ?? windowStart;
  const decisions = reviewDecisions(db);
  const analysed = analysedAt(db);
  const held = db
    .prepare<[], HeldCall>(
      `SELECT c.id, c.title, c.created_at, c.status, json_extract(c.body, '$.processed_at') AS processed_at,
         c.deal_id, d.title AS deal_title, d.forecast_amount AS deal_amount, d.body AS deal_body,
         d.status AS deal_status, c.duration_seconds, f.latest, f.longest_monologue
       FROM calls c
       LEFT JOIN deals d ON d.id = c.deal_id AND d.body IS NOT NULL AND d.removed_at IS NULL
       LEFT JOIN call_figures f ON f.video_id = c.id
       WHERE ${COUNTED_CALL}`,
    )
    .all()
    .flatMap((call) => {
      const at = cameInAt(call, analysed.get(call.id));
      return at === null ? [] : [{ call, at }];
    })
    .sort((a, b) => b.at - a.at || (a.call.id < b.call.id ? 1 : -1));

  const queued = held.filter(({ call, at }) => {
    const decision = decisions.get(call.id);
    if (decision) return decision.kind === 'snoozed' && decision.snooze_until! <= now;
    return since === null || at > since;
  });
  const windowed = held.filter(({ at }) => windowStart === null || at >= windowStart);
  const owners = callOwners(db, [...new Set([...queued, ...windowed].map(({ call }) => call.id))]);
  const reasons = reasonsOf(
    db,
    queued.map(({ call }) => call),
    since,
  );

  const calls: QueueCall[] = queued.map(({ call, at }) => {
    const owner = owners.get(call.id);
    const decision = decisions.get(call.id);
    return {
      callId: call.id,
      title: call.title,
      createdAt: call.created_at,
      cameAt: new Date(at).toISOString(),
      memberId: owner?.memberId ?? null,
      rule: owner?.rule ?? null,
      dealId: call.deal_id,
      dealTitle: call.deal_title,
      dealAmount: call.deal_amount,
      snoozedUntil: decision?.snooze_until ? new Date(decision.snooze_until).toISOString() : null,
      reasons: reasons.get(call.id) ?? [],
    };
  });

  const inQueue = new Set(calls.map((call) => call.callId));
  const coverage = new Map<string | null, RepCoverage>();
  for (const { call } of windowed) {
    const memberId = owners.get(call.id)?.memberId ?? null;
    const rep = coverage.get(memberId) ?? emptyCoverage(memberId);
    coverage.set(memberId, rep);
    rep.calls += 1;
    const decision = decisions.get(call.id);
    if (inQueue.has(call.id)) rep.waiting += 1;
    else if (decision?.kind === 'reviewed') rep.reviewed += 1;
    else if (decision?.kind === 'one-on-one') rep.oneOnOne += 1;
    else if (decision?.kind === 'dismissed') rep.dismissed += 1;
    else if (decision?.kind === 'snoozed') rep.snoozed += 1;
  }

  const openDeals = new Map<string, Deal>();
  for (const { call } of queued) {
    if (call.deal_id && call.deal_body && (call.deal_status === 'OPEN' || call.deal_status === 'ON_HOLD'))
      openDeals.set(call.deal_id, JSON.parse(call.deal_body) as Deal);
  }
  return {
    lastPassAt: lastPass === null ? null : new Date(lastPass).toISOString(),
    since: since === null ? null : new Date(since).toISOString(),
    calls,
    deals: [...openDeals.values()],
    facts: boardFacts(db, [...openDeals.keys()]),
    coverage: [...coverage.values()],
  };
}
