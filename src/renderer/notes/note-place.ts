import { dealLink, momentLink } from '../../shared/moment-link';
import type { NotePlace, PrivateNote } from '../../shared/private-notes';
import { paths } from '../navigation/routes';
import { formatClock } from '../shared-ui/format';

/** A line of a call, in words: "Line at 2:05". */
export const lineWords = (seconds: number | null) => (seconds === null ? 'A line' : `Line at ${formatClock(seconds)}`);

/** Where a note was written, in words: "Line at 2:05 of Discovery call", "Deal Acme renewal". */
export function placeWords(place: NotePlace, placeName: string | null): string {
  const named = (kind: string) => (placeName ? `${kind} ${placeName}` : `${kind} ${place.id}`);
  switch (place.kind) {
    case 'line':
      return `${lineWords(place.seconds)} of ${placeName ?? `call ${place.id}`}`;
    case 'call':
      return named('Call');
    case 'deal':
      return named('Deal');
    case 'rep':
      return placeName ?? `Rep ${place.id}`;
  }
}

/** The address that shows a note where it belongs: its line in the call, the call, the deal, the rep's page. */
export function placePath(note: Pick<PrivateNote, 'place'>): string {
  const { place } = note;
  switch (place.kind) {
    case 'line':
      return paths.call(place.id, { segmentId: place.segmentId });
    case 'call':
      return paths.call(place.id);
    case 'deal':
      return paths.deal(place.id);
    case 'rep':
      return paths.rep(place.id);
  }
}

/** The callscope:// link that opens a note's place, for a document; a rep has none (links open calls and deals). */
export function placeLink({ place }: Pick<PrivateNote, 'place'>): string | null {
  switch (place.kind) {
    case 'line':
      return momentLink(place.id, place.seconds);
    case 'call':
      return momentLink(place.id);
    case 'deal':
      return dealLink(place.id);
    case 'rep':
      return null;
  }
}
