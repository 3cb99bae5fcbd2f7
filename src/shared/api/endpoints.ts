import { z } from 'zod';
import { Deal, DealActivity, DealDetail, DealListQuery } from './deals';
import { dataEnvelope, pageEnvelope, searchEnvelope } from './envelope';
import { Analysis, Scoring } from './jobs';
import { Member } from './members';
import { Id, PageQuery } from './primitives';
import type { Scope } from './scopes';
import { SearchQuery, SearchSegment } from './search';
import {
  ServedAnalysis,
  ServedChecklistEvaluation,
  ServedCreatedWebhookEndpoint,
  ServedDeal,
  ServedDealActivity,
  ServedDealDetail,
  ServedMember,
  ServedSalesEvent,
  ServedScoring,
  ServedSearchMeta,
  ServedSearchSegment,
  ServedTranscriptSegment,
  ServedVideo,
  ServedVideoSummary,
  ServedWebhookEndpoint,
} from './served';
import { ChecklistEvaluation, SalesEvent, TranscriptSegment, Video, VideoListQuery, VideoSummary } from './videos';
import {
  CreatedWebhookEndpoint,
  DeletedWebhookEndpoint,
  RevokedKey,
  WebhookCreateBody,
  WebhookEndpoint,
} from './webhooks';

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

export interface EndpointDefinition {
  method: HttpMethod;
  /** OpenAPI-style template, e.g. `/v1/videos/{id}`. */
  path: string;
  summary: string;
  /** null: any valid key may call it (DELETE /v1/keys/me). */
  scope: Scope | null;
  pathParams?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodObject;
  successStatus: 200 | 201 | 202;
  /** What the interface lets a client rely on: clients read answers with this. */
  response: z.ZodType;
  /** What the local service answers (design.md's decisions, `served.ts`), a refinement of `response`. */
  served: z.ZodType;
  /** Pagination, item 1: the five cursor-paginated collections. */
  paginated?: true;
}

const VideoPath = z.object({ id: Id });
const DealPath = z.object({ id: Id });
const AnalysisPath = z.object({ id: Id, analysis_id: Id });
const ScoringPath = z.object({ id: Id, scoring_id: Id });
const WebhookPath = z.object({ id: Id });
/** Unpaginated collections ignore `cursor` and `limit` (Pagination 8), so they declare no query. */

/**
 * Every endpoint of the interface, once. The service routes from this table, the OpenAPI
 * document is generated from it, and the desktop client has one method per entry.
 * Success codes are design.md's decisions; a client accepts any 2xx (docs/interface-gaps.md).
 */
