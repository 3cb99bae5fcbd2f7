import { isoWeek } from '../../../../../shared/iso-week';
import {
  LINES_PER_CALL,
  type Tracker,
  type TrackerCall,
  type TrackerReport,
  type TrackerSide,
} from '../../../../../shared/trackers';
import { ApiError } from '../../../service-client/api-client/api-error';
import type { CallFacts } from '../local-search';
import { outsideCalls, searchCoverage } from '../merged-search';
import type { ReplicaDatabase } from '../replica-db';
import { checkServiceHits, type ServiceHit } from '../service-hits';
import { callOwners } from './call-owners';
import { localTrackerTally, trackerCallOf, trackerDeals, trackerWeeks } from './tracker-report';

/** The interface's role for a side, as the service's search gives it on each line. */
const serviceRole: Record<TrackerSide, string | undefined> = { seller: 'SELLER', buyer: 'BUYER', any: undefined };
const SERVICE_LIMIT = 100;

export interface TrackerReportOptions {
  /** Calls the workspace is known to have (the sync's count); 0 when unknown. */
  knownCalls: number;
  /** The service's transcript search (substring, newest call first, at most 100 lines). */
  searchService(q: string, dealId: string | undefined): Promise<{ data: ServiceHit[] }>;
}

/**
 * A tracker over every transcript of the copy, and, as the transcript search does (merged-search.ts),
 * the service's search for the calls the copy does not hold yet: asked once a phrase, its lines
 * held to the phrase and the side as the copy's are (`checkServiceHits`), a line found by two
 * phrases counted once. The note says which calls were searched where.
 */
export async function trackerReportIn(
  db: ReplicaDatabase,
  tracker: Tracker,
  options: TrackerReportOptions,
): Promise<TrackerReport> {
  const { spans, tallies, owners } = localTrackerTally(db, tracker);
  const calls = [...tallies.values()].map((tally) => trackerCallOf(tally, owners.get(tally.span.video_id)));
  const coverage = searchCoverage({ db, knownCalls: options.knownCalls });
  let note = `${coverage.searchedHere}.`;
  if (coverage.asksService) {
    const others = coverage.scoped ? outsideCalls(coverage.scoped) : 'the others';
    try {
      const found = await serviceCalls(db, tracker, coverage.indexed, options);
      calls.push(...found.calls);
      const count = found.calls.length;
      const words = count === 1 ? '1 call with a mention' : `${count} calls with a mention`;
      const outside =
        found.notTheRep > 0
          ? `; ${found.notTheRep} more ${found.notTheRep === 1 ? 'is' : 'are'} not known here to be the rep’s, and left out`
          : '';
      note = `${coverage.searchedHere}; ${others} asked of the service phrase by phrase (substring match, up to ${SERVICE_LIMIT} lines a phrase), which found ${words}${outside}.`;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      note = `${coverage.searchedHere}; ${others} could not be searched (${error.message}).`;
    }
  }
  calls.sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? '') || a.callId.localeCompare(b.callId));
  return {
    tracker,
    calls,
    weeks: trackerWeeks(spans, tallies),
    deals: trackerDeals(db, calls),
    coverage: { indexedCalls: coverage.indexed.size, knownCalls: coverage.knownCalls, note },
  };
}

async function serviceCalls(
  db: ReplicaDatabase,
  tracker: Tracker,
  indexed: ReadonlySet<string>,
  options: TrackerReportOptions,
): Promise<{ calls: TrackerCall[]; notTheRep: number }> {
  const { scope } = tracker;
  const byCall = new Map<string, { hits: Map<string, ServiceHit>; known: CallFacts | null }>();
  for (const phrase of tracker.phrases) {
    const answer = await options.searchService(phrase, scope.kind === 'deal' ? scope.dealId : undefined);
    const query = {
      q: phrase,
      mode: 'phrase',
      order: 'newest',
      limit: 1,
      speakerRole: serviceRole[tracker.side],
    } as const;
    for (const [callId, { hits, known }] of checkServiceHits(db, query, answer.data, indexed).calls) {
      const entry = byCall.get(callId) ?? { hits: new Map(), known };
      for (const hit of hits) entry.hits.set(hit.id ?? `${hit.start}:${hit.text}`, hit);
      byCall.set(callId, entry);
    }
  }
  const owners = callOwners(db, [...byCall.keys()]);
  let notTheRep = 0;
  const calls: TrackerCall[] = [];
  for (const [callId, { hits, known }] of byCall) {
    const lines = [...hits.values()].sort((a, b) => (a.start ?? 0) - (b.start ?? 0));
    const dealId = known?.deal_id ?? lines[0]?.deal_id ?? null;
    if (scope.kind === 'deal' && dealId !== scope.dealId) continue;
    const owner = owners.get(callId);
    if (scope.kind === 'rep' && owner?.memberId !== scope.memberId) {
      notTheRep += 1;
      continue;
    }
    calls.push({
      callId,
      title: known?.title ?? lines[0]?.video_title ?? null,
      createdAt: known?.created_at ?? null,
      week: known?.created_ms == null ? null : isoWeek(known.created_ms).key,
      dealId,
      dealTitle: known?.deal_title ?? null,
      memberId: owner?.memberId ?? null,
      rule: owner?.rule ?? null,
      mentions: lines.length,
      source: 'service',
      lines: lines.slice(0, LINES_PER_CALL).map((hit) => ({
        callId,
        segmentId: hit.id ?? '',
        text: hit.text ?? '',
        start: hit.start ?? null,
        speaker: hit.speaker ?? null,
      })),
    });
  }
  return { calls, notTheRep };
}
