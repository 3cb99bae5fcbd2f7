import { describe, expect, it } from 'vitest';
import { monthStart } from '../../shared/rollup';
import { readRollupView, rollupQueryOf, sinceNeedsBookmarks, writeRollupView } from './rollup-view';

const today = new Date(2026, 10, 27, 9, 30);
const read = (query: string) => readRollupView(new URLSearchParams(query), today);

describe('the roll-up’s address', () => {
  it('is the current quarter, counting slips from its start, open and on-hold deals, when it names nothing', () => {
    const view = read('');
    expect(view).toEqual({ from: '2026-10', to: '2026-12', since: null, statuses: ['OPEN', 'ON_HOLD'] });
    expect(writeRollupView(view, today)).toBe('');
    expect(rollupQueryOf(view)).toEqual({
      from: '2026-10',
      to: '2026-12',
      since: new Date(2026, 9, 1).toISOString(),
      statuses: ['OPEN', 'ON_HOLD'],
    });
  });

  it('keeps another range, a bookmark and statuses, and reads back what it wrote', () => {
    const view = {
      from: '2026-12',
      to: '2027-05',
      since: '2026-11-16T09:00:00.000Z',
      statuses: ['WON', 'OPEN'] as const,
    };
    const query = writeRollupView(view, today);
    expect(query).toBe('from=2026-12&to=2027-05&since=2026-11-16T09%3A00%3A00.000Z&status=open%2Cwon');
    expect(read(query)).toEqual({ ...view, statuses: ['OPEN', 'WON'] });
    expect(rollupQueryOf(read(query)).since).toBe('2026-11-16T09:00:00.000Z');
    expect(monthStart('2026-12').getMonth()).toBe(11);
  });

  it('falls back to the current quarter for a range it cannot show, and to the defaults for what it cannot read', () => {
    for (const query of [
      'from=2026-12&to=2026-10',
      'from=2026-01&to=2028-06',
      'from=2026-13&to=2027-01',
      'from=2026-10',
    ]) {
      expect(read(query)).toMatchObject({ from: '2026-10', to: '2026-12' });
    }
    expect(read('since=yesterday&status=deleted,nothing')).toMatchObject({
      since: null,
      statuses: ['OPEN', 'ON_HOLD'],
    });
  });

  it('keeps a bookmark by name, so slips count from where it is now: my last look, last Monday 9:00, a named one', () => {
    const bookmarks = {
      lastLook: { at: '2026-11-20T08:00:00.000Z', savedAt: '2026-11-20T08:00:05.000Z' },
      named: [
        { id: 'bm_1', name: 'forecast call', at: '2026-11-12T15:00:00.000Z', savedAt: '2026-11-12T15:00:00.000Z' },
      ],
    };
    const lastLook = read('since=last-look');
    expect(lastLook.since).toBe('last-look');
    expect(writeRollupView(lastLook, today)).toBe('since=last-look');
    expect(rollupQueryOf(lastLook, bookmarks, today).since).toBe('2026-11-20T08:00:00.000Z');
    expect(rollupQueryOf(read('since=bookmark:bm_1'), bookmarks, today).since).toBe('2026-11-12T15:00:00.000Z');
    expect(rollupQueryOf(read('since=monday'), bookmarks, today).since).toBe(new Date(2026, 10, 23, 9).toISOString());
    // Never marked, removed, or not read yet: the range's start, which the screen names.
    const start = monthStart('2026-10').toISOString();
    expect(rollupQueryOf(lastLook, { lastLook: null, named: [] }, today).since).toBe(start);
    expect(rollupQueryOf(read('since=bookmark:gone'), bookmarks, today).since).toBe(start);
    expect(rollupQueryOf(read('since=bookmark:bm_1'), undefined, today).since).toBe(start);
  });

  it('waits for the bookmarks only when it counts from one of them', () => {
    expect(sinceNeedsBookmarks(read('since=last-look'))).toBe(true);
    expect(sinceNeedsBookmarks(read('since=bookmark:bm_1'))).toBe(true);
    expect(sinceNeedsBookmarks(read(''))).toBe(false);
    expect(sinceNeedsBookmarks(read('since=monday'))).toBe(false);
    expect(sinceNeedsBookmarks(read('since=2026-11-02T09:00:00.000Z'))).toBe(false);
  });
});
