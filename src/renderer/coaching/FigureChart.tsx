import {
  CartesianGrid,
  Line,
  LineChart,
  ReferenceArea,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { RepFigures } from '../../shared/bridge';
import { formatDate } from '../shared-ui/format';
import type { Figure } from './figures';

/** Set on the element by Recharts (its own inline defaults are a light theme's). */
export const tooltipStyle = {
  background: 'var(--surface)',
  border: '1px solid var(--border)',
  borderRadius: 6,
  fontSize: 12.5,
  color: 'var(--text)',
};

const weekLabel = (start: number) => new Date(start).toLocaleDateString(undefined, { day: 'numeric', month: 'short' });

/** What the lines and the band of every chart are, said once above them. */
export function ChartKey({ name }: { name: string }) {
  return (
    <p className="chart-key small muted" aria-hidden="true">
      <span className="key-rep">{name}, median a week</span>
      <span className="key-team">Team median</span>
      <span className="key-reference">Published reference</span>
    </p>
  );
}

/**
 * One figure week by week: the rep's median (solid) against the team's (dashed), the published
 * reference drawn faintly behind them. A week without calls leaves a gap. The chart is a picture
 * for the eye; its numbers are in the table beside it, for every reader.
 */
export function FigureChart({ figure, weeks, name }: { figure: Figure; weeks: RepFigures['weeks']; name: string }) {
  const data = weeks.map((week) => ({
    week: weekLabel(week.start),
    rep: week.rep[figure.key],
    team: week.team[figure.key],
  }));
  const { reference } = figure;
  return (
    <figure className="figure-chart">
      <figcaption>
        {figure.label} <span className="muted">({figure.unit})</span>
      </figcaption>
      <div aria-hidden="true">
        <ResponsiveContainer width="100%" height={150}>
          <LineChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid vertical={false} className="chart-grid" />
            {reference &&
              ('value' in reference ? (
                <ReferenceLine
                  y={reference.value}
                  className="chart-reference"
                  strokeDasharray="2 4"
                  ifOverflow="extendDomain"
                />
              ) : (
                <ReferenceArea
                  y1={reference.from}
                  y2={reference.to}
                  className="chart-reference-band"
                  ifOverflow="extendDomain"
                />
              ))}
            <XAxis
              dataKey="week"
              tickLine={false}
              axisLine={false}
              interval="preserveStartEnd"
              className="chart-axis"
            />
            <YAxis
              width={48}
              tickLine={false}
              axisLine={false}
              tickFormatter={(value: number) => figure.tick(value)}
              className="chart-axis"
            />
            <Tooltip
              formatter={(value, series) => [figure.format(typeof value === 'number' ? value : null), series]}
              contentStyle={tooltipStyle}
              isAnimationActive={false}
            />
            <Line
              dataKey="team"
              name="Team median"
              className="chart-team"
              strokeDasharray="5 4"
              dot={false}
              isAnimationActive={false}
            />
            <Line
              dataKey="rep"
              name={name}
              className="chart-rep"
              strokeWidth={2.5}
              dot={{ r: 3 }}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

/** The weeks as a table, every figure's rep and team medians: what the charts draw, in numbers. */
export function WeeksTable({ figures, weeks }: { figures: readonly Figure[]; weeks: RepFigures['weeks'] }) {
  return (
    <table className="table compact weeks-table">
      <caption>Week by week: the rep’s median, then the team’s</caption>
      <thead>
        <tr>
          <th scope="col">Week of</th>
          <th scope="col" className="numeric">
            Calls
          </th>
          {figures.map((figure) => (
            <th key={figure.key} scope="col" className="numeric">
              {figure.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week.start}>
            <th scope="row">{formatDate(new Date(week.start).toISOString())}</th>
            <td className="numeric">
              {week.rep.calls} <span className="muted">/ {week.team.calls}</span>
            </td>
            {figures.map((figure) => (
              <td key={figure.key} className="numeric">
                {figure.format(week.rep[figure.key])}{' '}
                <span className="muted">/ {figure.format(week.team[figure.key])}</span>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
