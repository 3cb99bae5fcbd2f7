import { Bar, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { TrackerReport } from '../../shared/trackers';
import { tooltipStyle } from './FigureChart';
import { chartWeeks } from './tracker-groups';

/** Mid tones that read on the light and the dark theme; reps past the last share its colour. */
const repColours = ['#4f7cff', '#2fa874', '#d99a26', '#b45cc8', '#d9574f', '#3fa9b8', '#8a8f99'];

/**
 * Week by week (ISO weeks): the mentions as bars, one colour a rep, and the mentions per call
 * searched here as a line on its own axis. A picture for the eye: the tables below it hold its
 * numbers for every reader.
 */
export function TrackerChart({ report, nameOf }: { report: TrackerReport; nameOf: (repKey: string) => string }) {
  const { rows, reps } = chartWeeks(report);
  return (
    <figure className="tracker-chart">
      <figcaption>Mentions a week by rep (bars), and mentions per call searched here (line)</figcaption>
      <div aria-hidden="true">
        <ResponsiveContainer width="100%" height={220}>
          <ComposedChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid vertical={false} className="chart-grid" />
            <XAxis
              dataKey="week"
              tickLine={false}
              axisLine={false}
              interval="preserveStartEnd"
              className="chart-axis"
            />
            <YAxis
              yAxisId="mentions"
              width={40}
              tickLine={false}
              axisLine={false}
              allowDecimals={false}
              className="chart-axis"
            />
            <YAxis
              yAxisId="rate"
              orientation="right"
              width={40}
              tickLine={false}
              axisLine={false}
              tickFormatter={(value: number) => value.toFixed(1)}
              className="chart-axis"
            />
            <Tooltip
              formatter={(value, series) => [typeof value === 'number' ? Number(value.toFixed(2)) : '—', series]}
              contentStyle={tooltipStyle}
              // The series' own colours, on the tooltip's surface, are too faint to read.
              itemStyle={{ color: 'var(--text)' }}
              isAnimationActive={false}
            />
            {reps.map((rep, index) => (
              <Bar
                key={rep}
                dataKey={rep}
                name={nameOf(rep)}
                yAxisId="mentions"
                stackId="reps"
                fill={repColours[Math.min(index, repColours.length - 1)]}
                isAnimationActive={false}
              />
            ))}
            <Line
              dataKey="perCall"
              name="Mentions per call"
              yAxisId="rate"
              className="chart-rep"
              strokeWidth={2}
              dot={{ r: 2.5 }}
              connectNulls={false}
              isAnimationActive={false}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <p className="chart-key small muted" aria-hidden="true">
        {reps.slice(0, repColours.length).map((rep, index) => (
          <span key={rep} className="tracker-key" style={{ ['--key' as string]: repColours[index] }}>
            {index === repColours.length - 1 && reps.length > repColours.length ? 'Others' : nameOf(rep)}
          </span>
        ))}
        <span className="key-rep">Mentions per call</span>
      </p>
    </figure>
  );
}
