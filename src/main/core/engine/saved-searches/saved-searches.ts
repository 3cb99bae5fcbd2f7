import { randomUUID } from 'node:crypto';
import { SEARCH_MAX_LIMIT } from '../../../../shared/api';
import type { ApiResult, SavedSearch } from '../../../../shared/bridge';
import type { Notifier } from '../../platform/notifier';
import type { StoredSavedSearch } from '../../platform/settings/settings-schema';
import type { SettingsStore } from '../../platform/settings/settings-store';
import { ApiError } from '../../service-client/api-client/api-error';

/** The service reads a check makes; any failure leaves the counts of the last good check. */
export interface SavedSearchReads {
  listVideos(params: { created_after: string; limit: number; cursor?: string }): Promise<ApiResult<'listVideos'>>;
  searchTranscripts(params: {
    q: string;
    video_id?: string;
    deal_id?: string;
    limit: number;
  }): Promise<ApiResult<'searchTranscripts'>>;
}

export interface SavedSearchesOptions {
  settings: SettingsStore;
  notifier: Notifier;
  /** A check found other new matches, or the list changed. */
  changed(workspaceId: string): void;
  /** A notification was clicked: open the call with the newest new match. */
  openCall(workspaceId: string, videoId: string): void;
  now?: () => Date;
}

/** A workspace with a few hundred new calls since a search was last run is read no further. */
const NEW_CALL_PAGES = 5;

const view = ({ workspaceId: _workspace, ...saved }: StoredSavedSearch): SavedSearch => saved;

/**
 * Searches kept under a name per workspace, and the check that counts their matches in calls
 * created since each was last run. A hit carries no date, so a check lists the calls created since
 * the oldest of those moments once, then runs each search and counts its hits in them; the service
 * orders hits newest call first, so the new calls' hits lead its capped answer, and a count that
 * fills the whole answer is "at least".
 */
