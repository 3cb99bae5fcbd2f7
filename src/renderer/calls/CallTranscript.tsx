import { useQuery } from '@tanstack/react-query';
import { memo, useMemo } from 'react';
import type { PrivateNote } from '../../shared/private-notes';
import { CALL_NOTE_KINDS, noteQueries } from '../notes/queries';
import { EmptyState } from '../shared-ui/EmptyState';
import { ErrorState } from '../shared-ui/ErrorState';
import { SkeletonBlock } from '../shared-ui/Skeleton';
import { UnreadableNotice } from '../shared-ui/UnreadableNotice';
import { TalkTime } from './TalkTime';
import { Transcript } from './Transcript';
import type { TranscriptFocus } from './transcript-focus';
import type { TranscriptLine } from './transcript-lines';
import { lineAtMoment } from './transcript-lookup';
import { useTranscriptLines } from './useTranscriptLines';

/**
 * The call page's transcript card: talk time and the lines. The line in focus is the one the
 * address names (a segment, or the moment of a moment link) until a jump made on the page. Not
 * rendered again with the page (the call's own answer replacing the list's record of it, a job's
 * progress): it reads what it shows.
 */
export const CallTranscript = memo(function CallTranscript({
  callId,
  segmentId,
  seconds,
  highlight,
  jumped,
  onCurrent,
}: {
  callId: string;
  segmentId: string | null;
  seconds: number | null;
  highlight: string | null;
  jumped: TranscriptFocus | null;
  onCurrent: (line: TranscriptLine | null) => void;
}) {
  const { transcript, lines } = useTranscriptLines(callId);
  // A moment link names a time, not a segment: the line said then, once the transcript is here.
  const momentSegmentId = seconds === null ? null : (lines.all()[lineAtMoment(lines.all(), seconds)]?.id ?? null);
  const routeSegmentId = segmentId ?? momentSegmentId;
  const notes = useQuery(noteQueries.about(CALL_NOTE_KINDS, callId)).data;
  const lineNotes = useMemo(() => notesByLine(notes ?? []), [notes]);
  const routeFocus = useMemo(
    () => (routeSegmentId ? { segmentId: routeSegmentId, highlight, seq: 0 } : null),
    [routeSegmentId, highlight],
  );
  return (
    <section className="card transcript-card" aria-labelledby="transcript-heading">
      <h2 id="transcript-heading">Transcript</h2>
      {transcript.isPending ? (
        <SkeletonBlock height={560} label="Loading transcript" />
      ) : transcript.isError ? (
        <ErrorState error={transcript.error} onRetry={() => transcript.refetch()} />
      ) : (
        <>
          <UnreadableNotice answers={[transcript.data]} />
          {lines.length === 0 ? (
            <EmptyState title="No transcript for this call" />
          ) : (
            <>
              <TalkTime transcript={lines} />
              <Transcript
                callId={callId}
                transcript={lines}
                focus={jumped ?? routeFocus}
                lineNotes={lineNotes}
                onCurrent={onCurrent}
              />
            </>
          )}
        </>
      )}
    </section>
  );
});

function notesByLine(notes: readonly PrivateNote[]): ReadonlyMap<string, PrivateNote[]> {
  const byLine = new Map<string, PrivateNote[]>();
  for (const note of notes) {
    if (note.place.kind !== 'line') continue;
    byLine.set(note.place.segmentId, [...(byLine.get(note.place.segmentId) ?? []), note]);
  }
  return byLine;
}
