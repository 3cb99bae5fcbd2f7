import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChecklistMiss } from '../../shared/bridge';
import { checklistItemTones } from '../calls/checklist-status';
import { listItem } from '../navigation/list-items';
import { LinkAhead } from '../navigation/render-ahead';
import { paths } from '../navigation/routes';
import { CallLink } from '../records/CallLink';
import { prefetchCall } from '../records/call-reads';
import { ErrorState } from '../shared-ui/ErrorState';
import { formatDate } from '../shared-ui/format';
import { SkeletonRows } from '../shared-ui/Skeleton';
import { StatusBadge } from '../shared-ui/StatusBadge';
import { useMemberNames } from '../team/queries';
import { ruleWords } from './attribution';
import { CopyNote } from './CopyNote';
import { copyCoverage } from './copy-coverage';
import { coachingQueries } from './queries';

/**
 * A cell's calls where the item was not met, newest first: the analysis's reasoning, its
 * suggestion, and each evidence quote as a link to the transcript at the line it was said in.
 */
export function CellMisses({
  memberId,
  itemText,
  last,
  name,
  onClose,
}: {
  memberId: string;
  itemText: string;
  last: number;
  name: string;
  onClose: () => void;
}) {
  const answer = useQuery(coachingQueries.misses(memberId, itemText, last));
  const nameOf = useMemberNames();
  const coverage = answer.data ? copyCoverage(answer.data.copy, null, nameOf) : null;
  const misses = answer.data?.misses ?? [];
  return (
    <>
      <div className="screen-header">
        <h2 id="cell-misses-heading">
          {itemText} <span className="muted">· {name}</span>
        </h2>
        <button type="button" className="button" onClick={onClose} aria-keyshortcuts="Escape">
          Back to the matrix
        </button>
      </div>
      {answer.isPending ? (
        <SkeletonRows rows={3} height={80} label="Loading the calls" />
      ) : answer.isError ? (
        <ErrorState error={answer.error} onRetry={() => answer.refetch()} />
      ) : coverage && !coverage.figures ? (
        <CopyNote coverage={coverage} />
      ) : misses.length === 0 ? (
        <p className="muted">
          Met, or given another status, in each of {name}’s last {last} analysed calls that had it.
        </p>
      ) : (
        <>
          <p className="muted small">
            Not met in {misses.length} of {name}’s last {last} analysed calls. Enter on a quote opens the transcript at
            its line.
          </p>
          <ol className="plain-list misses">
            {misses.map((miss) => (
              <Miss key={miss.callId} miss={miss} />
            ))}
          </ol>
        </>
      )}
    </>
  );
}

function Miss({ miss }: { miss: ChecklistMiss }) {
  const queryClient = useQueryClient();
  const title = miss.title || 'Untitled call';
  return (
    <li className="miss">
      <div className="miss-header">
        <CallLink callId={miss.callId} {...listItem}>
          {title}
        </CallLink>
        <StatusBadge value={miss.status} tones={checklistItemTones} />
      </div>
      <p className="muted small">
        {formatDate(miss.createdAt)}
        {miss.dealTitle && ` · ${miss.dealTitle}`} · {ruleWords[miss.rule]}
      </p>
      {miss.evidence.length > 0 ? (
        <ul className="plain-list quotes" aria-label={`Evidence in ${title}`}>
          {miss.evidence.map((quote, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: quotes keep their order and may repeat a text
            <li key={index}>
              {quote.segmentId ? (
                <LinkAhead
                  to={paths.call(miss.callId, { segmentId: quote.segmentId, highlight: quote.text })}
                  prepare={() => prefetchCall(queryClient, miss.callId)}
                  className="quote"
                  {...listItem}
                >
                  “{quote.text}”
                </LinkAhead>
              ) : (
                <span className="quote">
                  “{quote.text}” <span className="muted small">(not found in the transcript)</span>
                </span>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted small">No quote: the analysis found nothing on this in the call.</p>
      )}
      {miss.reasoning && (
        <p>
          <span className="miss-label">Why</span> {miss.reasoning}
        </p>
      )}
      {miss.improvement && (
        <p>
          <span className="miss-label">Next time</span> {miss.improvement}
        </p>
      )}
    </li>
  );
}
