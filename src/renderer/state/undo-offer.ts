import { create } from 'zustand';

/** The last local action the person can take back: what it did, in words, and how to undo it. */
export interface UndoOffer {
  id: number;
  message: string;
  /** Null for a note with nothing to undo (the undo itself failed, say). */
  undo: (() => Promise<void>) | null;
}

interface UndoOfferState {
  offer: UndoOffer | null;
  /** Replaces any offer on screen: only the newest action is offered for undo. */
  offerUndo(message: string, undo: () => Promise<void>): void;
  tell(message: string): void;
  dismiss(id: number): void;
}

let offers = 0;

/**
 * What the manager adds locally (design.md: every local action can be undone) is offered for
 * undo in one toast (`shared-ui/UndoToast.tsx`), with Ctrl Z while it is up.
 */
export const useUndoOffer = create<UndoOfferState>((set) => ({
  offer: null,
  offerUndo: (message, undo) => set({ offer: { id: ++offers, message, undo } }),
  tell: (message) => set({ offer: { id: ++offers, message, undo: null } }),
  dismiss: (id) => set((state) => (state.offer?.id === id ? { offer: null } : state)),
}));
