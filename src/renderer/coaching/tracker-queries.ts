import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { TrackerDefinition } from '../../shared/trackers';
import { bridgeErrorOf, call } from '../api';
import { describeError } from '../shared-ui/error-text';
import { useUndoOffer } from '../state/undo-offer';
import { coachingKeys } from './queries';

/**
 * The trackers' reads. Under the coaching keys: a change to what the copy holds reads the report
 * again, so a tracker follows the sync as it fills the copy.
 */
export const trackerKeys = {
  all: [...coachingKeys.all, 'trackers'] as const,
  list: () => [...trackerKeys.all, 'list'] as const,
  report: (id: string) => [...trackerKeys.all, 'report', id] as const,
  lines: (id: string, callIds: readonly string[]) => [...trackerKeys.all, 'lines', id, callIds] as const,
};

export const trackerQueries = {
  list: () => queryOptions({ queryKey: trackerKeys.list(), queryFn: ({ signal }) => call('listTrackers', {}, signal) }),
  report: (id: string) =>
    queryOptions({
      queryKey: trackerKeys.report(id),
      queryFn: ({ signal }) => call('getTrackerReport', { id }, signal),
    }),
  lines: (id: string, callIds: readonly string[]) =>
    queryOptions({
      queryKey: trackerKeys.lines(id, callIds),
      queryFn: ({ signal }) => call('listTrackerHits', { id, callIds: [...callIds] }, signal),
      enabled: callIds.length > 0,
    }),
};

/**
 * Defining, editing and removing trackers, each offered for undo (the toast, Ctrl Z): a new one
 * is removed again, an edit put back as it was, a removed one brought back with its id.
 * Resolves to the tracker's id (null when nothing was kept).
 */
export function useTrackerActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trackerKeys.all });
  const save = async (definition: TrackerDefinition, id?: string) => {
    try {
      return await call('saveTracker', { ...definition, id });
    } finally {
      await refresh();
    }
  };
  const remove = async (id: string) => {
    try {
      return await call('removeTracker', { id });
    } finally {
      await refresh();
    }
  };
  const { offerUndo, tell } = useUndoOffer.getState();
  const notKept = (error: unknown) => tell(`Not kept: ${describeError(bridgeErrorOf(error))}`);
  return {
    async define(definition: TrackerDefinition, id?: string): Promise<string | null> {
      try {
        const { before, after } = await save(definition, id);
        if (before) {
          offerUndo(`Tracker “${after.name}” changed.`, async () => {
            await save(before, before.id);
          });
        } else {
          offerUndo(`Tracker “${after.name}” added.`, async () => {
            await remove(after.id);
          });
        }
        return after.id;
      } catch (error) {
        notKept(error);
        return null;
      }
    },
    async remove(id: string): Promise<boolean> {
      try {
        const { removed } = await remove(id);
        offerUndo(`Tracker “${removed.name}” removed.`, async () => {
          await save(removed, removed.id);
        });
        return true;
      } catch (error) {
        notKept(error);
        return false;
      }
    },
  };
}
