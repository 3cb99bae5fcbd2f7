import type { Scoring } from '../../shared/api';

export interface TrendPoint {
  at: number;
  probability: number;
}

/** Completed scorings, oldest first: the history a small chart reads left to right. */
export function probabilityTrend(scorings: readonly Scoring[]): TrendPoint[] {
  return scorings
    .flatMap((scoring) =>
      scoring.status === 'completed' && scoring.result
        ? [{ at: Date.parse(scoring.finished_at ?? scoring.created_at), probability: scoring.result.probability }]
        : [],
    )
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
