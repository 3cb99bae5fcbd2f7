import type { UseQueryResult } from '@tanstack/react-query';
import { type ChecklistEvaluation, type ChecklistItem, knownChecklistItemStatuses } from '../../shared/api';
import { ErrorState } from '../shared-ui/ErrorState';
import { humanize } from '../shared-ui/format';
import { SkeletonRows } from '../shared-ui/Skeleton';

/** Known statuses first in a fixed order, then any the service adds later. */
function groupByStatus(items: ChecklistItem[]): [string, ChecklistItem[]][] {
  const order: string[] = [...knownChecklistItemStatuses];
  const groups = new Map<string, ChecklistItem[]>();
  for (const item of items) groups.set(item.status, [...(groups.get(item.status) ?? []), item]);
  return [...groups.entries()].sort(([a], [b]) => rank(order, a) - rank(order, b));
}
const rank = (order: string[], status: string) => (order.includes(status) ? order.indexOf(status) : order.length);

export function ChecklistPanel({
  checklist,
  notAnalysed,
  onQuote,
  canJump,
}: {
  checklist: UseQueryResult<{ data: ChecklistEvaluation } | null>;
  notAnalysed: React.ReactNode;
  onQuote: (quote: string) => void;
  canJump: (quote: string) => boolean;
}) {
  if (checklist.isPending) return <SkeletonRows rows={4} height={80} label="Loading checklist" />;
  if (checklist.isError) return <ErrorState error={checklist.error} onRetry={() => checklist.refetch()} />;
  if (checklist.data === null) return notAnalysed;
  const evaluation = checklist.data.data;
  return (
    <div className="checklist">
      {evaluation.overall_assessment && (
        <section aria-label="Overall assessment" className="assessment">
          <h3>Overall assessment</h3>
          <p>{evaluation.overall_assessment}</p>
        </section>
      )}
      {groupByStatus(evaluation.items).map(([status, items]) => (
        <section key={status} aria-label={`${humanize(status)} items`}>
          <h3>
            <span className={`badge check-${status.toLowerCase()}`}>{humanize(status)}</span>{' '}
            <span className="muted small">{items.length}</span>
          </h3>
          <ul className="plain-list">
            {items.map((item) => (
              <li key={item.id} className="check-item">
                <p className="check-title">{item.item_text}</p>
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
                    {item.evidence.map((evidence) => (
                      <li key={evidence.id}>
                        <button
                          type="button"
                          className="quote"
                          disabled={!canJump(evidence.text)}
                          onClick={() => onQuote(evidence.text)}
                          aria-label={`Show in transcript: ${evidence.text}`}
                        >
                          “{evidence.text}”
                        </button>
                        <span className="muted small"> {humanize(evidence.relevance)} relevance</span>
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