export const endpoints = {
  listVideos: {
    method: 'GET',
    path: '/v1/videos',
    summary: 'List videos (calls), newest first',
    scope: 'videos:read',
    query: VideoListQuery,
    successStatus: 200,
    response: pageEnvelope(Video),
    served: pageEnvelope(ServedVideo),
    paginated: true,
  },
  getVideo: {
    method: 'GET',
    path: '/v1/videos/{id}',
    summary: 'Get a video',
    scope: 'videos:read',
    pathParams: VideoPath,
    successStatus: 200,
    response: dataEnvelope(Video),
    served: dataEnvelope(ServedVideo),
  },
  getTranscript: {
    method: 'GET',
    path: '/v1/videos/{id}/transcript',
    summary: "Get a video's full transcript",
    scope: 'videos:read',
    pathParams: VideoPath,
    successStatus: 200,
    response: dataEnvelope(z.array(TranscriptSegment)),
    served: dataEnvelope(z.array(ServedTranscriptSegment)),
  },
  getVideoEvents: {
    method: 'GET',
    path: '/v1/videos/{id}/events',
    summary: "Get a video's sales events",
    scope: 'videos:read',
    pathParams: VideoPath,
    successStatus: 200,
    response: dataEnvelope(z.array(SalesEvent)),
    served: dataEnvelope(z.array(ServedSalesEvent)),
  },
  getSummary: {
    method: 'GET',
    path: '/v1/videos/{id}/summary',
    summary: "Get a video's summary",
    scope: 'videos:read',
    pathParams: VideoPath,
    successStatus: 200,
    response: dataEnvelope(VideoSummary),
    served: dataEnvelope(ServedVideoSummary),
  },
  getChecklist: {
    method: 'GET',
    path: '/v1/videos/{id}/checklist',
    summary: "Get a video's checklist evaluation",
    scope: 'videos:read',
    pathParams: VideoPath,
    successStatus: 200,
    response: dataEnvelope(ChecklistEvaluation),
    served: dataEnvelope(ServedChecklistEvaluation),
  },
  startAnalysis: {
    method: 'POST',
    path: '/v1/videos/{id}/analyses',
    summary: 'Start an analysis of a video',
    scope: 'videos:analyze',
    pathParams: VideoPath,
    successStatus: 202,
    response: dataEnvelope(Analysis),
    served: dataEnvelope(ServedAnalysis),
  },
  listAnalyses: {
    method: 'GET',
    path: '/v1/videos/{id}/analyses',
    summary: "List a video's analyses, newest first",
    scope: 'videos:read',
    pathParams: VideoPath,
    query: PageQuery,
    successStatus: 200,
    response: pageEnvelope(Analysis),
    served: pageEnvelope(ServedAnalysis),
    paginated: true,
  },
  getAnalysis: {
    method: 'GET',
    path: '/v1/videos/{id}/analyses/{analysis_id}',
    summary: 'Get an analysis',
    scope: 'videos:read',
    pathParams: AnalysisPath,
    successStatus: 200,
    response: dataEnvelope(Analysis),
    served: dataEnvelope(ServedAnalysis),
  },
  listDeals: {
    method: 'GET',
    path: '/v1/deals',
    summary: 'List deals, newest first',
    scope: 'deals:read',
    query: DealListQuery,
    successStatus: 200,
    response: pageEnvelope(Deal),
    served: pageEnvelope(ServedDeal),
    paginated: true,
  },
  getDeal: {
    method: 'GET',
    path: '/v1/deals/{id}',
    summary: 'Get a deal with its latest probability and score factors',
    scope: 'deals:read',
    pathParams: DealPath,
    successStatus: 200,
    response: dataEnvelope(DealDetail),
    served: dataEnvelope(ServedDealDetail),
  },
  listActivities: {
    method: 'GET',
    path: '/v1/deals/{id}/activities',
    summary: "List a deal's activities, newest first",
    scope: 'deals:read',
    pathParams: DealPath,
    query: PageQuery,
    successStatus: 200,
    response: pageEnvelope(DealActivity),
    served: pageEnvelope(ServedDealActivity),
    paginated: true,
  },
  startScoring: {
    method: 'POST',
    path: '/v1/deals/{id}/scorings',
    summary: 'Start a scoring of a deal',
    scope: 'deals:score',
    pathParams: DealPath,
    successStatus: 202,
    response: dataEnvelope(Scoring),
    served: dataEnvelope(ServedScoring),
  },
  listScorings: {
    method: 'GET',
    path: '/v1/deals/{id}/scorings',
    summary: "List a deal's scorings, newest first",
    scope: 'deals:read',
    pathParams: DealPath,
    query: PageQuery,
    successStatus: 200,
    response: pageEnvelope(Scoring),
    served: pageEnvelope(ServedScoring),
    paginated: true,
  },
  getScoring: {
    method: 'GET',
    path: '/v1/deals/{id}/scorings/{scoring_id}',
    summary: 'Get a scoring',
    scope: 'deals:read',
    pathParams: ScoringPath,
    successStatus: 200,
    response: dataEnvelope(Scoring),
    served: dataEnvelope(ServedScoring),
  },
  getMe: {
    method: 'GET',
    path: '/v1/members/me',
    summary: 'Get the member the calling key belongs to',
    scope: 'members:read',
    successStatus: 200,
    response: dataEnvelope(Member),
    served: dataEnvelope(ServedMember),
  },
  listMembers: {
    method: 'GET',
    path: '/v1/members',
    summary: 'List every member of the organization',
    scope: 'members:read',
    successStatus: 200,
    response: dataEnvelope(z.array(Member)),
    served: dataEnvelope(z.array(ServedMember)),
  },
  searchTranscripts: {
    method: 'GET',
    path: '/v1/search/transcripts',
    summary: 'Case-insensitive substring search across every transcript',
    scope: 'search:read',
    query: SearchQuery,
    successStatus: 200,
    response: searchEnvelope(SearchSegment),
    served: searchEnvelope(ServedSearchSegment, ServedSearchMeta),
  },
  createWebhook: {
    method: 'POST',
    path: '/v1/webhooks',
    summary: 'Register a webhook endpoint; the secret is returned only here',
    scope: 'webhooks:manage',
    body: WebhookCreateBody,
    successStatus: 201,
    response: dataEnvelope(CreatedWebhookEndpoint),
    served: dataEnvelope(ServedCreatedWebhookEndpoint),
  },
  listWebhooks: {
    method: 'GET',
    path: '/v1/webhooks',
    summary: 'List webhook endpoints',
    scope: 'webhooks:manage',
    successStatus: 200,
    response: dataEnvelope(z.array(WebhookEndpoint)),
    served: dataEnvelope(z.array(ServedWebhookEndpoint)),
  },
  deleteWebhook: {
    method: 'DELETE',
    path: '/v1/webhooks/{id}',
    summary: 'Delete a webhook endpoint',
    scope: 'webhooks:manage',
    pathParams: WebhookPath,
    successStatus: 200,
    response: dataEnvelope(DeletedWebhookEndpoint),
    served: dataEnvelope(DeletedWebhookEndpoint),
  },
  revokeKey: {
    method: 'DELETE',
    path: '/v1/keys/me',
    summary: 'Revoke the calling key',
    scope: null,
    successStatus: 200,
    response: dataEnvelope(RevokedKey),
    served: dataEnvelope(RevokedKey),
  },
} as const satisfies Record<string, EndpointDefinition>;

export type EndpointName = keyof typeof endpoints;
type Def<N extends EndpointName> = (typeof endpoints)[N];

/** What a typed caller passes: path parameters, query and body merged by name. */
export type EndpointParams<N extends EndpointName> = (Def<N> extends { pathParams: infer P extends z.ZodType }
  ? z.input<P>
  : unknown) &
  (Def<N> extends { query: infer Q extends z.ZodType } ? z.input<Q> : unknown) &
  (Def<N> extends { body: infer B extends z.ZodType } ? z.input<B> : unknown);

export type EndpointResponse<N extends EndpointName> = z.infer<Def<N>['response']>;
export type EndpointData<N extends EndpointName> = EndpointResponse<N>['data'];
/** What the local service's handler for this endpoint answers. */
export type ServedResponse<N extends EndpointName> = z.infer<Def<N>['served']>;

export type PaginatedEndpointName = {
  [N in EndpointName]: Def<N> extends { paginated: true } ? N : never;
}[EndpointName];
