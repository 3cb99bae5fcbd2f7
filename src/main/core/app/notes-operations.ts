import type { AppParts, Handlers } from './operation-handlers';

type NotesOperation =
  | 'listNotes'
  | 'saveNote'
  | 'removeNote'
  | 'getOneOnOneBrief'
  | 'markOneOnOne'
  | 'addActionItem'
  | 'setActionItemDone'
  | 'removeActionItem';

/** The manager's private notes and 1:1s with reps: the active workspace's local copy only, never the service. */
export function notesOperations({ workspaces, engine }: AppParts): Handlers<NotesOperation> {
  const active = () => workspaces.active().id;
  return {
    listNotes: async (query) => engine.listNotes(active(), query),
    saveNote: async (note) => engine.saveNote(active(), note),
    removeNote: async (note) => engine.removeNote(active(), note),
    getOneOnOneBrief: async (query) => engine.oneOnOneBrief(active(), query),
    markOneOnOne: async (mark) => engine.markOneOnOne(active(), mark),
    addActionItem: async (item) => engine.addActionItem(active(), item),
    setActionItemDone: async (item) => engine.setActionItemDone(active(), item),
    removeActionItem: async (item) => {
      await engine.removeActionItem(active(), item);
      return {};
    },
  };
}
