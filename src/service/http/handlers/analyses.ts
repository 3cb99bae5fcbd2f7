import { startAnalysis } from '../../analysis/start-analysis';
import { findVideo } from '../../queries/videos';
import type { HandlerRegistry } from '../handler';
import { notFound } from '../service-error';

/**
 * 202 with the analysis in `processing`; the job queue does the work. A call without a usable
 * transcript is still accepted: its job fails with transcript_unavailable (design.md).
 */
export const analysisHandlers = {
  startAnalysis: ({ ctx, caller, input: { params } }) => {
    const video = findVideo(ctx.db, caller.orgId, params.id);
    if (!video) throw notFound('video');
    const now = ctx.now().toISOString();
    return { data: ctx.db.transaction(() => startAnalysis(ctx.db, caller.orgId, video.id, now)).immediate() };
  },
} satisfies HandlerRegistry;
