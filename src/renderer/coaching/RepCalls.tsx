import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { FigureMedians, RepFigures } from '../../shared/bridge';
import { listItem } from '../navigation/list-items';
import { CallLink } from '../records/CallLink';
import { EmptyState } from '../shared-ui/EmptyState';
import { ErrorState } from '../shared-ui/ErrorState';
import { formatDate } from '../shared-ui/format';
import { SkeletonRows } from '../shared-ui/Skeleton';
import { useMemberNames } from '../team/queries';
import { ruleWords } from './attribution';
import { CopyNote } from './CopyNote';
import { copyCoverage } from './copy-coverage';
import { ChartKey, FigureChart, WeeksTable } from './FigureChart';
import { type Figure, repFigureList } from './figures';
import { coachingQueries } from './queries';
import { lastWeeks, REP_WEEKS } from './weeks';

/**
 * The rep's calls of the last eight weeks: each figure's median against the team's and the
 * published reference, a chart of each week by week, and every call with its own figures and the
 * rule that made it theirs.
 */
export function RepCalls({ memberId, name }: { memberId: string; name: string }) {
  // The weeks as of the page's opening: a page left open past midnight on Sunday keeps its weeks.
  const [weeks] = useState(() => lastWeeks(Date.now()));
  const answer = useQuery(coachingQueries.repFigures(memberId, weeks));
  const nameOf = useMemberNames();
  if (answer.isPending) return <SkeletonRows rows={4} height={64} label="Loading calls and figures" />;
  if (answer.isError) return <ErrorState error={answer.error} onRetry={() => answer.refetch()} />;
  const coverage = copyCoverage(answer.data.copy, weeks[0]!, nameOf);
  if (!coverage.figures) return <CopyNote coverage={coverage} />;
  const figures = answer.data;
  const withoutLines = figures.calls.filter((call) => call.transcript !== 'held');
  const notCopied = withoutLines.filter((call) => call.transcript === 'missing').length;
  return (
    <>
      <CopyNote coverage={coverage} />
      <p className="muted small">
        Since {formatDate(new Date(weeks[0]!).toISOString())}: {figures.calls.length}{' '}
        {figures.calls.length === 1 ? 'call' : 'calls'}
        {withoutLines.length > 0 &&
          `, ${withoutLines.length} without a transcript${notCopied > 0 ? ` (${notCopied} not in the local copy yet)` : ''}, counted in no figure`}
        . The team: {figures.team.calls} calls with a transcript, by every rep.
      </p>
      <FigureTiles figures={figures} />
      {figures.calls.length > 0 && (
        <>
          <ChartKey name={name} />
          <div className="figure-charts">
            {repFigureList.map((figure) => (
              <FigureChart key={figure.key} figure={figure} weeks={figures.weeks} name={name} />
            ))}
          </div>
          <details className="weeks-details">
            <summary>The weeks in numbers</summary>
            <WeeksTable figures={repFigureList} weeks={figures.weeks} />
          </details>
        </>
      )}
      <CallsTable figures={figures} />
    </>
  );
}

/** Each figure: the rep's median over the period, the team's, and the published reference. */
export function FigureTiles({ figures }: { figures: RepFigures }) {
  return (
    <dl className="figure-tiles">
      {repFigureList.map((figure) => (
        <div key={figure.key} className="figure-tile">
          <dt>{figure.label}</dt>
          <dd className="figure-value">{figure.format(figures.rep[figure.key])}</dd>
          <dd className="muted small">Team median {figure.format(figures.team[figure.key])}</dd>
          {figure.reference && (
            <dd className="figure-reference small">Published reference: {figure.reference.words}</dd>
          )}
          <dd className="muted small figure-means">{figure.means}</dd>
        </div>
      ))}
    </dl>
  );
}

function MedianRow({ label, medians, first = false }: { label: string; medians: FigureMedians; first?: boolean }) {
  return (
    <tr className={first ? 'median-row first' : 'median-row'}>
      <th scope="row" colSpan={3}>
        {label} <span className="muted small">({medians.calls} with a transcript)</span>
      </th>
      {repFigureList.map((figure: Figure) => (
        <td key={figure.key} className="numeric">
          {figure.format(medians[figure.key])}
        </td>
      ))}
    </tr>
  );
}

function CallsTable({ figures }: { figures: RepFigures }) {
  if (figures.calls.length === 0) {
    return (
      <EmptyState title="No calls in these weeks">
        <p className="muted">
          No call of the last {REP_WEEKS} weeks in the local copy is this rep’s by the rule above.
        </p>
      </EmptyState>
    );
  }
  return (
    <table className="table compact rep-calls">
      <caption className="visually-hidden">Calls of the last {REP_WEEKS} weeks</caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Call</th>
          <th scope="col">Whose</th>
          {repFigureList.map((figure) => (
            <th key={figure.key} scope="col" className="numeric">
              {figure.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {figures.calls.map((call) => (
          <tr key={call.id}>
            <td className="nowrap">{formatDate(call.createdAt)}</td>
            <td>
              <CallLink callId={call.id} {...listItem}>
                {call.title || 'Untitled call'}
              </CallLink>
              {call.dealTitle && <div className="muted small">{call.dealTitle}</div>}
            </td>
            <td className="muted small nowrap">{ruleWords[call.rule]}</td>
            {call.figures ? (
              repFigureList.map((figure) => (
                <td key={figure.key} className="numeric">
                  {figure.format(call.figures![figure.key])}
                </td>
              ))
            ) : (
              <td colSpan={repFigureList.length} className="muted small">
                {call.transcript === 'missing' ? 'Transcript not in the local copy yet' : 'No transcript'}
              </td>
            )}
          </tr>
        ))}
      </tbody>
      <tfoot>
        <MedianRow label="Their median" medians={figures.rep} first />
        <MedianRow label="Team median" medians={figures.team} />
      </tfoot>
    </table>
  );
}
