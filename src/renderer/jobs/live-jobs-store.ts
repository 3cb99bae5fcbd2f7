import { create } from 'zustand';
import type { JobKind } from '../../shared/bridge';

/** Which job the person started from each deal or call, so its progress survives leaving the page. */
interface LiveJobsState {
  started: Record<string, { jobId: string; startedAt: number }>;
  track: (kind: JobKind, parentId: string, jobId: string) => void;
  /** A start whose answer could not be read: the history's newest job is followed instead. */
  forget: (kind: JobKind, parentId: string) => void;
}

export const liveJobKey = (kind: JobKind, parentId: string) => `${kind}:${parentId}`;

export const useLiveJobsStore = create<LiveJobsState>((set) => ({
  started: {},
  track: (kind, parentId, jobId) =>
    set((state) => ({ started: { ...state.started, [liveJobKey(kind, parentId)]: { jobId, startedAt: Date.now() } } })),
  forget: (kind, parentId) =>
    set((state) => {
      const { [liveJobKey(kind, parentId)]: _, ...rest } = state.started;
      return { started: rest };
    }),
}));
