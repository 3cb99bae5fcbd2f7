import { create } from 'zustand';

/** UI state the service does not own: open overlays and notices. Server data lives in TanStack Query. */
interface UiState {
  searchOpen: boolean;
  helpOpen: boolean;
  /** A key problem (401) was met; the re-enter-key dialog is open. */
  keyPromptOpen: boolean;
  /** The client is waiting before a retry (clientWaiting event); null when not. */
  slowDown: { code: string; until: number } | null;
  openSearch: () => void;
  closeSearch: () => void;
  setHelpOpen: (open: boolean) => void;
  setKeyPromptOpen: (open: boolean) => void;
  noteSlowDown: (code: string, retryInMs: number) => void;
  clearSlowDown: () => void;
}

export const useUiStore = create<UiState>((set) => ({
  searchOpen: false,
  helpOpen: false,
  keyPromptOpen: false,
  slowDown: null,
  openSearch: () => set({ searchOpen: true, helpOpen: false }),
  closeSearch: () => set({ searchOpen: false }),
  setHelpOpen: (helpOpen) => set({ helpOpen }),
  setKeyPromptOpen: (keyPromptOpen) => set({ keyPromptOpen }),
  noteSlowDown: (code, retryInMs) => set({ slowDown: { code, until: Date.now() + retryInMs } }),
  clearSlowDown: () => set({ slowDown: null }),
}));
