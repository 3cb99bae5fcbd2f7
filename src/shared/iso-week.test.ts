import { describe, expect, it } from 'vitest';
import { isoWeek, nextWeekStart } from './iso-week';

const at = (iso: string) => Date.parse(iso);

describe('isoWeek', () => {
  it('puts Monday to Sunday in one week, starting Monday 00:00 UTC', () => {
    const monday = isoWeek(at('2026-11-23T00:00:00Z'));
    expect(monday).toEqual({ key: '2026-W48', start: at('2026-11-23T00:00:00Z') });
    expect(isoWeek(at('2026-11-29T23:59:59Z'))).toEqual(monday);
    expect(isoWeek(at('2026-11-30T00:00:00Z')).key).toBe('2026-W49');
  });

  it('gives the last days of December to week 1 of the next year when its Thursday is in January', () => {
    expect(isoWeek(at('2024-12-30T10:00:00Z')).key).toBe('2025-W01');
    expect(isoWeek(at('2025-12-29T10:00:00Z')).key).toBe('2026-W01');
  });

  it('gives the first days of January to the last week of the year before when its Thursday is in December', () => {
    expect(isoWeek(at('2027-01-01T10:00:00Z')).key).toBe('2026-W53');
    expect(isoWeek(at('2027-01-03T23:00:00Z')).key).toBe('2026-W53');
    expect(isoWeek(at('2027-01-04T00:00:00Z')).key).toBe('2027-W01');
    expect(isoWeek(at('2023-01-01T12:00:00Z')).key).toBe('2022-W52');
  });

  it('steps a week at a time across a year boundary', () => {
    const last = isoWeek(at('2026-12-28T00:00:00Z'));
    expect(last.key).toBe('2026-W53');
    expect(isoWeek(nextWeekStart(last.start)).key).toBe('2027-W01');
  });
});
