import { describe, expect, it } from 'vitest';
import type { Scoring } from '../../shared/api';
import { probabilityTrend, trendCoordinates } from './probability-trend';

function scoring(id: string, finishedAt: string, probability: number | null): Scoring {
  return {
    id,
    deal_id: 'deal_1',
    status: probability === null ? 'failed' : 'completed',
    result: probability === null ? null : { probability, factors: [] },
    error: probability === null ? { code: 'injected_failure', message: 'no' } : null,
    created_at: finishedAt,
    started_at: finishedAt,
    finished_at: finishedAt,
    updated_at: finishedAt,
  };
}

describe('probability trend', () => {
  it('keeps completed scorings only, oldest first', () => {
    const trend = probabilityTrend([
      scoring('s3', '2026-01-03T00:00:00Z', 70),
      scoring('s2', '2026-01-02T00:00:00Z', null),
      scoring('s1', '2026-01-01T00:00:00Z', 40),
    ]);
    expect(trend.map((point) => point.probability)).toEqual([40, 70]);
  });

  it("follows the outcome rule, not the local service's status names, and reads a scoring without a finish time", () => {
    const succeeded = {
      id: 's1',
      status: 'succeeded',
      result: { probability: 55, factors: [] },
      updated_at: '2026-01-05T00:00:00Z',
    };
    const ended = { id: 's2', status: 'cancelled', updated_at: '2026-01-06T00:00:00Z' };
    const timeless = { id: 's3', status: 'done', result: { probability: 10, factors: [] } };
    expect(probabilityTrend([succeeded, ended, timeless])).toEqual([
      { at: Date.parse('2026-01-05T00:00:00Z'), probability: 55 },
    ]);
  });

  it('spreads points across the width with 100% at the top', () => {
    const points = [
      { at: 1, probability: 0 },
      { at: 2, probability: 50 },
      { at: 3, probability: 100 },
    ];
    expect(trendCoordinates(points, 100, 40)).toEqual([
      [0, 40],
      [50, 20],
      [100, 0],
    ]);
  });

  it('centres a single point', () => {
    expect(trendCoordinates([{ at: 1, probability: 25 }], 100, 40)).toEqual([[50, 30]]);
  });
});
