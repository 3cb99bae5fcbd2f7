import type { LocalSearchResult } from '../../../../shared/bridge';
import { ApiError } from '../../service-client/api-client/api-error';
import { indexCoverage, type ScopedCoverage, scopedCoverage } from './index-coverage';
import { type LocalSearchQuery, localSearch } from './local-search';
import type { ReplicaDatabase } from './replica-db';
import { type CheckedServiceHits, checkServiceHits, type ServiceHit } from './service-hits';

export interface MergedSearchOptions {
  /** The workspace's replica; null while its local copy is off or cannot be read (every call is then the service's). */
  db: ReplicaDatabase | null;
  /** With no replica: whether one is kept that could not be read, so the note does not say none is kept. */
  copyUnreadable?: boolean;
  /**
   * `dealLimit`: the deal groups to send (the most lines first); all of them when absent.
   * `askService` false: the copy alone, what the service would be asked left for a later search.
   */
  query: MergedSearchQuery;
  /** Calls the workspace is known to have (the sync's count); 0 when unknown. */
  knownCalls: number;
  /** The service's transcript search (interface: substring, newest call first, at most 100). */
  searchService(q: string, dealId: string | undefined, videoId: string | undefined): Promise<ServiceAnswer>;
}

/** The service's search answer: its lines, and in `meta` how many matched and whether it sent fewer. */
export interface ServiceAnswer {
  data: ServiceHit[];
  meta?: { total_matches?: unknown; truncated?: unknown };
}

export type MergedSearchQuery = LocalSearchQuery & { dealLimit?: number; askService?: boolean };

const SERVICE_LIMIT = 100;

/**
 * Local results first; calls the replica does not hold are searched at the service and merged,
 * held to the same mode and filters (`checkServiceHits`), with a note saying how much the local
 * index covers, and what the service could not be asked or its hits checked against. A later page
 * (`offset` > 0) lists more local calls only: the first page brought the service's, the counts
 * and the note.
 */
export async function mergedSearch(options: MergedSearchOptions): Promise<LocalSearchResult> {
  const { query } = options;
  const offset = query.offset ?? 0;
  const local = options.db
    ? localSearch(options.db, query)
    : { calls: [], callCount: 0, deals: [], totalHits: 0, complete: true };
  const calls: LocalSearchResult['calls'] = local.calls.map((call) => ({ ...call, source: 'replica' }));
  const { indexed, scoped, knownCalls, searchedHere, asksService } = searchCoverage(options);
  let note: string | null = null;
  let serviceTruncated = false;
  const serviceLeft = offset === 0 && asksService && query.askService === false;
  // Left for later, the note says only what the copy covers: the search that asks the service says the rest.
  if (serviceLeft) note = `${searchedHere}.`;
  else if (offset === 0 && asksService) {
    try {
      const answer = await options.searchService(query.q, query.dealId, query.videoId);
      serviceTruncated = sentFewer(answer);
      const found = checkServiceHits(options.db, query, answer.data, indexed);
      for (const [videoId, { hits, known }] of found.calls) {
        calls.push({
          videoId,
          title: known?.title ?? hits[0]?.video_title ?? null,
          createdAt: known?.created_at ?? null,
          dealId: known?.deal_id ?? hits[0]?.deal_id ?? null,
          dealTitle: known?.deal_title ?? null,
          count: hits.length,
          source: 'service',
          hits: hits.slice(0, 3).map((hit) => ({
            segmentId: hit.id ?? '',
            text: hit.text ?? '',
            start: hit.start ?? null,
            speaker: hit.speaker ?? null,
            speakerRole: hit.speaker_role ?? null,
            before: null,
            after: null,
          })),
        });
      }
      note = scoped
        ? scopedServiceNote(searchedHere, scoped, found)
        : serviceNote(searchedHere, found, options.db !== null);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const others = scoped ? outsideCalls(scoped) : `the ${options.db ? 'others' : 'calls'}`;
      note = `${searchedHere}; ${others} could not be searched (${error.message})`;
    }
  }
  const serviceCalls = calls.filter((call) => call.source === 'service');
  const deals = withServiceCalls(local.deals, calls);
  const moreLocal = local.calls.length === query.limit && (offset + query.limit < local.callCount || !local.complete);
  return {
    calls,
    callCount: local.callCount + serviceCalls.length,
    nextOffset: moreLocal ? offset + query.limit : null,
    deals: query.dealLimit === undefined ? deals : deals.slice(0, query.dealLimit),
    dealCount: deals.length,
    complete: local.complete,
    totalHits: local.totalHits + serviceCalls.reduce((n, c) => n + c.count, 0),
    coverage: { indexedCalls: scoped ? scoped.indexed : indexed.size, knownCalls, note, serviceLeft, serviceTruncated },
  };
}

