import { create } from 'zustand';
import type { SavedSearch } from '../../shared/bridge';

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

/** A saved search's text and filters put in the box, as running it shows them. */
export function loadSavedSearch(search: Pick<SavedSearch, 'q' | 'videoId' | 'dealId'>): void {
  useSearchBox.setState({ text: search.q, videoId: search.videoId ?? '', dealId: search.dealId ?? '' });
}
