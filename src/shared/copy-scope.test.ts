import { describe, expect, it } from 'vitest';
import { namesWords, recentSince, scopeCallsWords, scopeWords } from './copy-scope';

const at = (iso: string) => Date.parse(iso);

describe('a local copy’s scope', () => {
  it('starts recent months on the same day that many calendar months back, or the month’s last day', () => {
    expect(recentSince(1, at('2026-11-27T19:51:40.000Z'))).toBe('2026-10-27T19:51:40.000Z');
    expect(recentSince(3, at('2026-05-31T10:00:00.000Z'))).toBe('2026-02-28T10:00:00.000Z');
    expect(recentSince(12, at('2028-02-29T00:00:00.000Z'))).toBe('2027-02-28T00:00:00.000Z');
    expect(recentSince(14, at('2026-01-15T08:00:00.000Z'))).toBe('2024-11-15T08:00:00.000Z');
  });

  it('names what it keeps, with owners by name', () => {
    const nameOf = (id: string) => ({ m1: 'Ana Ruiz', m2: 'Ben Ode' })[id] ?? id;
    expect(scopeWords({ kind: 'everything' }, nameOf)).toBe('every call and deal');
    expect(scopeWords({ kind: 'recent', months: 1 }, nameOf)).toBe('the calls of the last month, with their deals');
    expect(scopeWords({ kind: 'owners', ownerIds: ['m1', 'm2'] }, nameOf)).toBe(
      'the deals of Ana Ruiz and Ben Ode, with their calls',
    );
    expect(scopeCallsWords({ kind: 'recent', months: 3 }, nameOf)).toEqual({
      inside: 'Calls of the last 3 months',
      outside: 'older calls',
    });
    expect(scopeCallsWords({ kind: 'everything' }, nameOf)).toBeNull();
    expect(namesWords(['A', 'B', 'C'])).toBe('A, B and C');
    expect(namesWords(['A', 'B', 'C', 'D', 'E'])).toBe('A, B and 3 others');
  });
});
