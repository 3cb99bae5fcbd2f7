import { useQuery } from '@tanstack/react-query';
import { quoteFinder } from '../../shared/quote-finder';
import { callQueries } from './queries';
import { useTranscriptLines } from './useTranscriptLines';

/**
 * Items not met in full, the worst first: an item NOT_MET rarely has evidence (nothing was said of
 * it), one PARTIALLY_MET has the little that was.
 */
const notMetInFull = ['NOT_MET', 'PARTIALLY_MET'];

/**
 * The first checklist item the call did not meet in full, by its evidence: where in the transcript its
 * first quote that can be found was said. Null while the checklist or the transcript is not read,
 * or when no such quote is found. Looked for when asked (the palette's action), not on each render.
 */
export function useFirstNotMetEvidence(callId: string, read: boolean) {
  const checklist = useQuery({ ...callQueries.checklist(callId), enabled: read });
  const { lines } = useTranscriptLines(callId);
  const items = checklist.data?.data.items ?? [];
  const quotes = notMetInFull
    .flatMap((status) => items.filter((item) => item.status === status))
    .flatMap((item) => item.evidence.map((evidence) => evidence.text));
  return {
    /** Whether an item not met has evidence to look for. */
    any: quotes.length > 0 && lines.length > 0,
    find: (): { segmentId: string; quote: string } | null => {
      const find = quoteFinder(() => lines.all());
      for (const quote of quotes) {
        const index = find(quote);
        if (index >= 0) return { segmentId: lines.at(index).id, quote };
      }
      return null;
    },
  };
}
