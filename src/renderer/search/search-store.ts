import { create } from 'zustand';

/** The search box survives closing the palette, so reopening it picks up where the person left off. */
interface SearchBoxState {
  text: string;
  videoId: string;
  dealId: string;
  setText: (text: string) => void;
  setVideoId: (videoId: string) => void;
  setDealId: (dealId: string) => void;
}

export const useSearchBox = create<SearchBoxState>((set) => ({
  text: '',
  videoId: '',
  dealId: '',
  setText: (text) => set({ text }),
  setVideoId: (videoId) => set({ videoId }),
  setDealId: (dealId) => set({ dealId }),
}));
