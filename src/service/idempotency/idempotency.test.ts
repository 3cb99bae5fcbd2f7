import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../testing/http';
import { activeOrgs } from '../testing/service-test-kit';
import { startTestService, type TestService } from '../testing/test-service';

let service: TestService;
let key: string;
let secondKey: string;
let videoId: string;
let otherVideoId: string;

beforeAll(async () => {
  service = await startTestService({ serveArgs: ['--job-delay-ms', '100'] });
  const [mine] = activeOrgs(service);
  key = mine!.key;
  secondKey = mine!.org.keys.find((item) => item.key !== key && item.scopes.includes('videos:analyze'))!.key;
  const videos = await callApi(service.baseUrl, '/v1/videos?status=READY&limit=2', { key });
  [videoId, otherVideoId] = videos.body.data.map((video: { id: string }) => video.id);
  await service.cli(['allowlist', 'set', '--org', mine!.org.id, 'hooks.example.test']);
});
afterAll(() => service?.stop());

const analyses = async (id: string) =>
  (await callApi(service.baseUrl, `/v1/videos/${id}/analyses?limit=100`, { key })).body.data.length as number;
const post = (path: string, idempotencyKey: string, options: { as?: string; body?: string } = {}) =>
  callApi(service.baseUrl, path, {
    key: options.as ?? key,
    method: 'POST',
    headers: { 'Idempotency-Key': idempotencyKey },
    body: options.body,
  });

describe('Idempotency-Key', () => {
  it('replays the original status and resource for a repeat and starts nothing new', async () => {
    const before = await analyses(videoId);
    const first = await post(`/v1/videos/${videoId}/analyses`, 'replay-1');
    const again = await post(`/v1/videos/${videoId}/analyses`, 'replay-1');
    expect(first.status).toBe(202);
    expect(again.status).toBe(202);
    expect(again.body.data).toEqual(first.body.data);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.meta.request_id).toBe(again.headers.get('x-request-id'));
    expect(await analyses(videoId)).toBe(before + 1);
  });

  it('creates one job for concurrent duplicates', async () => {
    const before = await analyses(videoId);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => post(`/v1/videos/${videoId}/analyses`, 'concurrent-1')),
    );
    expect(new Set(answers.map((answer) => answer.body.data.id)).size).toBe(1);
    expect(await analyses(videoId)).toBe(before + 1);
  });

  it('refuses the same key on a different path with 422 naming the header', async () => {
    await post(`/v1/videos/${videoId}/analyses`, 'mismatch-1');
    const other = await post(`/v1/videos/${otherVideoId}/analyses`, 'mismatch-1');
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('validation_failed');
    expect(other.body.error.message).toMatch(/^Idempotency-Key/);
  });

  it('refuses the same key with a different body', async () => {
    const url = 'https://hooks.example.test/a';
    const created = await post('/v1/webhooks', 'body-1', { body: JSON.stringify({ url }) });
    expect(created.status).toBe(201);
    const replay = await post('/v1/webhooks', 'body-1', { body: JSON.stringify({ url }) });
    expect(replay.body.data.id).toBe(created.body.data.id);
    const changed = await post('/v1/webhooks', 'body-1', { body: JSON.stringify({ url: `${url}/other` }) });
    expect(changed.status).toBe(422);
    expect(changed.body.error.message).toMatch(/^Idempotency-Key/);
  });

  it('scopes keys to the API key that sent them', async () => {
    const mine = await post(`/v1/videos/${videoId}/analyses`, 'scoped-1');
    const theirs = await post(`/v1/videos/${videoId}/analyses`, 'scoped-1', { as: secondKey });
    expect(theirs.status).toBe(202);
    expect(theirs.body.data.id).not.toBe(mine.body.data.id);
  });

  it('does not store failures, so a corrected retry can succeed', async () => {
    const missing = await post('/v1/videos/vid_absent/analyses', 'failure-1');
    expect(missing.status).toBe(404);
    const again = await post('/v1/videos/vid_absent/analyses', 'failure-1');
    expect(again.status).toBe(404);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
  });
});
