import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { NoteKind, NotePlace, PrivateNote } from '../../shared/private-notes';
import { Link } from '../navigation/router';
import { ErrorState } from '../shared-ui/ErrorState';
import { formatDateTime } from '../shared-ui/format';
import { useKeyShortcut } from '../shared-ui/key-shortcut';
import { useScreenActions } from '../shared-ui/screen-actions';
import { openNoteEditor } from './note-editor';
import { lineWords, placePath } from './note-place';
import { noteQueries, noteWrites } from './queries';
import './notes.css';

/**
 * `N`, and "Add a private note" in the palette, open the note editor on the place this screen
 * shows (a function: a call's place is its marked line, if any).
 */
export function useNoteKey(place: () => NotePlace | null): void {
  const addNote = () => {
    const here = place();
    if (here) openNoteEditor({ place: here });
  };
  useKeyShortcut('n', addNote);
  useScreenActions([
    { id: 'note.add', title: 'Add a private note', key: 'N', keywords: 'write private note', run: addNote },
  ]);
}

/**
 * The manager's private notes about a record, newest first, each editable and removable, with
 * "Add note" for the record itself. A call's card lists its lines' notes too, each linking to its line.
 */
export function PlaceNotes({
  place,
  kinds,
  headingId,
}: {
  place: NotePlace;
  kinds: readonly NoteKind[];
  headingId: string;
}) {
  const notes = useQuery(noteQueries.about(kinds, place.id));
  return (
    <section className="card place-notes" aria-labelledby={headingId}>
      <div className="card-header">
        <h2 id={headingId}>Your notes</h2>
        <button type="button" className="button small" aria-keyshortcuts="n" onClick={() => openNoteEditor({ place })}>
          Add note <kbd>N</kbd>
        </button>
      </div>
      {notes.isError ? (
        <ErrorState error={notes.error} onRetry={() => notes.refetch()} title="Your notes could not be read" />
      ) : !notes.data?.length ? (
        // Also while the notes are read: the line holds their place, so the page below does not move.
        <p className="muted small">Private: kept in this workspace’s local copy, never sent. Press N to add one.</p>
      ) : (
        <NoteList notes={notes.data ?? []} linkLines />
      )}
    </section>
  );
}

/** Notes, each with when it was last written, Edit and Remove; a line's note links to its line. */
export function NoteList({ notes, linkLines = false }: { notes: readonly PrivateNote[]; linkLines?: boolean }) {
  const queryClient = useQueryClient();
  return (
    <ul className="note-list">
      {notes.map((note) => (
        <li key={note.id} className="note">
          <p className="note-body">{note.body}</p>
          <p className="note-meta muted small">
            {linkLines && note.place.kind === 'line' && (
              <>
                <Link to={placePath(note)}>{lineWords(note.place.seconds)}</Link> ·{' '}
              </>
            )}
            {formatDateTime(note.updatedAt)}
            <button
              type="button"
              className="button small link-button"
              onClick={() => openNoteEditor({ note })}
              aria-label={`Edit note: ${note.body.slice(0, 40)}`}
            >
              Edit
            </button>
            <button
              type="button"
              className="button small link-button"
              onClick={() => void noteWrites.remove(queryClient, note)}
              aria-label={`Remove note: ${note.body.slice(0, 40)}`}
            >
              Remove
            </button>
          </p>
        </li>
      ))}
    </ul>
  );
}
