import { createSavedSearches } from '../engine/saved-searches/saved-searches';
import type { Notifier } from '../platform/notifier';
import type { SettingsStore } from '../platform/settings/settings-store';
import type { BridgeEventListener, ServiceAccess } from './service-access';
import type { Workspaces } from './workspaces';

const SAVED_SEARCH_CHECK_EVERY_MS = 3 * 60_000;

export interface SavedSearchChecksOptions {
  settings: SettingsStore;
  notifier: Notifier;
  workspaces: Workspaces;
  service: ServiceAccess;
  emit: BridgeEventListener;
  everyMs?: number;
}

/** The saved searches, and their count of new matches for the workspace on screen, every few minutes. */
export function startSavedSearchChecks(options: SavedSearchChecksOptions) {
  const { workspaces, emit } = options;
  const savedSearches = createSavedSearches({
    settings: options.settings,
    notifier: options.notifier,
    changed: (workspaceId) => emit('savedSearchesChanged', { workspaceId }),
    async openCall(workspaceId, videoId) {
      if (workspaces.active().id !== workspaceId) await workspaces.switchTo(workspaceId);
      emit('navigate', { screen: 'call', id: videoId });
    },
  });
  const stopped = new AbortController();
  let checking = false;
  async function check(): Promise<void> {
    if (checking || stopped.signal.aborted) return;
    checking = true;
    try {
      const workspace = workspaces.active();
      const { signal } = stopped;
      await savedSearches.check(workspace.id, {
        listVideos: (params) => options.service.ask(workspace, 'listVideos', params, signal) as never,
        searchTranscripts: (params) => options.service.ask(workspace, 'searchTranscripts', params, signal) as never,
      });
    } catch {
      // No workspace, or the service is away: the counts stay as the last check left them.
    } finally {
      checking = false;
    }
  }
  const timer = setInterval(() => void check(), options.everyMs ?? SAVED_SEARCH_CHECK_EVERY_MS);
  timer.unref();
  return {
    savedSearches,
    stop(): void {
      clearInterval(timer);
      stopped.abort();
    },
  };
}
