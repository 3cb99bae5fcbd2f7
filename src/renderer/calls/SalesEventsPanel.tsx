import { useQuery } from '@tanstack/react-query';
import type { SalesEvent } from '../../shared/api';
import { humanize } from '../../shared/humanize';
import { EmptyState } from '../shared-ui/EmptyState';
import { ErrorState } from '../shared-ui/ErrorState';
import { formatClock } from '../shared-ui/format';
import { SkeletonRows } from '../shared-ui/Skeleton';
import { UnreadableNotice } from '../shared-ui/UnreadableNotice';
import { callQueries } from './queries';
import type { TranscriptLine } from './transcript-lines';
import { useTranscriptLines } from './useTranscriptLines';

/** The line a sales event points at, or the first one said at or after its moment (in seconds). */
function lineOfEvent(
  lines: readonly TranscriptLine[],
  event: SalesEvent,
  start: number | null,
): TranscriptLine | undefined {
  return (
    lines.find((line) => line.id === event.segment_id) ??
    (start === null ? undefined : lines.find((line) => line.end !== null && line.end >= start))
  );
}

/**
 * The call's sales events; each jumps to its moment in the transcript. The transcript's scale
 * turns the service's time unit into seconds (see transcript-lines.ts).
 */
export function SalesEventsPanel({ callId, onJump }: { callId: string; onJump: (segmentId: string) => void }) {
  const events = useQuery(callQueries.events(callId));
  const { lines } = useTranscriptLines(callId);
  const { scale } = lines;
  const jump = (event: SalesEvent, seconds: number | null) => {
    const line = lineOfEvent(lines.all(), event, seconds);
    if (line) onJump(line.id);
  };
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
                onClick={() => jump(event, seconds)}
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
