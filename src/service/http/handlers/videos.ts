import type { Db } from '../../db/database';
import { findAnalysis, listAnalyses } from '../../queries/jobs';
import {
  currentChecklistOf,
  currentSummaryOf,
  findVideo,
  listVideos,
  salesEventsOf,
  transcriptOf,
} from '../../queries/videos';
import type { HandlerRegistry } from '../handler';
import { lowerBound, upperBound } from '../query-timestamps';
import { notFound, ServiceError } from '../service-error';
import { pageReply } from './page-reply';

/** interface, Authentication 9: another organisation's video is "not found", exactly like a missing one. */
function videoOf(db: Db, orgId: string, videoId: string) {
  const video = findVideo(db, orgId, videoId);
  if (!video) throw notFound('video');
  return video;
}

/** design.md: a call never analysed has no summary or checklist yet: 404 not_found. */
function notAnalysedYet(what: string): ServiceError {
  return new ServiceError('not_found', `the video has no ${what} yet; start an analysis to create one`);
}

export const videoHandlers = {
  listVideos: ({ ctx, caller, input: { query } }) =>
    pageReply(
      listVideos(ctx.db, caller.orgId, {
        status: query.status,
        createdAfter: lowerBound(query.created_after),
        createdBefore: upperBound(query.created_before),
        cursor: query.cursor,
        limit: query.limit,
      }),
    ),
  getVideo: ({ ctx, caller, input: { params } }) => ({ data: videoOf(ctx.db, caller.orgId, params.id) }),
  getTranscript: ({ ctx, caller, input: { params } }) => ({
    data: transcriptOf(ctx.db, videoOf(ctx.db, caller.orgId, params.id).id),
  }),
  getVideoEvents: ({ ctx, caller, input: { params } }) => ({
    data: salesEventsOf(ctx.db, videoOf(ctx.db, caller.orgId, params.id).id),
  }),
  getSummary: ({ ctx, caller, input: { params } }) => {
    const summary = currentSummaryOf(ctx.db, videoOf(ctx.db, caller.orgId, params.id).id);
    if (!summary) throw notAnalysedYet('summary');
    return { data: summary };
  },
  getChecklist: ({ ctx, caller, input: { params } }) => {
    const checklist = currentChecklistOf(ctx.db, videoOf(ctx.db, caller.orgId, params.id).id);
    if (!checklist) throw notAnalysedYet('checklist evaluation');
    return { data: checklist };
  },
  listAnalyses: ({ ctx, caller, input: { params, query } }) =>
    pageReply(listAnalyses(ctx.db, videoOf(ctx.db, caller.orgId, params.id).id, query)),
  getAnalysis: ({ ctx, caller, input: { params } }) => {
    const analysis = findAnalysis(ctx.db, videoOf(ctx.db, caller.orgId, params.id).id, params.analysis_id);
    if (!analysis) throw notFound('analysis');
    return { data: analysis };
  },
} satisfies HandlerRegistry;
