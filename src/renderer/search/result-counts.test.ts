import { describe, expect, it } from 'vitest';
import type { LocalSearchResult } from '../../shared/bridge';
import { statusText } from './result-counts';

const call = (source: 'replica' | 'service') => ({
  videoId: `vid_${source}`,
  title: null,
  createdAt: null,
  dealId: null,
  dealTitle: null,
  count: 2,
  hits: [],
  source,
});

function result(patch: Partial<LocalSearchResult>): LocalSearchResult {
  return {
    calls: [call('replica'), call('service')],
    callCount: 2,
    nextOffset: null,
    deals: [{ dealId: null, title: null, calls: 2, count: 4 }],
    dealCount: 1,
    totalHits: 4,
    complete: true,
    coverage: { indexedCalls: 1, knownCalls: 2, note: null, serviceLeft: false, serviceTruncated: false },
    ...patch,
  };
}

describe('statusText', () => {
  it('counts lines and calls, the service’s calls included', () => {
    expect(statusText(true, true, false, result({}))).toBe('4 lines in 2 calls');
  });

  it('says "at least" when the search read only the newest calls', () => {
    expect(statusText(true, true, false, result({ complete: false, totalHits: 5001 }))).toBe(
      'At least 5,001 lines in 2 calls or more',
    );
  });

  it('says "at least" when the service found more lines than it sent', () => {
    const coverage = { ...result({}).coverage, serviceTruncated: true };
    expect(statusText(true, true, false, result({ coverage }))).toBe('At least 4 lines in 2 calls or more');
  });

  it('counts every call with a hit, not only those the first answer lists', () => {
    const more = result({ callCount: 61, nextOffset: 10, totalHits: 302 });
    expect(statusText(true, true, false, more)).toBe('302 lines in 61 calls');
  });

  it('says it is searching until the text’s own results come', () => {
    expect(statusText(true, false, false, result({}))).toBe('Searching…');
    expect(statusText(false, false, false, undefined)).toBe('Type to search what was said in every call.');
  });
});
