import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServedAnalysis, ServedDealDetail, ServedScoring } from '../../shared/api/served';
import { openDatabase } from '../db/database';
import { insertVideo } from '../testing/fixtures';
import { callApi } from '../testing/http';
import { activeOrgs, pollUntil } from '../testing/service-test-kit';
import { startTestService, type TestService } from '../testing/test-service';

let service: TestService;
let key: string;
let otherKey: string;
let orgId: string;
let videoId: string;
let dealId: string;

beforeAll(async () => {
  service = await startTestService({ serveArgs: ['--job-delay-ms', '300'] });
  const [mine, other] = activeOrgs(service);
  key = mine!.key;
  orgId = mine!.org.id;
  otherKey = other!.key;
  const videos = await callApi(service.baseUrl, '/v1/videos?status=READY&limit=1', { key });
  videoId = videos.body.data[0].id;
  const deals = await callApi(service.baseUrl, '/v1/deals?status=OPEN&limit=1', { key });
  dealId = deals.body.data[0].id;
});
afterAll(() => service?.stop());

const startAnalysis = (id: string, as = key) =>
  callApi(service.baseUrl, `/v1/videos/${id}/analyses`, { key: as, method: 'POST' });
const startScoring = (id: string, as = key) =>
  callApi(service.baseUrl, `/v1/deals/${id}/scorings`, { key: as, method: 'POST' });
const settled = (job: ServedAnalysis | ServedScoring) => job.status !== 'processing';

describe('POST /v1/videos/{id}/analyses', () => {
  it('answers 202 processing, then completes with the call outputs and a result, the call updated with them', async () => {
    const started = await startAnalysis(videoId);
    expect(started.status).toBe(202);
    expect(started.body.data).toMatchObject({ status: 'processing', video_id: videoId, result: null, error: null });

    const done = await pollUntil<ServedAnalysis>(
      service,
      key,
      `/v1/videos/${videoId}/analyses/${started.body.data.id}`,
      settled,
    );
    expect(done.status).toBe('completed');
    expect(done.error).toBeNull();
    expect(done.result!.summary.length).toBeGreaterThan(0);
    expect(done.started_at! <= done.finished_at!).toBe(true);
    expect(done.updated_at).toBe(done.finished_at);
    const checklist = await callApi(service.baseUrl, `/v1/videos/${videoId}/checklist`, { key });
    expect(checklist.body.data.id).toBe(done.result!.checklist_evaluation_id);
    const events = await callApi(service.baseUrl, `/v1/videos/${videoId}/events`, { key });
    expect(events.body.data).toHaveLength(done.result!.sales_event_count);
    const video = await callApi(service.baseUrl, `/v1/videos/${videoId}`, { key });
    expect(video.body.data.updated_at).toBe(done.finished_at);
  });

  it('fails with injected_failure while the job-fail fault is on for the call', async () => {
    await service.cli(['fault', 'set', 'job-fail', videoId, 'on']);
    try {
      const started = await startAnalysis(videoId);
      const done = await pollUntil<ServedAnalysis>(
        service,
        key,
        `/v1/videos/${videoId}/analyses/${started.body.data.id}`,
        settled,
      );
      expect(done).toMatchObject({ status: 'failed', result: null, error: { code: 'injected_failure' } });
      expect(done.finished_at).not.toBeNull();
    } finally {
      await service.cli(['fault', 'set', 'job-fail', videoId, 'off']);
    }
  });

  it('accepts a call without a transcript, then fails it with transcript_unavailable', async () => {
    const db = openDatabase(service.dataDir);
    const silentId = insertVideo(db, { orgId, createdAt: new Date().toISOString() });
    db.close();
    const started = await startAnalysis(silentId);
    expect(started.status).toBe(202);
    const done = await pollUntil<ServedAnalysis>(
      service,
      key,
      `/v1/videos/${silentId}/analyses/${started.body.data.id}`,
      settled,
    );
    expect(done).toMatchObject({ status: 'failed', result: null, error: { code: 'transcript_unavailable' } });
  });

  it('answers 404 not_found for an absent video and for a video of another organisation', async () => {
    expect((await startAnalysis('vid_absent')).body.error.code).toBe('not_found');
    const foreign = await startAnalysis(videoId, otherKey);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('not_found');
  });
});

describe('POST /v1/deals/{id}/scorings', () => {
  it('answers 202 processing, completes, and the deal then shows that probability and its factors, updated then', async () => {
    const started = await startScoring(dealId);
    expect(started.status).toBe(202);
    expect(started.body.data).toMatchObject({ status: 'processing', deal_id: dealId, result: null, error: null });

    const done = await pollUntil<ServedScoring>(
      service,
      key,
      `/v1/deals/${dealId}/scorings/${started.body.data.id}`,
      settled,
    );
    expect(done.status).toBe('completed');
    expect(done.result!.probability).toBeGreaterThanOrEqual(0);
    expect(done.result!.probability).toBeLessThanOrEqual(100);
    const deal = (await callApi(service.baseUrl, `/v1/deals/${dealId}`, { key })).body.data as ServedDealDetail;
    expect(deal.probability).toBe(done.result!.probability);
    expect(deal.score_factors.map((factor) => factor.factor_id)).toEqual(done.result!.factors.map((f) => f.factor_id));
    expect(deal.updated_at).toBe(done.finished_at);
  });

  it('fails with injected_failure while the job-fail fault is on for the deal', async () => {
    await service.cli(['fault', 'set', 'job-fail', dealId, 'on']);
    try {
      const started = await startScoring(dealId);
      const done = await pollUntil<ServedScoring>(
        service,
        key,
        `/v1/deals/${dealId}/scorings/${started.body.data.id}`,
        settled,
      );
      expect(done).toMatchObject({ status: 'failed', result: null, error: { code: 'injected_failure' } });
    } finally {
      await service.cli(['fault', 'set', 'job-fail', dealId, 'off']);
    }
  });

  it('answers 404 not_found for an absent deal and for a deal of another organisation', async () => {
    expect((await startScoring('deal_absent')).status).toBe(404);
    expect((await startScoring(dealId, otherKey)).body.error.code).toBe('not_found');
  });
});
