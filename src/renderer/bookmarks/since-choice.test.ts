import { describe, expect, it } from 'vitest';
import { fromLocalMoment, lastMondayAt9, readSince, sinceQuery, toLocalMoment, writeSince } from './since-choice';

// Local times: "last Monday 9:00" is the reader's own Monday morning, wherever they are.
const local = (day: number, hour: number, minute = 0) => new Date(2026, 10, day, hour, minute);

describe('since when a screen reads', () => {
  it('finds last Monday 9:00: this morning’s once it has come, else the Monday before', () => {
    // 16 November 2026 is a Monday.
    expect(lastMondayAt9(local(16, 10))).toEqual(local(16, 9));
    expect(lastMondayAt9(local(16, 9))).toEqual(local(16, 9));
    expect(lastMondayAt9(local(16, 8, 59))).toEqual(local(9, 9));
    expect(lastMondayAt9(local(22, 23))).toEqual(local(16, 9));
    expect(lastMondayAt9(local(18, 0, 5))).toEqual(local(16, 9));
  });

  it('keeps the choice in the address and reads it back; anything unreadable is my last look', () => {
    for (const choice of [
      { kind: 'monday' },
      { kind: 'bookmark', id: 'bm_1' },
      { kind: 'moment', local: '2026-11-10T09:30' },
    ] as const) {
      expect(readSince(writeSince(choice))).toEqual(choice);
    }
    expect(writeSince({ kind: 'last-look' })).toBeNull();
    for (const value of [null, '', 'someday', 'bookmark:']) expect(readSince(value)).toEqual({ kind: 'last-look' });
  });

  it('asks for a moment only once a whole one is typed', () => {
    const now = local(18, 12);
    expect(sinceQuery({ kind: 'moment', local: '2026-11-1' }, now)).toBeNull();
    expect(sinceQuery({ kind: 'moment', local: toLocalMoment(local(10, 9, 30)) }, now)).toEqual({
      kind: 'moment',
      at: local(10, 9, 30).toISOString(),
    });
    expect(sinceQuery({ kind: 'monday' }, now)).toEqual({ kind: 'moment', at: local(16, 9).toISOString() });
    expect(fromLocalMoment('2026-13-40T25:00')).toBeNull();
  });
});
