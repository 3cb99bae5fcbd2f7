import { searchTranscripts } from '../../search/index';
import type { HandlerRegistry } from '../handler';

/**
 * A `video_id` or `deal_id` of another organisation (or none at all) simply matches nothing:
 * the search only ever looks inside the caller's organisation (docs/decisions/service.md).
 */
export const searchHandlers = {
  searchTranscripts: ({ ctx, caller, input: { query } }) => {
    const { data, total_matches, truncated } = searchTranscripts(ctx.db, caller.orgId, query);
    return { data, meta: { total_matches, truncated } };
  },
} satisfies HandlerRegistry;
