import { create } from 'zustand';
import type { JobKind } from '../../shared/bridge';

/**
 * A job the person started from a deal or a call. When the service's answer to the start could
 * not be read and the history did not show the job yet, its id is null and the entry keeps what
 * finding it takes: the request id to show, and the ids the history held before the start.
 */
export type StartedJob =
  | { jobId: string; startedAt: number }
  | { jobId: null; startedAt: number; requestId: string; known: readonly string[] | null };

/** Which job the person started from each deal or call, so its progress survives leaving the page. */
interface LiveJobsState {
  started: Record<string, StartedJob>;
  track: (kind: JobKind, parentId: string, jobId: string) => void;
  /** A start whose answer could not be read: its job is looked for in the history. */
  startedUnread: (kind: JobKind, parentId: string, requestId: string, known: readonly string[] | null) => void;
}

export const liveJobKey = (kind: JobKind, parentId: string) => `${kind}:${parentId}`;

export const useLiveJobsStore = create<LiveJobsState>((set) => ({
  started: {},
  track: (kind, parentId, jobId) =>
    set((state) => {
      const key = liveJobKey(kind, parentId);
      // Found after a start whose answer could not be read, it keeps the start's time.
      const previous = state.started[key];
      const startedAt = previous?.jobId === null ? previous.startedAt : Date.now();
      return { started: { ...state.started, [key]: { jobId, startedAt } } };
    }),
  startedUnread: (kind, parentId, requestId, known) =>
    set((state) => ({
      started: {
        ...state.started,
        [liveJobKey(kind, parentId)]: { jobId: null, startedAt: Date.now(), requestId, known },
      },
    })),
}));
