import type { AppParts, Handlers } from './operation-handlers';

type NotesOperation = 'listNotes' | 'saveNote' | 'removeNote';

/** The manager's private notes: the active workspace's local copy only, never the service. */
export function notesOperations({ workspaces, engine }: AppParts): Handlers<NotesOperation> {
  return {
    listNotes: async (query) => engine.listNotes(workspaces.active().id, query),
    saveNote: async (note) => engine.saveNote(workspaces.active().id, note),
    removeNote: async (note) => engine.removeNote(workspaces.active().id, note),
  };
}
