import { startedJobIn } from '../../../shared/api';
import { forWindow } from './job-outbox';
import type { Job } from './job-watcher';
import type { AppParts, Handlers } from './operation-handlers';

type SearchOperation =
  | 'listSavedSearches'
  | 'saveSearch'
  | 'openSavedSearch'
  | 'deleteSavedSearch'
  | 'restoreSavedSearch'
  | 'listRecentSearches'
  | 'addRecentSearch';
type JobOperation = 'watchJob' | 'unwatchJob' | 'findStartedJob' | 'listQueuedJobs' | 'queueJob' | 'cancelQueuedJob';

/** The active workspace's saved and recent searches. */
export function searchOperations(app: AppParts): Handlers<SearchOperation> {
  const { savedSearches, workspaces, settings } = app;
  return {
    listSavedSearches: async () => savedSearches.list(workspaces.active().id),
    saveSearch: async ({ name, ...query }) => savedSearches.save(workspaces.active().id, { name, ...query }),
    openSavedSearch: async ({ id }) => savedSearches.open(workspaces.active().id, id),
    deleteSavedSearch: async ({ id }) => savedSearches.remove(workspaces.active().id, id),
    restoreSavedSearch: async (search) => savedSearches.restore(workspaces.active().id, search),
    listRecentSearches: async () => settings.read().recentSearches[workspaces.active().id] ?? [],
    addRecentSearch: async ({ q }) => settings.addRecentSearch(workspaces.active().id, q),
  };
}

/**
 * Analyses and scorings the window started: followed by main's watcher, found again when a start
 * could not be read, queued while the service could not be reached (job-outbox.ts).
 */
export function jobOperations(app: AppParts): Handlers<JobOperation> {
  const { jobs, workspaces, engine, outbox } = app;
  return {
    watchJob: async (ref) => {
      jobs.watch(workspaces.active().id, ref);
      return {};
    },
    unwatchJob: async (ref) => {
      jobs.unwatch(workspaces.active().id, ref);
      return {};
    },
    findStartedJob: async ({ kind, parentId, known }, signal) => {
      const workspace = workspaces.active();
      const history = kind === 'analysis' ? 'listAnalyses' : 'listScorings';
      const { data } = (await app.service.ask(workspace, history, { id: parentId }, signal)) as { data: Job[] };
      // The history the screen reads next asks the service too, so it shows the job found.
      await engine.expectChanges(workspace.id);
      return { jobId: startedJobIn(data, known) ?? null };
    },
    listQueuedJobs: async () => forWindow(await engine.queuedJobs(workspaces.active().id, { do: 'list' })),
    queueJob: async (job) => forWindow(await outbox.queue(workspaces.active().id, job)),
    cancelQueuedJob: async ({ idempotencyKey }) =>
      forWindow(await outbox.cancel(workspaces.active().id, idempotencyKey)),
  };
}
