import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from '../navigation/router';
import { placePath, placeWords } from './note-place';
import { NOTE_MATCHES_SHOWN, noteQueries } from './queries';
import './notes.css';

/**
 * "Your notes" beside a search's transcript lines: the manager's notes that hold the text searched
 * for, each opening where it was written. Read from the local copy alone; nothing when none match.
 */
export function NoteMatches({ text }: { text: string | null }) {
  const headingId = useId();
  const wanted = text?.trim() ?? '';
  const notes = useQuery({ ...noteQueries.search(wanted), enabled: wanted !== '' });
  if (wanted === '' || !notes.data || notes.data.length === 0) return null;
  return (
    <section className="card note-matches" aria-labelledby={headingId}>
      <h2 id={headingId}>
        Your notes{' '}
        <span className="muted small">
          ({notes.data.length === NOTE_MATCHES_SHOWN ? `${NOTE_MATCHES_SHOWN} newest` : notes.data.length})
        </span>
      </h2>
      <ul className="note-list">
        {notes.data.map((note) => (
          <li key={note.id} className="note">
            <Link to={placePath(note)}>{placeWords(note.place, note.placeName)}</Link>
            <p className="note-body">{note.body}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
