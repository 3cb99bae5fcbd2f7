import type { AppParts, Handlers } from './operation-handlers';

type ReviewOperation =
  | 'whatChanged'
  | 'getDealReviewPack'
  | 'getDealReviewPacks'
  | 'listBookmarks'
  | 'markReviewed'
  | 'saveBookmark'
  | 'removeBookmark';

/** The manager's review of the active workspace: what changed, and the bookmarks it is read since. */
export function reviewOperations(app: AppParts): Handlers<ReviewOperation> {
  const { workspaces, engine } = app;
  return {
    whatChanged: async (params) => engine.whatChanged(workspaces.active().id, params),
    getDealReviewPack: async (params) => engine.dealReviewPack(workspaces.active().id, params),
    getDealReviewPacks: async (params) => engine.dealReviewPacks(workspaces.active().id, params),
    listBookmarks: async () => engine.listBookmarks(workspaces.active().id),
    markReviewed: async (params) => engine.markReviewed(workspaces.active().id, params),
    saveBookmark: async (params) => engine.saveBookmark(workspaces.active().id, params),
    removeBookmark: async (params) => engine.removeBookmark(workspaces.active().id, params),
  };
}
