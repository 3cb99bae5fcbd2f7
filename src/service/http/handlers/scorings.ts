import { findDeal } from '../../queries/deals';
import { startScoring } from '../../scoring/start-scoring';
import type { HandlerRegistry } from '../handler';
import { notFound } from '../service-error';

/** 202 with the scoring in `processing`; the job queue scores the deal (docs/scoring-model.md). */
export const scoringHandlers = {
  startScoring: ({ ctx, caller, input: { params } }) => {
    const deal = findDeal(ctx.db, caller.orgId, params.id);
    if (!deal) throw notFound('deal');
    const now = ctx.now().toISOString();
    return { data: ctx.db.transaction(() => startScoring(ctx.db, caller.orgId, deal.id, now)).immediate() };
  },
} satisfies HandlerRegistry;
