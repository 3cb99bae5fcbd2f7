import type { Db } from '../../db/database';
import { dealDetail, findDeal, listActivities, listDeals } from '../../queries/deals';
import { findScoring, listScorings } from '../../queries/jobs';
import type { HandlerRegistry } from '../handler';
import { notFound } from '../service-error';
import { pageReply } from './page-reply';

/** interface, Authentication 9: another organisation's deal is "not found", exactly like a missing one. */
function dealOf(db: Db, orgId: string, dealId: string) {
  const deal = findDeal(db, orgId, dealId);
  if (!deal) throw notFound('deal');
  return deal;
}

export const dealHandlers = {
  listDeals: ({ ctx, caller, input: { query } }) => pageReply(listDeals(ctx.db, caller.orgId, query)),
  getDeal: ({ ctx, caller, input: { params } }) => ({
    data: dealDetail(ctx.db, dealOf(ctx.db, caller.orgId, params.id)),
  }),
  listActivities: ({ ctx, caller, input: { params, query } }) =>
    pageReply(listActivities(ctx.db, dealOf(ctx.db, caller.orgId, params.id).id, query)),
  listScorings: ({ ctx, caller, input: { params, query } }) =>
    pageReply(listScorings(ctx.db, dealOf(ctx.db, caller.orgId, params.id).id, query)),
  getScoring: ({ ctx, caller, input: { params } }) => {
    const scoring = findScoring(ctx.db, dealOf(ctx.db, caller.orgId, params.id).id, params.scoring_id);
    if (!scoring) throw notFound('scoring');
    return { data: scoring };
  },
} satisfies HandlerRegistry;
