import type { LocalSearchResult } from '../../shared/bridge';
import { formatCount } from '../shared-ui/format';

// A cached formatter: `toLocaleString` builds one per call, which was most of a render of many deals.
export function plural(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/** The live count under the search box: what was found, or that it is still looking. */
export function statusText(
  asked: boolean,
  current: boolean,
  failed: boolean,
  data: LocalSearchResult | undefined,
): string {
  if (!asked) return 'Type to search what was said in every call.';
  if (failed) return 'Search failed.';
  if (!current || !data) return 'Searching…';
  const found = `${plural(data.totalHits, 'line', 'lines')} in ${plural(data.callCount, 'call', 'calls')}`;
  return data.complete && !data.coverage.serviceTruncated ? found : `At least ${found} or more`;
}

/** How much of the workspace a search covered: the engine's note, or that the copy holds every call. */
export function coverageText(coverage: LocalSearchResult['coverage']): string {
  return coverage.note ?? `The local index covers all ${formatCount(coverage.indexedCalls)} calls of this workspace.`;
}

/**
 * What the results on screen covered: the engine's note; while the service is still asked for the
 * calls the copy does not hold, that it is; and when that search failed, that those were not searched.
 */
export function coverageWords(first: LocalSearchResult, askingService: boolean, failure: Error | null): string {
  const copyPart = coverageText(first.coverage);
  if (!first.coverage.serviceLeft) return copyPart;
  const others = askingService
    ? 'asking the service about the others…'
    : `the others could not be searched${failure ? ` (${failure.message})` : ''}.`;
  return `${copyPart.replace(/\.$/, '')}; ${others}`;
}
