import type { CoachingCopy } from '../../shared/bridge';
import { type NameOf, scopeWords } from '../../shared/copy-scope';
import { formatDate } from '../shared-ui/format';

/** Whether a coaching screen's figures may be shown, and what it says of how far they reach. */
export interface Coverage {
  figures: boolean;
  note: string | null;
}

const SETTINGS = 'Workspace and key';

/**
 * What the local copy's state means for figures computed from it alone: none at all when it keeps
 * none, cannot be read, or keeps only some owners' deals (a rep's calls on other deals or on none
 * would be missing, and the figures wrong); none when it keeps fewer recent months than the screen
 * needs from `since`; otherwise the figures, with a note when they count only part of the workspace.
 */
export function copyCoverage(copy: CoachingCopy, since: number | null, nameOf: NameOf): Coverage {
  if (copy.kind === 'none') {
    const note = {
      off: `Coaching is worked out from the local copy, and this workspace keeps none now. Turn it on under ${SETTINGS}.`,
      unreadable: 'The local copy could not be read just now, so there is nothing to show. It is read again shortly.',
      unavailable: 'The local copy is starting again; this screen reads it in a moment.',
    }[copy.reason];
    return { figures: false, note };
  }
  const keeps = scopeWords(copy.scope, nameOf);
  if (copy.scope.kind === 'owners') {
    return {
      figures: false,
      note: `The local copy keeps only ${keeps}: a rep’s calls on other deals or on none are not in it, so no figures are shown. Choose to keep everything under ${SETTINGS}.`,
    };
  }
  let scopeNote: string | null = null;
  if (copy.scope.kind === 'recent' && copy.scopeSince !== null) {
    if (since !== null && since < Date.parse(copy.scopeSince)) {
      return {
        figures: false,
        note: `The local copy keeps only ${keeps}, since ${formatDate(copy.scopeSince)}; this page needs the calls since ${formatDate(new Date(since).toISOString())}. Keep more months under ${SETTINGS}.`,
      };
    }
    if (since === null) scopeNote = `Counted among ${keeps}, which the local copy keeps.`;
  }
  const notes = [scopeNote, syncNote(copy)].filter((note) => note !== null);
  return { figures: true, note: notes.length > 0 ? notes.join(' ') : null };
}

/** Whether the copy holds every call its sync knows of yet; null when it does. */
function syncNote(copy: Extract<CoachingCopy, { kind: 'held' }>): string | null {
  if (copy.sync === 'off')
    return 'The local copy is not synced in the background here: the figures count only the calls it holds.';
  if (!copy.walked)
    return `The local copy is still being filled: the figures count the ${copy.calls.stored} calls it holds so far.`;
  if (copy.calls.stored < copy.calls.known) {
    return `Still copying: ${copy.calls.stored} of ${copy.calls.known} calls stored; the figures count those.`;
  }
  return null;
}
