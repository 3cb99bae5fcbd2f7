import { describe, expect, it } from 'vitest';
import { lastWeeks } from './weeks';

describe('the last weeks', () => {
  it('start on Mondays at local midnight, the current week last, and end where it ends', () => {
    const weeks = lastWeeks(new Date(2026, 10, 27, 15, 30).getTime(), 3);
    expect(weeks.map((at) => new Date(at))).toEqual([
      new Date(2026, 10, 9),
      new Date(2026, 10, 16),
      new Date(2026, 10, 23),
      new Date(2026, 10, 30),
    ]);
  });

  it('count a Monday as the first day of its week, and a Sunday as the last', () => {
    expect(new Date(lastWeeks(new Date(2026, 10, 23, 0, 0).getTime(), 1)[0]!)).toEqual(new Date(2026, 10, 23));
    expect(new Date(lastWeeks(new Date(2026, 10, 29, 23, 59).getTime(), 1)[0]!)).toEqual(new Date(2026, 10, 23));
  });
});
