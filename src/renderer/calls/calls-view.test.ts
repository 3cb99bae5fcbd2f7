import { describe, expect, it } from 'vitest';
import type { Video } from '../../shared/api';
import { callFiltersOf, compareCalls, readCallsView, writeCallsView } from './calls-view';

const call = (id: string, fields: Partial<Video>): Video => ({ id, ...fields });

describe('calls view in the address', () => {
  it('writes filters and order and reads them back; the default view is an empty query', () => {
    const view = {
      status: 'READY',
      from: '2026-03-01',
      to: '2026-03-31',
      sort: { key: 'duration', direction: 'asc' },
    } as const;
    const query = writeCallsView(view);
    expect(query).toBe('status=READY&from=2026-03-01&to=2026-03-31&sort=duration-asc');
    expect(readCallsView(new URLSearchParams(query))).toEqual(view);
    expect(writeCallsView({ status: null, from: '', to: '', sort: null })).toBe('');
  });

  it('reads an unknown status or order as none', () => {
    expect(readCallsView(new URLSearchParams('status=UPLOADED&sort=length-asc'))).toMatchObject({
      status: null,
      sort: null,
    });
  });

  it('asks the service with strict bounds for a valid range, and leaves out one that does not check out', () => {
    const filters = callFiltersOf({ status: 'READY', from: '2026-03-01', to: '2026-03-31', sort: null });
    expect(filters.status).toBe('READY');
    expect(Date.parse(filters.created_after!)).toBeLessThan(Date.parse(filters.created_before!));
    expect(callFiltersOf({ status: null, from: '2026-03-10', to: '2026-03-01', sort: null })).toEqual({});
    expect(callFiltersOf({ status: null, from: 'soon', to: '', sort: null })).toEqual({});
  });
});

describe('calls sort', () => {
  const calls = [
    call('a', { title: 'beta', duration_seconds: 300, created_at: '2026-03-02T00:00:00Z', deal_id: 'd2' }),
    call('b', { title: null, duration_seconds: null, created_at: null, deal_id: null }),
    call('c', { title: 'Alpha', duration_seconds: 60, created_at: '2026-03-03T00:00:00Z', deal_id: 'd1' }),
    call('d', { title: 'call 10', duration_seconds: 300, created_at: '2026-03-01T00:00:00Z', deal_id: 'gone' }),
    call('e', { title: 'call 9', duration_seconds: 5, created_at: '2026-03-04T00:00:00Z', deal_id: 'd1' }),
  ];
  const deals: Record<string, string> = { d1: 'Acme', d2: 'Zenith' };
  const order = (key: Parameters<typeof compareCalls>[0], direction: 'asc' | 'desc') =>
    [...calls].sort(compareCalls(key, direction, (id) => deals[id])).map((c) => c.id);

  it('orders titles as people read them (case-blind, numbers by value), missing ones last both ways', () => {
    expect(order('title', 'asc')).toEqual(['c', 'a', 'e', 'd', 'b']);
    expect(order('title', 'desc')).toEqual(['d', 'e', 'a', 'c', 'b']);
  });

  it('orders durations and dates by value, ties in the service order', () => {
    expect(order('duration', 'desc')).toEqual(['a', 'd', 'c', 'e', 'b']);
    expect(order('duration', 'asc')).toEqual(['e', 'c', 'a', 'd', 'b']);
    expect(order('date', 'asc')).toEqual(['d', 'a', 'c', 'e', 'b']);
  });

  it('orders by the deal’s title; calls without a deal, or whose deal is not known, go last', () => {
    expect(order('deal', 'asc')).toEqual(['c', 'e', 'a', 'b', 'd']);
    expect(order('deal', 'desc')).toEqual(['a', 'c', 'e', 'b', 'd']);
  });
});
