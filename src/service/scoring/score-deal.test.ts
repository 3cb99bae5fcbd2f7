import { afterEach, describe, expect, it } from 'vitest';
import { loadDealScoringInputs } from '../queries/deal-scoring-inputs';
import { insertOrgWithDealAndCall, openTempDatabase } from '../testing/temp-database';
import { type DealScoringInputs, scoreDeal } from './index';

const now = new Date('2026-01-10T00:00:00.000Z');
const quietOpenDeal: DealScoringInputs = {
  status: 'OPEN',
  closeDate: null,
  activityTimes: [],
  checklistItemStatuses: [],
  salesEventTypes: [],
};

describe('scoreDeal', () => {
  it('gives decided deals their outcome', () => {
    expect(scoreDeal({ ...quietOpenDeal, status: 'WON' }, now).probability).toBe(100);
    expect(scoreDeal({ ...quietOpenDeal, status: 'LOST' }, now).probability).toBe(0);
  });

  it('sums factor scores onto an even 50 and explains every factor', () => {
    const score = scoreDeal(quietOpenDeal, now);
    const total = score.factors.reduce((sum, item) => sum + item.score, 50);
    expect(score.probability).toBe(total);
    expect(score.factors.map((item) => item.factor_id)).toEqual([
      'deal_status',
      'activity_recency',
      'activity_volume',
      'checklist_outcomes',
      'pricing_discussed',
      'next_steps',
      'objections',
      'decision_maker',
      'close_date',
    ]);
    for (const item of score.factors) expect(item.reason.length).toBeGreaterThan(0);
  });

  it('rates an active deal with met checklist items, pricing and next steps above a quiet one', () => {
    const active = scoreDeal(
      {
        status: 'OPEN',
        closeDate: '2026-01-25T00:00:00.000Z',
        activityTimes: ['2026-01-08T00:00:00.000Z', '2026-01-05T00:00:00.000Z', '2026-01-02T00:00:00.000Z'],
        checklistItemStatuses: ['MET', 'MET', 'PARTIALLY_MET', 'MET'],
        salesEventTypes: ['PRICING', 'NEXT_STEP', 'DECISION_MAKER'],
      },
      now,
    );
    const quiet = scoreDeal(quietOpenDeal, now);
    expect(active.probability).toBeGreaterThan(80);
    expect(quiet.probability).toBeLessThan(35);
  });

  it('penalises objections, holds and a passed close date, and never leaves 2-98 for an undecided deal', () => {
    const bad = scoreDeal(
      {
        status: 'ON_HOLD',
        closeDate: '2025-11-01T00:00:00.000Z',
        activityTimes: ['2025-06-01T00:00:00.000Z'],
        checklistItemStatuses: ['NOT_MET', 'NOT_MET'],
        salesEventTypes: ['OBJECTION', 'OBJECTION', 'COMPETITOR', 'OBJECTION', 'OBJECTION'],
      },
      now,
    );
    expect(bad.probability).toBe(2);
    expect(bad.factors.find((item) => item.factor_id === 'close_date')?.reason).toMatch(/passed 70 days ago/);
  });

  it('is deterministic for the same inputs and time', () => {
    expect(scoreDeal(quietOpenDeal, now)).toEqual(scoreDeal(quietOpenDeal, now));
  });
});

describe('loadDealScoringInputs', () => {
  const disposers: (() => void)[] = [];
  afterEach(() => {
    for (const dispose of disposers.splice(0)) dispose();
  });

  it("reads the deal's calls, current checklist items and current sales events", () => {
    const { db, dispose } = openTempDatabase();
    disposers.push(dispose);
    insertOrgWithDealAndCall(db);
    db.prepare(
      `INSERT INTO checklist_evaluations (id, org_id, video_id, status, items, overall_assessment, is_current, created_at)
       VALUES ('chk_old', 'org_1', 'vid_1', 'COMPLETED', '[{"status":"NOT_MET"}]', '', 0, '2026-01-01T00:00:00.000Z'),
              ('chk_new', 'org_1', 'vid_1', 'COMPLETED', '[{"status":"MET"},{"status":"NOT_MET"}]', '', 1, '2026-01-02T00:00:00.000Z')`,
    ).run();
    db.prepare(
      `INSERT INTO sales_events (id, org_id, video_id, type, text, start, end, segment_id, is_current, created_at)
       VALUES ('evt_1', 'org_1', 'vid_1', 'PRICING', 'price', 1, 2, 'seg_1', 1, '2026-01-02T00:00:00.000Z'),
              ('evt_0', 'org_1', 'vid_1', 'OBJECTION', 'old', 1, 2, 'seg_1', 0, '2026-01-01T00:00:00.000Z')`,
    ).run();

    expect(loadDealScoringInputs(db, 'deal_1')).toEqual({
      status: 'OPEN',
      closeDate: '2026-01-20T00:00:00.000Z',
      activityTimes: ['2026-01-01T00:00:00.000Z'],
      checklistItemStatuses: ['MET', 'NOT_MET'],
      salesEventTypes: ['PRICING'],
    });
    expect(loadDealScoringInputs(db, 'deal_absent')).toBeNull();
  });
});
