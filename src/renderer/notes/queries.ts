import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { OperationParams } from '../../shared/bridge';
import type { NoteChange, NoteKind, PrivateNote } from '../../shared/private-notes';
import { bridgeErrorOf, call } from '../api';
import { describeError } from '../shared-ui/error-text';
import { useUndoOffer } from '../state/undo-offer';

/** A call's notes: its own and its lines'. */
export const CALL_NOTE_KINDS: readonly NoteKind[] = ['call', 'line'];

/** How many notes a search shows, the newest. */
export const NOTE_MATCHES_SHOWN = 50;

export const noteKeys = {
  all: ['notes'] as const,
  about: (kinds: readonly NoteKind[], id: string) => [...noteKeys.all, 'about', id, kinds] as const,
  search: (text: string) => [...noteKeys.all, 'search', text] as const,
};

export const noteQueries = {
  /** The notes about a record (a call's own and its lines' with `kinds` ['call', 'line']). */
  about: (kinds: readonly NoteKind[], id: string) =>
    queryOptions({
      queryKey: noteKeys.about(kinds, id),
      queryFn: ({ signal }) => call('listNotes', { about: { kinds: [...kinds], id } }, signal),
    }),
  search: (text: string) =>
    queryOptions({
      queryKey: noteKeys.search(text),
      queryFn: ({ signal }) => call('listNotes', { text, limit: NOTE_MATCHES_SHOWN }, signal),
    }),
};

const save = (params: OperationParams<'saveNote'>) => call('saveNote', params);
const remove = (note: PrivateNote) => call('removeNote', { id: note.id });

/** Writes `before` back: a note added goes, one changed gets its text back, one removed returns. */
function undoOf({ before, after }: NoteChange): Promise<unknown> {
  if (before) return save({ id: before.id, place: before.place, body: before.body });
  return after ? remove(after) : Promise.resolve();
}

/**
 * Adds, changes or removes a note at once: every list of notes reads again, and the toast offers
 * to undo it (Ctrl Z while it shows). A write the copy refused says why in the toast.
 */
async function written(
  queryClient: QueryClient,
  write: () => Promise<NoteChange>,
  words: string,
): Promise<NoteChange | null> {
  const { offerUndo, tell } = useUndoOffer.getState();
  const reread = () => queryClient.invalidateQueries({ queryKey: noteKeys.all });
  try {
    const change = await write();
    offerUndo(words, async () => {
      try {
        await undoOf(change);
      } finally {
        await reread();
      }
    });
    return change;
  } catch (error) {
    tell(`Note not kept: ${describeError(bridgeErrorOf(error))}`);
    return null;
  } finally {
    await reread();
  }
}

export const noteWrites = {
  save: (queryClient: QueryClient, params: OperationParams<'saveNote'>) =>
    written(queryClient, () => save(params), params.id ? 'Note changed.' : 'Note added.'),
  remove: (queryClient: QueryClient, note: PrivateNote) => written(queryClient, () => remove(note), 'Note removed.'),
};
