import type { AppParts, Handlers } from './operation-handlers';

type CoachingOperation =
  | 'listRepDeals'
  | 'getRepFigures'
  | 'getChecklistMatrix'
  | 'listChecklistMisses'
  | 'getReviewQueue'
  | 'setReviewDecision'
  | 'markReviewPass'
  | 'listOneOnOneCalls';

/** The coaching screens' reads: each answered by the active workspace's local copy alone. */
export function coachingOperations(app: AppParts): Handlers<CoachingOperation> {
  const { workspaces, engine } = app;
  return {
    listRepDeals: async (params) => engine.repDeals(workspaces.active().id, params),
    getRepFigures: async (params) => engine.repFigures(workspaces.active().id, params),
    getChecklistMatrix: async (params) => engine.checklistMatrix(workspaces.active().id, params),
    listChecklistMisses: async (params) => engine.checklistMisses(workspaces.active().id, params),
    getReviewQueue: async (params) => engine.reviewQueue(workspaces.active().id, params),
    setReviewDecision: async ({ callId, decision }) =>
      engine.setReviewDecision(workspaces.active().id, callId, decision),
    markReviewPass: async (params) => engine.markReviewPass(workspaces.active().id, params),
    listOneOnOneCalls: async (params) => ({ calls: await engine.oneOnOneCalls(workspaces.active().id, params) }),
  };
}
