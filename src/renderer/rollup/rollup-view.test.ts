import { describe, expect, it } from 'vitest';
import { monthStart } from '../../shared/rollup';
import { readRollupView, rollupQueryOf, writeRollupView } from './rollup-view';

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
});
