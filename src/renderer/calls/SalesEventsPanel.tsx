import type { UseQueryResult } from '@tanstack/react-query';
import type { SalesEvent } from '../../shared/api';
import { EmptyState } from '../shared-ui/EmptyState';
import { ErrorState } from '../shared-ui/ErrorState';
import { formatClock, humanize } from '../shared-ui/format';
import { SkeletonRows } from '../shared-ui/Skeleton';

export function SalesEventsPanel({
  events,
  onJump,
}: {
  events: UseQueryResult<{ data: SalesEvent[] }>;
  onJump: (event: SalesEvent) => void;
}) {
  if (events.isPending) return <SkeletonRows rows={4} height={48} label="Loading sales events" />;
  if (events.isError) return <ErrorState error={events.error} onRetry={() => events.refetch()} />;
  if (events.data.data.length === 0) return <EmptyState title="No sales events found in this call" />;
  return (
    <ul className="plain-list events">
      {events.data.data.map((event) => (
        <li key={event.id}>
          <button
            type="button"
            className="event-jump"
            onClick={() => onJump(event)}
            aria-label={`Jump to ${formatClock(event.start)}: ${humanize(event.type)}, ${event.text}`}
          >
            <span className="segment-time">{formatClock(event.start)}</span>
            <span className="badge">{humanize(event.type)}</span>
            <span>{event.text}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
