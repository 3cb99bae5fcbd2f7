import { create } from 'zustand';
import type { NotePlace, PrivateNote } from '../../shared/private-notes';

/** What the note editor opens on: a place for a new note, or a note to change. */
export type NoteEditorRequest = { place: NotePlace; note?: undefined } | { note: PrivateNote; place?: undefined };

interface NoteEditorState {
  request: NoteEditorRequest | null;
  close(): void;
}

export const useNoteEditor = create<NoteEditorState>((set) => ({
  request: null,
  close: () => set({ request: null }),
}));

/**
 * Opens the one note editor of the app (`NoteEditor`, in the shell) on a place or a note: what `N`
 * does on a call, a transcript line, a deal, a rep, and whatever else offers a note.
 */
export function openNoteEditor(request: NoteEditorRequest): void {
  useNoteEditor.setState({ request });
}
