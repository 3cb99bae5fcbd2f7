import { describe, expect, it } from 'vitest';
import type { Scoring } from '../../shared/api';
import { type DealSignals, dealWarnings, warningSetOf } from './deal-warnings';

const now = Date.parse('2026-06-30T12:00:00Z');
const thresholds = { staleDays: 14, probabilityDrop: 10 };
type DealPart = Parameters<typeof dealWarnings>[0];
const deal: DealPart = { status: 'OPEN', close_date: '2026-09-30', created_at: '2026-01-01T00:00:00Z' };
const scoring = (probability: number | null, status = 'completed'): Scoring => ({
  id: `sc_${probability}`,
  status,
  result: probability === null ? null : { probability, factors: [] },
});
const healthy: DealSignals = {
  latestActivityAt: '2026-06-25T00:00:00Z',
  scorings: [scoring(60), scoring(62)],
  pricingMentions: 3,
};
const kinds = (signals: Partial<DealSignals>, changes: Partial<DealPart> = {}, limits = thresholds) =>
  dealWarnings({ ...deal, ...changes }, { ...healthy, ...signals }, limits, now).map((warning) => warning.kind);

describe('deal warnings', () => {
  it('none for a deal worked recently, priced, scored and steady', () => {
    expect(kinds({})).toEqual([]);
  });

  it('no activity for the threshold in days, counted from the deal’s creation when it has none', () => {
    expect(
      dealWarnings(deal, { ...healthy, latestActivityAt: '2026-06-16T11:00:00Z' }, thresholds, now),
    ).toContainEqual({
      kind: 'stale',
      text: 'No activity for 14 days',
    });
    expect(kinds({ latestActivityAt: '2026-06-17T00:00:00Z' })).toEqual([]);
    expect(kinds({ latestActivityAt: '2026-06-20T00:00:00Z' }, {}, { ...thresholds, staleDays: 7 })).toEqual(['stale']);
    expect(kinds({ latestActivityAt: null })).toEqual(['stale']);
  });

  it('a close date passed while the deal is open, not while on hold', () => {
    expect(kinds({}, { close_date: '2026-06-29' })).toEqual(['close-date-passed']);
    expect(kinds({}, { close_date: '2026-06-29', status: 'ON_HOLD' })).toEqual([]);
  });

  it('pricing never mentioned, only for a deal with calls and a search that answered', () => {
    expect(kinds({ pricingMentions: 0 })).toEqual(['no-pricing']);
    expect(kinds({ pricingMentions: undefined })).toEqual([]);
    expect(kinds({ pricingMentions: 0, latestActivityAt: null })).toEqual(['stale']);
  });

  it('a drop of the threshold or more between the two newest successful scorings', () => {
    expect(
      dealWarnings(
        deal,
        { ...healthy, scorings: [scoring(48), scoring(null, 'failed'), scoring(62)] },
        thresholds,
        now,
      ),
    ).toEqual([{ kind: 'probability-drop', text: 'Win probability down 14 points (62% → 48%)' }]);
    expect(kinds({ scorings: [scoring(53), scoring(62)] })).toEqual([]);
    expect(kinds({ scorings: [scoring(70), scoring(40)] })).toEqual([]);
  });

  it('never scored when no scoring succeeded; nothing said when scorings could not be read', () => {
    expect(kinds({ scorings: [] })).toEqual(['never-scored']);
    expect(kinds({ scorings: [scoring(null, 'failed'), scoring(null, 'processing')] })).toEqual(['never-scored']);
    expect(kinds({ scorings: undefined })).toEqual([]);
  });

  it('won, lost and archived deals never warn', () => {
    for (const status of ['WON', 'LOST', 'ARCHIVED'] as const) {
      expect(
        kinds({ latestActivityAt: null, scorings: [], pricingMentions: 0 }, { status, close_date: '2026-01-02' }),
      ).toEqual([]);
    }
  });
});

describe('snoozed warnings', () => {
  it('a snooze hides its warning until its end, and nothing once its end has come', () => {
    const warnings = dealWarnings(deal, { ...healthy, pricingMentions: 0, latestActivityAt: null }, thresholds, now);
    const [first, second] = warnings.map((warning) => warning.kind);
    const snoozes = [
      { kind: first!, until: '2026-07-01T09:00:00Z' },
      { kind: second!, until: '2026-06-30T11:59:59Z' },
    ];
    const set = warningSetOf(warnings, snoozes, now);
    expect(set.snoozed.map((warning) => [warning.kind, warning.until])).toEqual([[first, '2026-07-01T09:00:00Z']]);
    expect(set.shown.map((warning) => warning.kind)).toEqual(warnings.slice(1).map((warning) => warning.kind));
    expect(warningSetOf(warnings, snoozes, Date.parse('2026-07-01T09:00:00Z')).shown).toEqual(warnings);
  });
});
