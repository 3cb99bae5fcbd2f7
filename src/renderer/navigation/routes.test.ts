import { describe, expect, it } from 'vitest';
import { defaultSearchAddress, paths, pathTo, routeAt } from './routes';

const route = routeAt;

describe('routes', () => {
  it('opens the pipeline at the root and at /deals', () => {
    expect(route('/')).toEqual({ name: 'pipeline' });
    expect(route('/deals')).toEqual({ name: 'pipeline' });
  });

  it('opens What changed at /changes, its view in the query', () => {
    expect(route(paths.changes())).toEqual({ name: 'changes' });
    expect(route('/changes?since=monday&group=kind')).toEqual({ name: 'changes' });
    expect(route('/changes/x')).toEqual({ name: 'not-found', path: '/changes/x' });
  });

  it('reads a deal id and a call id with its segment and highlight', () => {
    expect(route('/deals/deal_1')).toEqual({ name: 'deal', dealId: 'deal_1' });
    expect(route('/calls/vid_9?segment=seg_123&q=price')).toEqual({
      name: 'call',
      callId: 'vid_9',
      segmentId: 'seg_123',
      highlight: 'price',
      seconds: null,
    });
  });

  it('builds paths that match back to the same route', () => {
    expect(route(paths.call('vid 1', { segmentId: 'seg_2', highlight: 'a&b' }))).toEqual({
      name: 'call',
      callId: 'vid 1',
      segmentId: 'seg_2',
      highlight: 'a&b',
      seconds: null,
    });
  });

  it('keeps the search screen text, mode, order and filters in its address, defaults left out', () => {
    const address = {
      q: 'price & terms',
      mode: 'phrase',
      order: 'best',
      role: 'BUYER',
      from: '2026-01-01',
      to: '2026-02-01',
      deal: 'deal 1',
      dealStatus: 'OPEN',
    } as const;
    expect(route(paths.search(address))).toEqual({ name: 'search', search: address });
    expect(paths.search({ q: 'pri', mode: 'words', order: 'newest' })).toBe('/search?q=pri');
    expect(route('/search?mode=regex&order=oldest')).toEqual({ name: 'search', search: defaultSearchAddress });
  });

  it('opens a rep’s page by member id, and the checklist matrix with its open cell', () => {
    expect(route(paths.rep('mem 1/a'))).toEqual({ name: 'rep', memberId: 'mem 1/a' });
    expect(route(paths.checklistMatrix())).toEqual({
      name: 'checklist-matrix',
      view: { last: 10, rep: null, item: null },
    });
    const cell = { last: 20, rep: 'mem_1', item: 'Qualify the budget & timing?' };
    expect(route(paths.checklistMatrix(cell))).toEqual({ name: 'checklist-matrix', view: cell });
    // A count it does not offer is its default; a rep without an item is no cell.
    expect(route('/coaching/checklist?last=7&rep=mem_1')).toEqual({
      name: 'checklist-matrix',
      view: { last: 10, rep: null, item: null },
    });
  });

  it('opens the review queue with its window before the first pass, the default left out of the address', () => {
    expect(paths.reviewQueue()).toBe('/coaching/review');
    expect(route(paths.reviewQueue())).toEqual({ name: 'review-queue', windowDays: 14 });
    expect(route(paths.reviewQueue(90))).toEqual({ name: 'review-queue', windowDays: 90 });
    expect(route(paths.reviewQueue(null))).toEqual({ name: 'review-queue', windowDays: null });
    // A window it does not offer is its default.
    expect(route('/coaching/review?window=7')).toEqual({ name: 'review-queue', windowDays: 14 });
  });

  it('reads a moment in seconds, and ignores a t that is not a time', () => {
    expect(route(pathTo({ screen: 'call', id: 'vid_1', at: { seconds: 65.5 } }))).toMatchObject({
      name: 'call',
      callId: 'vid_1',
      seconds: 65.5,
      segmentId: null,
    });
    expect(route('/calls/vid_1?t=-3')).toMatchObject({ seconds: null });
    expect(route('/calls/vid_1?t=1e9')).toMatchObject({ seconds: null });
  });

  it('opens every screen main can name, each at its own address', () => {
    const targets = [
      { screen: 'pipeline' },
      { screen: 'deal', id: 'deal 7' },
      { screen: 'calls' },
      { screen: 'call', id: 'vid_1', at: { segmentId: 'seg_3' } },
      { screen: 'team' },
      { screen: 'webhooks' },
      { screen: 'settings' },
    ] as const;
    expect(targets.map((target) => route(pathTo(target)).name)).toEqual([
      'pipeline',
      'deal',
      'calls',
      'call',
      'team',
      'webhooks',
      'settings',
    ]);
    expect(route(pathTo({ screen: 'deal', id: 'deal 7' }))).toEqual({ name: 'deal', dealId: 'deal 7' });
  });

  it('treats unknown or too deep paths as not found', () => {
    expect(route('/nowhere').name).toBe('not-found');
    expect(route('/deals/d1/extra').name).toBe('not-found');
    expect(route('/webhooks/x').name).toBe('not-found');
    expect(route('/coaching/elsewhere').name).toBe('not-found');
  });

  it('treats an address it cannot read as not found, never as an error', () => {
    expect(route('/calls/%E0%A4%A')).toEqual({ name: 'not-found', path: '/calls/%E0%A4%A' });
    expect(route('/deals/%').name).toBe('not-found');
    expect(route('/%ZZ').name).toBe('not-found');
    expect(route('//').name).toBe('pipeline');
    expect(route('//calls.example/x').name).toBe('not-found');
    expect(route('calls').name).toBe('calls');
  });
});