export function createSavedSearches(options: SavedSearchesOptions) {
  const now = options.now ?? (() => new Date());
  const all = () => options.settings.read().savedSearches;
  const listOf = (workspaceId: string) => all().filter((saved) => saved.workspaceId === workspaceId);

  function write(change: (saved: StoredSavedSearch[]) => StoredSavedSearch[], workspaceId: string, tell = true) {
    options.settings.update((current) => ({ ...current, savedSearches: change(current.savedSearches) }));
    if (tell) options.changed(workspaceId);
    return listOf(workspaceId).map(view);
  }

  function find(workspaceId: string, id: string): StoredSavedSearch {
    const saved = listOf(workspaceId).find((candidate) => candidate.id === id);
    if (!saved) throw new ApiError({ code: 'not_found', message: 'That saved search no longer exists.' });
    return saved;
  }

  async function newCallsSince(since: string, reads: SavedSearchReads): Promise<Map<string, number>> {
    const created = new Map<string, number>();
    let cursor: string | undefined;
    for (let page = 0; page < NEW_CALL_PAGES; page++) {
      const answer = await reads.listVideos({ created_after: since, limit: SEARCH_MAX_LIMIT, cursor });
      for (const video of answer.data) {
        const at = Date.parse(video.created_at ?? '');
        if (!Number.isNaN(at)) created.set(video.id, at);
      }
      cursor = answer.meta.next_cursor ?? undefined;
      if (!cursor) break;
    }
    return created;
  }

  async function countNew(saved: StoredSavedSearch, created: Map<string, number>, reads: SavedSearchReads) {
    const openedAt = Date.parse(saved.lastOpenedAt);
    const isNew = (videoId: string) => (created.get(videoId) ?? Number.NEGATIVE_INFINITY) > openedAt;
    if (![...created.keys()].some(isNew) || (saved.videoId && !isNew(saved.videoId))) {
      return { newMatches: 0, newCapped: false, newestCallId: null };
    }
    const answer = await reads.searchTranscripts({
      q: saved.q,
      limit: SEARCH_MAX_LIMIT,
      ...(saved.videoId ? { video_id: saved.videoId } : {}),
      ...(saved.dealId ? { deal_id: saved.dealId } : {}),
    });
    const fresh = answer.data.filter((hit) => isNew(hit.video_id));
    return {
      newMatches: fresh.length,
      newCapped: answer.meta.truncated === true && fresh.length === answer.data.length,
      newestCallId: fresh[0]?.video_id ?? null,
    };
  }

  return {
    list: (workspaceId: string) => listOf(workspaceId).map(view),

    save(workspaceId: string, query: Pick<SavedSearch, 'name' | 'q' | 'videoId' | 'dealId'>): SavedSearch[] {
      const at = now().toISOString();
      const saved: StoredSavedSearch = {
        ...query,
        id: randomUUID(),
        workspaceId,
        lastOpenedAt: at,
        newMatches: 0,
        newCapped: false,
        newestCallId: null,
        checkedAt: null,
      };
      // The same name again replaces the earlier search: names are how the person tells them apart.
      return write(
        (current) => [
          ...current.filter((other) => other.workspaceId !== workspaceId || other.name !== query.name),
          saved,
        ],
        workspaceId,
      );
    },

    open(workspaceId: string, id: string): SavedSearch {
      const seen: StoredSavedSearch = {
        ...find(workspaceId, id),
        lastOpenedAt: now().toISOString(),
        newMatches: 0,
        newCapped: false,
        newestCallId: null,
      };
      write((current) => current.map((other) => (other.id === id ? seen : other)), workspaceId);
      return view(seen);
    },

    remove(workspaceId: string, id: string): SavedSearch[] {
      find(workspaceId, id);
      return write((current) => current.filter((other) => other.id !== id), workspaceId);
    },

    /**
     * Puts back a saved search as it was before a removal or a replacement (the person's undo): its
     * id, name and when it was last run, so its new matches are counted as before.
     */
    restore(workspaceId: string, search: SavedSearch): SavedSearch[] {
      const restored: StoredSavedSearch = { ...search, workspaceId };
      return write(
        (current) => [
          ...current.filter(
            (other) => other.workspaceId !== workspaceId || (other.name !== search.name && other.id !== search.id),
          ),
          restored,
        ],
        workspaceId,
      );
    },

    /** Counts every saved search's new matches; notifies of searches whose count grew. */
    async check(workspaceId: string, reads: SavedSearchReads): Promise<void> {
      const searches = listOf(workspaceId);
      if (searches.length === 0) return;
      const since = searches.map((saved) => saved.lastOpenedAt).sort()[0]!;
      const created = await newCallsSince(since, reads);
      const counted = new Map<string, Awaited<ReturnType<typeof countNew>>>();
      for (const saved of searches) {
        try {
          counted.set(saved.id, await countNew(saved, created, reads));
        } catch {
          // This search keeps its last count; the others are still worth counting.
        }
      }
      const checkedAt = now().toISOString();
      const grown = searches.filter((saved) => (counted.get(saved.id)?.newMatches ?? 0) > saved.newMatches);
      const differs = searches.some((saved) => {
        const result = counted.get(saved.id);
        return !!result && (result.newMatches !== saved.newMatches || result.newCapped !== saved.newCapped);
      });
      // A search run while this check was on its way keeps what running it set.
      const stillAsChecked = (saved: StoredSavedSearch) =>
        searches.find((before) => before.id === saved.id)?.lastOpenedAt === saved.lastOpenedAt;
      write(
        (current) =>
          current.map((saved) => {
            const result = counted.get(saved.id);
            return result && stillAsChecked(saved) ? { ...saved, ...result, checkedAt } : saved;
          }),
        workspaceId,
        differs,
      );
      for (const saved of grown) {
        const result = counted.get(saved.id)!;
        if (options.notifier.isAppInForeground() || !result.newestCallId) continue;
        const callId = result.newestCallId;
        options.notifier.notify({
          title: `Saved search “${saved.name}”`,
          body: `${result.newMatches}${result.newCapped ? '+' : ''} new ${result.newMatches === 1 ? 'match' : 'matches'} in new calls`,
          onClick: () => options.openCall(workspaceId, callId),
        });
      }
    },
  };
}

export type SavedSearches = ReturnType<typeof createSavedSearches>;
