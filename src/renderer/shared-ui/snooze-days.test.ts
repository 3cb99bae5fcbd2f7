import { describe, expect, it } from 'vitest';
import { dayOf, snoozeDays, startOfDay } from './snooze-days';

describe('the days a warning comes back', () => {
  it('offers tomorrow and next Monday, each from the start of the day', () => {
    // Saturday 28 November 2026, late in the evening.
    const { tomorrow, nextMonday } = snoozeDays(new Date(2026, 10, 28, 23, 30));
    expect([dayOf(tomorrow), tomorrow.getHours()]).toEqual(['2026-11-29', 0]);
    expect(dayOf(nextMonday)).toBe('2026-11-30');
  });

  it('on a Monday, next Monday is a week on; on a Sunday, it is tomorrow', () => {
    expect(dayOf(snoozeDays(new Date(2026, 10, 30, 9)).nextMonday)).toBe('2026-12-07');
    expect(dayOf(snoozeDays(new Date(2026, 10, 29, 9)).nextMonday)).toBe('2026-11-30');
  });

  it('crosses the end of a month and a year', () => {
    expect(dayOf(snoozeDays(new Date(2026, 11, 31, 12)).tomorrow)).toBe('2027-01-01');
  });

  it('reads a date field’s day as its start where the app runs, and nothing else', () => {
    expect(startOfDay('2026-12-02')).toEqual(new Date(2026, 11, 2));
    expect(startOfDay('')).toBeNull();
    expect(startOfDay('next week')).toBeNull();
  });
});
