import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceVariants } from '../../../../service/testing/service-variants';
import { startTestService, type TestService } from '../../../../service/testing/test-service';
import { type ServiceVariant, startVariantProxy, type VariantProxy } from '../../../../service/testing/variant-proxy';
import { jobOutcome } from '../../../../shared/api';
import { demoKeyOf } from '../../../../shared/manifest';
import { apiFailure } from '../../testing/api-failure';
import { readServiceProfile } from '../service-profile/read-service-profile';
import { type ApiClient, type ApiClientOptions, createApiClient } from './api-client';
import { REDACTED } from './redact-secrets';

/**
 * The API client against services Callscope did not write: the local service behind a proxy
 * that answers with another legal choice wherever the interface leaves one open. Each test
 * is one entry of docs/interface-gaps.md.
 */

let service: TestService;
let key: string;
let orgId: string;
let memberId: string;
const proxies: VariantProxy[] = [];

beforeAll(async () => {
  service = await startTestService({ profile: 'test', serveArgs: ['--job-delay-ms', '50'] });
  const { org, key: full } = demoKeyOf(service.manifest!);
  key = full.key;
  orgId = org.id;
  memberId = full.member_id;
});
afterAll(async () => {
  await Promise.all(proxies.map((proxy) => proxy.close()));
  await service?.stop();
});

async function through(variant: ServiceVariant, options: Partial<ApiClientOptions> = {}) {
  const proxy = await startVariantProxy(service.baseUrl, variant);
  proxies.push(proxy);
  const api = createApiClient({ baseUrl: proxy.url, getKey: async () => key, retry: { maxAttempts: 1 }, ...options });
  return { api, url: proxy.url };
}

/** Reads the local service directly, to pick subjects. */
async function direct(path: string) {
  const response = await fetch(`${service.baseUrl}${path}`, { headers: { authorization: `Bearer ${key}` } });
  return (await response.json()) as { data: unknown };
}

