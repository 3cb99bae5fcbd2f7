import { jobOutcome, type Scoring } from '../../shared/api';

export interface TrendPoint {
  at: number;
  probability: number;
}

/** Scorings that succeeded with a probability, oldest first: the history a small chart reads left to right. */
export function probabilityTrend(scorings: readonly Scoring[]): TrendPoint[] {
  return scorings
    .flatMap((scoring) => {
      const probability = scoring.result?.probability;
      const at = Date.parse(scoring.finished_at ?? scoring.updated_at ?? scoring.created_at ?? '');
      return jobOutcome(scoring) === 'succeeded' && typeof probability === 'number' && Number.isFinite(at)
        ? [{ at, probability }]
        : [];
    })
    .sort((a, b) => a.at - b.at);
}

/** Where each point sits in a width × height box: probability 0-100 bottom to top, evenly spaced. */
export function trendCoordinates(points: readonly TrendPoint[], width: number, height: number): [number, number][] {
  const step = points.length > 1 ? width / (points.length - 1) : 0;
  return points.map((point, index) => [
    round(points.length > 1 ? index * step : width / 2),
    round(height - (Math.min(100, Math.max(0, point.probability)) / 100) * height),
  ]);
}

const round = (value: number) => Math.round(value * 10) / 10;
