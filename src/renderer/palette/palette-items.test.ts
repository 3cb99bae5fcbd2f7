import { describe, expect, it } from 'vitest';
import type { SavedSearch } from '../../shared/bridge';
import type { ScreenAction } from '../shared-ui/screen-actions';
import { actionItems, emptyPaletteItems, type PaletteItem, rankItems, recordItems } from './palette-items';

const action = (id: string, title: string, key?: string): ScreenAction => ({ id, title, key, run: () => {} });
const saved: SavedSearch = {
  id: 's1',
  name: 'Pricing pushback',
  q: 'too expensive',
  videoId: null,
  dealId: null,
  lastOpenedAt: '2026-11-01T00:00:00Z',
  newMatches: 3,
  newCapped: false,
  newestCallId: null,
  checkedAt: null,
};
const opened: string[] = [];
const records = recordItems(
  {
    deals: [
      { id: 'd1', title: 'Acme expansion', status: 'OPEN' },
      { id: 'd2', title: 'Globex renewal', status: 'ON_HOLD' },
    ],
    calls: [{ id: 'c1', title: 'Acme discovery call', createdAt: '2026-11-20T10:00:00Z' }],
    reps: [{ id: 'm1', name: 'Rita Export' }],
    trackers: [{ id: 'tr_1', name: 'Competitor mentions' }],
    savedSearches: [saved],
    capped: false,
    from: 'copy',
  },
  {
    go: (path) => opened.push(path),
    paths: {
      deal: (id) => `/deals/${id}`,
      call: (id) => `/calls/${id}`,
      rep: (id) => `/team/${id}`,
      trackers: ({ tracker }) => `/coaching/trackers?tracker=${tracker}`,
    },
    runSavedSearch: (search) => opened.push(`saved ${search.id}`),
  },
);
const onDeal = actionItems({
  screen: [
    action('deal.rescore', 'Re-score this deal'),
    action('deal.export-md', 'Export review pack (Markdown)', 'E'),
  ],
  everywhere: [action('go.pipeline', 'Go to Pipeline', 'G P'), action('go.calls', 'Go to Calls', 'G C')],
});
const titles = (items: PaletteItem[]) => items.map((item) => item.title);

describe('the palette’s rows', () => {
  it('lists the screen’s actions before the app’s, each with its key', () => {
    expect(onDeal.map((item) => [item.kind, item.title, item.key])).toEqual([
      ['screen-action', 'Re-score this deal', undefined],
      ['screen-action', 'Export review pack (Markdown)', 'E'],
      ['action', 'Go to Pipeline', 'G P'],
      ['action', 'Go to Calls', 'G C'],
    ]);
  });

  it('puts a matching action of the screen above records that match about as well', () => {
    expect(titles(rankItems('export', [...records, ...onDeal]))).toEqual([
      'Export review pack (Markdown)',
      'Rita Export',
    ]);
    expect(titles(rankItems('score', [...records, ...onDeal]))).toEqual(['Re-score this deal']);
  });

  it('does not put the screen’s action whose letters are scattered above a title that starts with the text', () => {
    expect(titles(rankItems('ac', [...onDeal, ...records])).slice(0, 2)).toEqual([
      'Acme expansion',
      'Acme discovery call',
    ]);
  });

  it('ranks the rest by how well they match, and finds deals, calls, reps, trackers and saved searches', () => {
    expect(titles(rankItems('acme', [...onDeal, ...records]))).toEqual(['Acme expansion', 'Acme discovery call']);
    expect(titles(rankItems('pricing', records))).toEqual(['Pricing pushback']);
    expect(titles(rankItems('competitor', [...onDeal, ...records]))).toEqual(['Competitor mentions']);
    expect(titles(rankItems('gc', [...onDeal, ...records]))).toEqual(['Go to Calls', 'Pricing pushback']);
  });

  it('shows each record with what tells it apart', () => {
    expect(records.map((item) => [item.kind, item.title, item.detail])).toEqual([
      ['saved-search', 'Pricing pushback', '“too expensive” · 3 new'],
      ['deal', 'Acme expansion', 'Open'],
      ['deal', 'Globex renewal', 'On hold'],
      ['rep', 'Rita Export', undefined],
      ['tracker', 'Competitor mentions', undefined],
      ['call', 'Acme discovery call', expect.stringContaining('2026')],
    ]);
  });

  it('opens a record where it lives, and a saved search in the transcript search', () => {
    opened.length = 0;
    for (const item of records) item.run();
    expect(opened).toEqual([
      'saved s1',
      '/deals/d1',
      '/deals/d2',
      '/team/m1',
      '/coaching/trackers?tracker=tr_1',
      '/calls/c1',
    ]);
  });

  it('keeps at most the rows asked for', () => {
    expect(rankItems('', [...onDeal, ...records], 3)).toHaveLength(3);
  });

  it('opens empty on the recent rows still on offer, then the screen’s other actions', () => {
    const empty = emptyPaletteItems(['deal:d2', 'action:call.analyze', 'action:deal.rescore'], [...onDeal, ...records]);
    expect(titles(empty.recent)).toEqual(['Globex renewal', 'Re-score this deal']);
    expect(titles(empty.screen)).toEqual(['Export review pack (Markdown)']);
  });
});
