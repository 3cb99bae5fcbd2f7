import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type ChecklistItem, knownChecklistItemStatuses } from '../../shared/api';
import { humanize } from '../../shared/humanize';
import { quoteFinder } from '../../shared/quote-finder';
import { EmptyState } from '../shared-ui/EmptyState';
import { ErrorState } from '../shared-ui/ErrorState';
import { SkeletonRows } from '../shared-ui/Skeleton';
import { StatusBadge } from '../shared-ui/StatusBadge';
import { UnreadableNotice } from '../shared-ui/UnreadableNotice';
import { checklistItemTones } from './checklist-status';
import { callQueries } from './queries';
import { useTranscriptLines } from './useTranscriptLines';

/** Items without a status are grouped under this. */
const NO_STATUS = '';

/** Known statuses first in a fixed order, then any the service adds later, then items without one. */
function groupByStatus(items: ChecklistItem[]): [string, ChecklistItem[]][] {
  const order: string[] = [...knownChecklistItemStatuses];
  const groups = new Map<string, ChecklistItem[]>();
  for (const item of items) {
    const status = item.status || NO_STATUS;
    groups.set(status, [...(groups.get(status) ?? []), item]);
  }
  return [...groups.entries()].sort(([a], [b]) => rank(order, a) - rank(order, b));
}
const rank = (order: string[], status: string) =>
  order.includes(status) ? order.indexOf(status) : status === NO_STATUS ? order.length + 1 : order.length;

/** The call's checklist evaluation; an evidence quote found in the transcript jumps to its line there. */
export function ChecklistPanel({
  callId,
  notAnalysed,
  onJump,
}: {
  callId: string;
  notAnalysed: React.ReactNode;
  onJump: (segmentId: string, highlight: string) => void;
}) {
  const checklist = useQuery(callQueries.checklist(callId));
  const { lines } = useTranscriptLines(callId);
  const findQuote = useMemo(() => quoteFinder(() => lines.all()), [lines]);
  const canJump = (quote: string) => findQuote(quote) >= 0;
  const onQuote = (quote: string) => {
    const index = findQuote(quote);
    if (index >= 0) onJump(lines.at(index).id, quote);
  };
  if (checklist.isPending) return <SkeletonRows rows={4} height={80} label="Loading checklist" />;
  if (checklist.isError) return <ErrorState error={checklist.error} onRetry={() => checklist.refetch()} />;
  if (checklist.data === null) return notAnalysed;
  const evaluation = checklist.data.data;
  // A service may answer a call not evaluated yet with an empty evaluation instead of 404.
  if (evaluation.items.length === 0 && !evaluation.overall_assessment) {
    return (
      <>
        <UnreadableNotice answers={[checklist.data]} />
        <EmptyState title="No checklist items yet">
          {evaluation.status && <p>The evaluation is {humanize(evaluation.status).toLowerCase()}.</p>}
        </EmptyState>
      </>
    );
  }
  return (
    <div className="checklist">
      <UnreadableNotice answers={[checklist.data]} />
      {evaluation.overall_assessment && (
        <section aria-label="Overall assessment" className="assessment">
          <h3>Overall assessment</h3>
          <p>{evaluation.overall_assessment}</p>
        </section>
      )}
      {groupByStatus(evaluation.items).map(([status, items]) => (
        <section key={status} aria-label={`${status ? humanize(status) : 'No status'} items`}>
          <h3>
            <StatusBadge value={status} tones={checklistItemTones} label={status ? undefined : 'No status'} />{' '}
            <span className="muted small">{items.length}</span>
          </h3>
          <ul className="plain-list">
            {items.map((item, index) => (
              <li key={item.id ?? index} className="check-item">
                <p className="check-title">{item.item_text || 'Unnamed item'}</p>
                {item.item_description && <p className="muted">{item.item_description}</p>}
                {item.reasoning && (
                  <p>
                    <strong>Why: </strong>
                    {item.reasoning}
                  </p>
                )}
                {item.improvement_suggestion && (
                  <p>
                    <strong>Try next time: </strong>
                    {item.improvement_suggestion}
                  </p>
                )}
                {item.evidence.length > 0 && (
                  <ul className="evidence" aria-label="Evidence">
                    {item.evidence.map((evidence, evidenceIndex) => (
                      <li key={evidence.id ?? evidenceIndex}>
                        <button
                          type="button"
                          className="quote"
                          disabled={!canJump(evidence.text)}
                          onClick={() => onQuote(evidence.text)}
                          aria-label={`Show in transcript: ${evidence.text}`}
                        >
                          “{evidence.text}”
                        </button>
                        {evidence.relevance && (
                          <span className="muted small"> {humanize(evidence.relevance)} relevance</span>
                        )}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
