import { describe, expect, it } from 'vitest';
import type { CoachingCopy } from '../../shared/bridge';
import { copyCoverage } from './copy-coverage';

const held = (over: Partial<Extract<CoachingCopy, { kind: 'held' }>> = {}): CoachingCopy => ({
  kind: 'held',
  scope: { kind: 'everything' },
  scopeSince: null,
  walked: true,
  sync: 'up-to-date',
  calls: { known: 40, stored: 40 },
  ...over,
});
const nameOf = (id: string) => ({ mem_ana: 'Ana' })[id] ?? id;
const since = Date.parse('2026-10-01T00:00:00.000Z');

describe('what the local copy lets a coaching screen show', () => {
  it('shows the figures without a word when it holds the whole workspace, synced', () => {
    expect(copyCoverage(held(), since, nameOf)).toEqual({ figures: true, note: null });
  });

  it('shows none when it keeps no copy, cannot read it, or is starting again, and says which', () => {
    for (const reason of ['off', 'unreadable', 'unavailable'] as const) {
      const coverage = copyCoverage({ kind: 'none', reason }, since, nameOf);
      expect(coverage.figures).toBe(false);
      expect(coverage.note).toBeTruthy();
    }
  });

  it('shows none when it keeps only some owners’ deals, whose other calls would be missing', () => {
    const coverage = copyCoverage(held({ scope: { kind: 'owners', ownerIds: ['mem_ana'] } }), since, nameOf);
    expect(coverage).toEqual({ figures: false, note: expect.stringContaining('the deals of Ana') });
  });

  it('shows recent months’ figures only when they reach back far enough, and says what they count', () => {
    const recent = held({ scope: { kind: 'recent', months: 1 }, scopeSince: '2026-10-27T00:00:00.000Z' });
    expect(copyCoverage(recent, since, nameOf).figures).toBe(false);
    expect(copyCoverage(recent, Date.parse('2026-11-02T00:00:00.000Z'), nameOf)).toEqual({ figures: true, note: null });
    expect(copyCoverage(recent, null, nameOf)).toEqual({
      figures: true,
      note: 'Counted among the calls of the last month, with their deals, which the local copy keeps.',
    });
  });

  it('says the figures count only what is held while the copy is filled, or not synced at all', () => {
    expect(copyCoverage(held({ calls: { known: 40, stored: 12 } }), since, nameOf).note).toBe(
      'Still copying: 12 of 40 calls stored; the figures count those.',
    );
    expect(copyCoverage(held({ walked: false, calls: { known: 10, stored: 3 } }), since, nameOf).note).toBe(
      'The local copy is still being filled: the figures count the 3 calls it holds so far.',
    );
    expect(copyCoverage(held({ sync: 'off', walked: false }), since, nameOf).note).toMatch(/not synced/);
  });
});
