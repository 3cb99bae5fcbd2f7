import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReviewQueue } from '../../shared/bridge';
import { useDealWarnings } from '../deals/useDealWarnings';
import { navigate } from '../navigation/router';
import { paths, reviewWindows } from '../navigation/routes';
import { ErrorState } from '../shared-ui/ErrorState';
import { formatDateTime } from '../shared-ui/format';
import { SkeletonRows } from '../shared-ui/Skeleton';
import { useMemberNames } from '../team/queries';
import { ATTRIBUTION_RULE } from './attribution';
import { CopyNote } from './CopyNote';
import { copyCoverage } from './copy-coverage';
import { coachingQueries } from './queries';
import { ReviewCoverage } from './ReviewCoverage';
import { ReviewQueueTable } from './ReviewQueueTable';
import { RANKING_RULE, rankQueue } from './review-ranking';
import { reviewWindowWords } from './review-window';
import { useReviewActions } from './useReviewActions';
import './coaching.css';

/**
 * The review queue (`G R`): the calls that came in since the manager's last pass, ranked by the
 * stated rule, one key per decision as in a triage inbox; and each rep's coverage by the manager.
 * The window before the first pass lives in the address.
 */
export function ReviewQueueScreen({ windowDays }: { windowDays: number | null }) {
  const queue = useQuery(coachingQueries.reviewQueue(windowDays));
  const nameOf = useMemberNames();
  const { markPassDone } = useReviewActions();
  const [marking, setMarking] = useState(false);
  return (
    <div className="screen wide review-queue-screen">
      <div className="screen-header">
        <h1>Review queue</h1>
        <label className="inline-field">
          Window{' '}
          <select
            value={windowDays ?? 'all'}
            onChange={(event) =>
              navigate(paths.reviewQueue(event.target.value === 'all' ? null : Number(event.target.value)), {
                replace: true,
              })
            }
          >
            {reviewWindows.map((days) => (
              <option key={days ?? 'all'} value={days ?? 'all'}>
                {reviewWindowWords(days).option}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="button"
          disabled={marking || !queue.data || queue.data.copy.kind === 'none'}
          onClick={async () => {
            setMarking(true);
            await markPassDone();
            setMarking(false);
          }}
        >
          Mark this pass done
        </button>
      </div>
      {queue.isPending ? (
        <SkeletonRows rows={5} height={52} label="Loading the review queue" />
      ) : queue.isError ? (
        <ErrorState error={queue.error} onRetry={() => queue.refetch()} />
      ) : (
        <QueueBody queue={queue.data} windowDays={windowDays} nameOf={nameOf} />
      )}
    </div>
  );
}

function QueueBody({
  queue,
  windowDays,
  nameOf,
}: {
  queue: ReviewQueue;
  windowDays: number | null;
  nameOf: (memberId: string) => string;
}) {
  const facts = new Map(Object.entries(queue.facts));
  const warnings = useDealWarnings(queue.deals, facts);
  const coverage = copyCoverage(queue.copy, null, nameOf);
  if (!coverage.figures) return <CopyNote coverage={coverage} />;
  const words = reviewWindowWords(windowDays);
  const ranked = rankQueue(queue.calls, (dealId) => (warnings.get(dealId) ?? []).map((warning) => warning.text));
  return (
    <>
      <CopyNote coverage={coverage} />
      <p className="review-since">
        {queue.lastPassAt === null ? (
          <>
            <strong>Before your first pass:</strong> {words.queueHolds} Mark the pass done when you have been through
            them; from then on the queue holds what comes in after it.
          </>
        ) : (
          <>
            <strong>Since your last pass, {formatDateTime(queue.lastPassAt)}:</strong> the calls that became ready or
            were analysed after it, and snoozed calls back on their date.
          </>
        )}
      </p>
      <p className="muted small review-rule">{RANKING_RULE}</p>
      <p className="muted small">
        On a call: <kbd>1</kbd> reviewed · <kbd>2</kbd> add to the rep’s next 1:1 · <kbd>3</kbd> dismiss · <kbd>H</kbd>{' '}
        snooze to a date · <kbd>Enter</kbd> open it · <kbd>J</kbd> <kbd>K</kbd> move. <kbd>Ctrl Z</kbd> undoes the last
        decision while its notice shows.
      </p>
      <ReviewQueueTable
        calls={ranked}
        nameOf={nameOf}
        empty={
          queue.lastPassAt === null
            ? queue.coverage.some((rep) => rep.calls > 0)
              ? words.allDecided
              : words.noCalls
            : 'Every call that came in since your last pass is decided, or none came in.'
        }
      />
      <ReviewCoverage coverage={queue.coverage} words={words} nameOf={nameOf} />
      <p className="muted small">{ATTRIBUTION_RULE}</p>
    </>
  );
}