/**
 * What the copy's index covers, in words ("40 of 50 calls are searched here"), and whether the
 * service must be asked for the calls it does not: always without a copy or with one that keeps
 * part of the workspace, or before any walk of the calls list ended (the calls held are then only
 * those some screen read, not the workspace), else while the copy holds fewer transcripts than the
 * workspace has calls. `knownCalls` is 0 while the workspace's size is not known.
 */
export function searchCoverage(options: Pick<MergedSearchOptions, 'db' | 'copyUnreadable' | 'knownCalls'>) {
  const {
    indexedCalls: indexed,
    seenCalls,
    listed,
  } = options.db ? indexCoverage(options.db) : { indexedCalls: new Set<string>(), seenCalls: 0, listed: false };
  // A copy that keeps part of the workspace covers the calls within its scope; the others are the service's.
  const scoped = options.db ? scopedCoverage(options.db) : null;
  const knownCalls = scoped ? scoped.known : listed ? Math.max(options.knownCalls, seenCalls, indexed.size) : 0;
  // With the local copy off nothing is searched here: the note must not read as a sync still to come.
  const searchedHere = scoped
    ? `${scoped.inside}: ${scoped.indexed} of ${scoped.known} searched here`
    : options.db
      ? `${indexed.size} of ${knownCalls || 'the'} calls ${indexed.size === 1 && !knownCalls ? 'is' : 'are'} searched here`
      : options.copyUnreadable
        ? 'The local copy could not be read, so the service searches every call'
        : 'No local copy is kept for this workspace, so the service searches every call';
  const asksService = !options.db || scoped !== null || indexed.size < knownCalls || knownCalls === 0;
  return { indexed, scoped, knownCalls, searchedHere, asksService };
}

/**
 * Whether the service found more lines than it sent (its limit): the lines it did not send may be in
 * calls the copy does not hold, so the counts are "at least". A service that does not say is taken
 * at its limit.
 */
function sentFewer(answer: ServiceAnswer): boolean {
  const { total_matches: total, truncated } = answer.meta ?? {};
  if (truncated === true || (typeof total === 'number' && total > answer.data.length)) return true;
  return typeof total !== 'number' && typeof truncated !== 'boolean' && answer.data.length >= SERVICE_LIMIT;
}

/** The calls a scoped copy leaves to the service: those outside it, and those within it not stored yet. */
export const outsideCalls = (scoped: ScopedCoverage) =>
  scoped.indexed < scoped.known ? `the rest and ${scoped.outside}` : scoped.outside;

function leftOutWords(found: CheckedServiceHits, more: string): string {
  const one = found.unchecked === 1;
  return found.unchecked === 0
    ? ''
    : `${found.unchecked}${more} ${one ? 'call it found is' : 'calls it found are'} left out, as ${one ? 'its' : 'their'} date or deal status is not known here`;
}

/** "Calls of the last 3 months: 9 of 9 searched here; older calls asked of the service, which found 2 (…)". */
function scopedServiceNote(searchedHere: string, scoped: ScopedCoverage, found: CheckedServiceHits): string {
  const { size: added } = found.calls;
  const leftOut = leftOutWords(found, '');
  const what =
    added > 0
      ? `found ${added} (substring match, up to ${SERVICE_LIMIT} lines)`
      : leftOut
        ? 'found none that can be shown here'
        : 'found none';
  return `${searchedHere}; ${outsideCalls(scoped)} asked of the service, which ${what}${leftOut ? `; ${leftOut}` : ''}.`;
}

/** What the service added, in words, and the calls it found that the filters could not be checked on. */
function serviceNote(searchedHere: string, found: CheckedServiceHits, hasLocalCopy: boolean): string {
  const more = hasLocalCopy ? ' more' : '';
  const { size: added } = found.calls;
  const leftOut = leftOutWords(found, more);
  if (added > 0) {
    const foundHere = `${added}${more} found by the service (substring match, up to ${SERVICE_LIMIT} lines)`;
    return `${searchedHere}; ${foundHere}${leftOut ? `; ${leftOut}` : ''}.`;
  }
  return leftOut ? `${searchedHere}; ${leftOut}.` : `${searchedHere}; the service found nothing${more}.`;
}

/** The deal groups with the calls the service found added to their deals (a title only the local index knows). */
function withServiceCalls(
  deals: LocalSearchResult['deals'],
  calls: LocalSearchResult['calls'],
): LocalSearchResult['deals'] {
  const groups = new Map(deals.map((deal) => [deal.dealId, { ...deal }]));
  for (const call of calls) {
    if (call.source !== 'service') continue;
    const group = groups.get(call.dealId) ?? { dealId: call.dealId, title: null, calls: 0, count: 0 };
    group.calls += 1;
    group.count += call.count;
    groups.set(call.dealId, group);
  }
  return [...groups.values()].sort((a, b) => b.count - a.count);
}
