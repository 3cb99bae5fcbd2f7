import { create } from 'zustand';

/** UI state the service does not own: open overlays and notices. Server data lives in TanStack Query. */
interface UiState {
  /** The command palette (`Ctrl K`): actions, screens and records. */
  paletteOpen: boolean;
  searchOpen: boolean;
  helpOpen: boolean;
  /** A key problem (401) was met; the re-enter-key dialog is open. */
  keyPromptOpen: boolean;
  /** The client is waiting before a retry (clientWaiting event); null when not. */
  slowDown: { code: string; until: number } | null;
  openPalette: () => void;
  closePalette: () => void;
  openSearch: () => void;
  closeSearch: () => void;
  setHelpOpen: (open: boolean) => void;
  setKeyPromptOpen: (open: boolean) => void;
  noteSlowDown: (code: string, retryInMs: number) => void;
  clearSlowDown: () => void;
}

export const useUiStore = create<UiState>((set) => ({
  paletteOpen: false,
  searchOpen: false,
  helpOpen: false,
  keyPromptOpen: false,
  slowDown: null,
  openPalette: () => set({ paletteOpen: true, searchOpen: false, helpOpen: false }),
  closePalette: () => set({ paletteOpen: false }),
  openSearch: () => set({ searchOpen: true, paletteOpen: false, helpOpen: false }),
  closeSearch: () => set({ searchOpen: false }),
  setHelpOpen: (helpOpen) => set({ helpOpen }),
  setKeyPromptOpen: (keyPromptOpen) => set({ keyPromptOpen }),
  noteSlowDown: (code, retryInMs) => set({ slowDown: { code, until: Date.now() + retryInMs } }),
  clearSlowDown: () => set({ slowDown: null }),
}));
