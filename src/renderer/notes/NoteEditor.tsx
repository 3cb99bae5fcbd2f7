import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { NOTE_MAX_CHARACTERS } from '../../shared/private-notes';
import { Dialog } from '../shared-ui/Dialog';
import { type NoteEditorRequest, useNoteEditor } from './note-editor';
import { noteWrites } from './queries';
import './notes.css';

/** The app's one note editor, opened by `openNoteEditor` on a place (a new note) or a note (to change it). */
export function NoteEditor() {
  const request = useNoteEditor((state) => state.request);
  const close = useNoteEditor((state) => state.close);
  return (
    <Dialog open={request !== null} onClose={close} title={request?.note ? 'Change note' : 'Add a private note'}>
      {/* Mounted only while open: each opening starts from the note as it is, or empty. */}
      {request && <NoteForm request={request} onDone={close} />}
    </Dialog>
  );
}

function NoteForm({ request, onDone }: { request: NoteEditorRequest; onDone: () => void }) {
  const queryClient = useQueryClient();
  const ids = { body: useId(), hint: useId() };
  const [body, setBody] = useState(request.note?.body ?? '');
  const [saving, setSaving] = useState(false);
  const unchanged = body.trim() === '' || body.trim() === request.note?.body;
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (unchanged || saving) return;
    setSaving(true);
    const { note } = request;
    const params = note
      ? { id: note.id, place: note.place, body: body.trim() }
      : { place: request.place, body: body.trim() };
    // Closed at once: the note shows where it belongs, and the toast says it was kept, or why not.
    onDone();
    await noteWrites.save(queryClient, params);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit(event);
  };
  return (
    <form className="form note-form" onSubmit={submit} aria-label={request.note ? 'Change note' : 'Add a note'}>
      <label htmlFor={ids.body}>Note</label>
      <textarea
        id={ids.body}
        value={body}
        rows={6}
        maxLength={NOTE_MAX_CHARACTERS}
        // biome-ignore lint/a11y/noAutofocus: the person asked to write a note; typing goes here
        autoFocus
        aria-describedby={ids.hint}
        onChange={(event) => setBody(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <p id={ids.hint} className="hint">
        Private: kept encrypted in this workspace’s local copy, never sent to the service. Ctrl Enter saves.
      </p>
      <div className="actions">
        <button
          type="submit"
          className="button primary"
          disabled={unchanged || saving}
          aria-keyshortcuts="Control+Enter"
        >
          Save note
        </button>
        <button type="button" className="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
