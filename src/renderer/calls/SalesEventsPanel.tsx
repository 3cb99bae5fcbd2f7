import type { UseQueryResult } from '@tanstack/react-query';
import type { SalesEvent } from '../../shared/api';
import { humanize } from '../../shared/humanize';
import { EmptyState } from '../shared-ui/EmptyState';
import { ErrorState } from '../shared-ui/ErrorState';
import { formatClock } from '../shared-ui/format';
import { SkeletonRows } from '../shared-ui/Skeleton';
import { type AnswerWithUnreadable, UnreadableNotice } from '../shared-ui/UnreadableNotice';

/**
 * The call's sales events; each jumps to its moment in the transcript. `scale` turns the
 * service's time unit into seconds (the transcript's, see transcript-lines.ts).
 */
export function SalesEventsPanel({
  events,
  scale,
  onJump,
}: {
  events: UseQueryResult<AnswerWithUnreadable & { data: SalesEvent[] }>;
  scale: number;
  onJump: (event: SalesEvent, seconds: number | null) => void;
}) {
  if (events.isPending) return <SkeletonRows rows={4} height={48} label="Loading sales events" />;
  if (events.isError) return <ErrorState error={events.error} onRetry={() => events.refetch()} />;
  const notice = <UnreadableNotice answers={[events.data]} />;
  if (events.data.data.length === 0) {
    return (
      <>
        {notice}
        <EmptyState title="No sales events found in this call" />
      </>
    );
  }
  return (
    <>
      {notice}
      <ul className="plain-list events">
        {events.data.data.map((event) => {
          const seconds = typeof event.start === 'number' ? event.start * scale : null;
          const time = seconds === null ? '—' : formatClock(seconds);
          const type = event.type ? humanize(event.type) : 'Event';
          return (
            <li key={event.id}>
              <button
                type="button"
                className="event-jump"
                onClick={() => onJump(event, seconds)}
                aria-label={`Jump to ${time}: ${type}, ${event.text ?? ''}`}
              >
                <span className="segment-time">{time}</span>
                <span className="badge">{type}</span>
                <span>{event.text}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </>
  );
}
