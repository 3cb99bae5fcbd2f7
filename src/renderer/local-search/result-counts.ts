import type { LocalSearchResult } from '../../shared/bridge';

/** Calls with a hit, whether or not all are listed (each deal group counts its calls, the service's too). */
export function callsWithHits(data: LocalSearchResult): number {
  return data.deals.reduce((sum, deal) => sum + deal.calls, 0);
}

export function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString()} ${count === 1 ? one : many}`;
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
  const calls = callsWithHits(data);
  if (!data.complete) {
    return `At least ${plural(data.totalHits, 'line', 'lines')} in ${plural(calls, 'call', 'calls')} or more`;
  }
  const shown = data.calls.length < calls ? `; the first ${data.calls.length} calls shown` : '';
  return `${plural(data.totalHits, 'line', 'lines')} in ${plural(calls, 'call', 'calls')}${shown}`;
}
