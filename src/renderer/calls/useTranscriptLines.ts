import { useQuery } from '@tanstack/react-query';
import type { TranscriptSegment } from '../../shared/api';
import { callReads } from '../records/call-reads';
import { useCallDuration } from './call-record';
import { TranscriptLines } from './transcript-lines';

const NO_LINES = new TranscriptLines([]);
/** One TranscriptLines per answer (and call length), so every part of the page converts a line once. */
const linesOfAnswer = new WeakMap<
  readonly TranscriptSegment[],
  { duration: number | null | undefined; lines: TranscriptLines }
>();

function linesOf(segments: readonly TranscriptSegment[] | undefined, duration: number | null | undefined) {
  if (!segments) return NO_LINES;
  const kept = linesOfAnswer.get(segments);
  if (kept && kept.duration === duration) return kept.lines;
  const lines = new TranscriptLines(segments, duration);
  linesOfAnswer.set(segments, { duration, lines });
  return lines;
}

/**
 * The call's transcript read and its lines (none until it is read). Each part of the page that
 * reads the transcript calls this itself, so its arrival renders those parts, not the whole page.
 */
export function useTranscriptLines(callId: string) {
  const transcript = useQuery(callReads.transcript(callId));
  const lines = linesOf(transcript.data?.data, useCallDuration(callId));
  return { transcript, lines };
}
