import { formatPercent } from '../shared-ui/format';
import { type TrendPoint, trendCoordinates } from './probability-trend';

const WIDTH = 240;
const HEIGHT = 56;

/** A small line of the probability across past scorings; the description carries the numbers for screen readers. */
export function ProbabilityChart({ points }: { points: TrendPoint[] }) {
  if (points.length < 2) {
    return <p className="muted small chart-placeholder">The trend appears after two completed scorings.</p>;
  }
  const first = points[0]!;
  const last = points.at(-1)!;
  const coordinates = trendCoordinates(points, WIDTH, HEIGHT);
  const label = `Probability over the last ${points.length} scorings, from ${formatPercent(first.probability)} to ${formatPercent(last.probability)}`;
  return (
    <svg className="trend" viewBox={`-4 -4 ${WIDTH + 8} ${HEIGHT + 8}`} role="img" aria-label={label}>
      <line x1="0" y1={HEIGHT / 2} x2={WIDTH} y2={HEIGHT / 2} className="trend-mid" />
      <polyline points={coordinates.map(([x, y]) => `${x},${y}`).join(' ')} className="trend-line" />
      {coordinates.map(([x, y], index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: points are ordered and never reordered
        <circle key={index} cx={x} cy={y} r={index === coordinates.length - 1 ? 4 : 2.5} className="trend-dot" />
      ))}
    </svg>
  );
}