async function untilFinished(api: ApiClient, videoId: string, analysisId: string) {
  for (;;) {
    const { data } = await api.getAnalysis({ id: videoId, analysis_id: analysisId });
    if (jobOutcome(data) !== 'running') return data;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A READY call the local service has analysed (its checklist exists). */
async function analysedCall(): Promise<{ id: string }> {
  for (const video of (await direct('/v1/videos?status=READY&limit=100')).data as { id: string }[]) {
    const checklist = await fetch(`${service.baseUrl}/v1/videos/${video.id}/checklist`, {
      headers: { authorization: `Bearer ${key}` },
    });
    if (checklist.status === 200) return video;
  }
  throw new Error('the seed has no analysed call');
}

describe('a service with other success codes, job states and search parameter name', () => {
  it('takes 200 for a started analysis as the success it is, and follows a job whose end is called "succeeded"', async () => {
    const { api } = await through(serviceVariants['other-choices']);
    const video = await analysedCall();
    const started = await api.startAnalysis({ id: video.id });
    expect(started.data?.status).toBe('processing');
    const finished = await untilFinished(api, video.id, started.data!.id);
    expect(finished.status).toBe('succeeded');
    expect(jobOutcome(finished)).toBe('succeeded');
  });

  it('takes 200 for a created webhook and 204 without a body for its deletion', async () => {
    await service.cli(['allowlist', 'set', '--org', orgId, 'hooks.example.com']);
    const { api } = await through(serviceVariants['other-choices']);
    const created = await api.createWebhook({ url: 'https://hooks.example.com/in' });
    expect(created.data?.secret).toMatch(/^whsec_/);
    const deleted = await api.deleteWebhook({ id: created.data!.id });
    expect(deleted.data).toEqual({ id: created.data!.id, deleted: true });
    expect((await api.listWebhooks({})).data.map((endpoint) => endpoint.id)).not.toContain(created.data!.id);
  });

  it('takes 204 without a body as a revoked key', async () => {
    const spare = (await service.cli(['keys', 'issue', '--org', orgId, '--member', memberId])).trim();
    const { api } = await through(serviceVariants['other-choices'], { getKey: async () => spare });
    expect((await api.revokeKey({})).data).toEqual({ revoked: true });
    expect(await apiFailure(api.getMe({}))).toMatchObject({ code: 'unauthorized', status: 401 });
  });

  it('sends the search text under the name the service’s own OpenAPI description gives', async () => {
    const { url } = await through(serviceVariants['other-choices']);
    const profile = await readServiceProfile({ baseUrl: url, key });
    expect(profile).toMatchObject({ searchTextParam: 'query', source: 'openapi' });
    const { api } = await through(serviceVariants['other-choices'], { profile });
    const found = await api.searchTranscripts({ q: 'budget' });
    expect(found.meta.total_matches).toBeGreaterThan(0);
    const unprofiled = await through(serviceVariants['other-choices']);
    expect(await apiFailure(unprofiled.api.searchTranscripts({ q: 'budget' }))).toMatchObject({
      code: 'validation_failed',
      status: 422,
    });
  });
});

describe('a service with values the interface never showed', () => {
  it('reads statuses, types, roles and actions it has never seen, and fields it does not know', async () => {
    const { api } = await through(serviceVariants['open-values']);
    const calls = await api.listVideos({ limit: 100 });
    expect(calls.data.map((video) => video.status)).toContain('TRANSCRIBING');
    expect(calls.data.some((video) => video.call_type === 'CHECK_IN')).toBe(true);
    const members = await api.listMembers({});
    expect(members.data.map((member) => member.status)).toContain('ENABLED');
    expect(members.data[0]).not.toHaveProperty('links');
    const linked = calls.data.find((video) => video.deal_id)!;
    const activities = await api.listActivities({ id: linked.deal_id! });
    expect(activities.data.map((activity) => activity.action)).toContain('ATTACHED');
    const transcript = await api.getTranscript({ id: (await analysedCall()).id });
    expect(new Set(transcript.data.map((segment) => segment.speaker_role))).toEqual(new Set(['HOST', 'GUEST']));
  });

  it('leaves out one record it cannot read, says which and why, and keeps the rest of the page', async () => {
    const { api } = await through(serviceVariants['open-values']);
    const page = await api.listVideos({ limit: 10 });
    expect(page.data).toHaveLength(10);
    expect(page.unreadable).toEqual([
      { id: 'vid_unreadable', path: 'data[1]', problem: expect.stringMatching(/^created_at: /) },
    ]);
    expect(page.meta.request_id).toMatch(/^req_/);
    const deals = await api.listDeals({ status: 'OPEN' });
    expect(deals.unreadable.map((record) => record.id)).toEqual(['deal_unreadable']);
    expect(deals.data.length).toBeGreaterThan(0);
  });

  it('leaves out a record nested in another (a quote without its text) and keeps its parent', async () => {
    const { api } = await through(serviceVariants['open-values']);
    const checklist = await api.getChecklist({ id: (await analysedCall()).id });
    expect(checklist.data.items.length).toBeGreaterThan(0);
    expect(checklist.unreadable).toEqual([
      expect.objectContaining({
        id: 'ev_unreadable',
        path: expect.stringMatching(/^data\.items\[0\]\.evidence\[\d+\]$/),
      }),
    ]);
    expect(checklist.data.items.map((item) => item.status)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^(ACHIEVED|PARTIAL|MISSED)$/)]),
    );
  });

  it('reads timestamps with an offset, a bare close date, and summary contents given as a list', async () => {
    const { api } = await through(serviceVariants['open-values']);
    const deal = (await api.listDeals({ status: 'OPEN' })).data.find((candidate) => candidate.close_date)!;
    expect(deal.close_date).toMatch(/^\d{4}-\d\d-\d\d$/);
    // Sent with +02:00, read as the same instant in UTC.
    const served = (await direct(`/v1/deals/${deal.id}`)).data as { created_at: string };
    expect(deal.created_at).toBe(served.created_at);
    const summary = await api.getSummary({ id: (await analysedCall()).id });
    expect(Array.isArray(summary.data.sections[0]?.contents)).toBe(true);
  });

  it('reads an event type it does not know on a webhook endpoint', async () => {
    await service.cli(['allowlist', 'set', '--org', orgId, 'hooks.example.com']);
    const { api } = await through(serviceVariants['open-values']);
    const created = await api.createWebhook({ url: 'https://hooks.example.com/open-values' });
    const listed = (await api.listWebhooks({})).data.find((endpoint) => endpoint.id === created.data?.id);
    expect(listed?.events).toContain('video.archived');
  });
});

describe('a service that sends only what the interface requires', () => {
  it('reads records with only their ids and required fields', async () => {
    const { api } = await through(serviceVariants.sparse);
    const video = (await api.listVideos({ limit: 1 })).data[0]!;
    expect(Object.keys(video).sort()).toEqual(expect.arrayContaining(['id']));
    expect(video.duration_seconds).toBeUndefined();
    const me = (await api.getMe({})).data;
    expect(me.display_name).toBeNull();
    expect(me.avatar_url).toBeUndefined();
  });

  it('follows a job that ends as DONE with a result and without any times', async () => {
    const { api } = await through(serviceVariants.sparse);
    const video = await analysedCall();
    const started = await api.startAnalysis({ id: video.id });
    const finished = await untilFinished(api, video.id, started.data!.id);
    expect(finished).toMatchObject({ status: 'DONE' });
    expect(finished.finished_at).toBeUndefined();
    expect(jobOutcome(finished)).toBe('succeeded');
  });

  it('falls back to the default profile when the service serves no OpenAPI description', async () => {
    const { url } = await through(serviceVariants.sparse);
    expect(await readServiceProfile({ baseUrl: url, key })).toMatchObject({ searchTextParam: 'q', source: 'default' });
  });
});

describe('a service that fails in words Callscope has never seen', () => {
  it('keeps an error code outside the interface’s table, with its message, status and request id', async () => {
    const { api } = await through(serviceVariants['unfamiliar-errors']);
    const refused = await apiFailure(api.listMembers({}));
    expect(refused).toMatchObject({
      code: 'plan_restricted',
      status: 403,
      message: 'Your plan does not include the team directory.',
    });
    expect(refused.requestId).toMatch(/^req_/);
    expect(await apiFailure(api.getVideo({ id: 'vid_missing' }))).toMatchObject({
      code: 'resource_missing',
      status: 404,
    });
  });

  it('takes a started job whose answer cannot be read as started, with data null and why', async () => {
    const { api } = await through(serviceVariants['unfamiliar-errors']);
    const video = await analysedCall();
    const before = (await api.listAnalyses({ id: video.id, limit: 100 })).data.length;
    const started = await api.startAnalysis({ id: video.id });
    expect(started.data).toBeNull();
    expect(started.unreadable).toEqual([{ id: null, path: 'data', problem: expect.stringMatching(/^data\.id: /) }]);
    expect((await api.listAnalyses({ id: video.id, limit: 100 })).data).toHaveLength(before + 1);
  });

  it('says an answer that is not JSON at all is not JSON, with its status', async () => {
    const { api } = await through(serviceVariants['unfamiliar-errors']);
    const video = await analysedCall();
    const error = await apiFailure(api.getVideoEvents({ id: video.id }));
    expect(error).toMatchObject({ status: 502 });
    expect(error.message).toBe('The service answered HTTP 502 with something that is not JSON.');
  });

  it('never lets the key through in a message, whether sent as is or as a bearer header', async () => {
    const { api } = await through(serviceVariants['unfamiliar-errors']);
    const error = await apiFailure(api.searchTranscripts({ q: 'budget' }));
    expect(error.code).toBe('query_rejected');
    expect(error.message).not.toContain(key);
    expect(error.message).toContain(REDACTED);
  });
});
