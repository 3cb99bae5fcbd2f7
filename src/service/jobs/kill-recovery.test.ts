import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServedAnalysis } from '../../shared/api/served';
import { openDatabase } from '../db/database';
import { startTestReceiver, type TestReceiver } from '../launch/test-receiver';
import { callApi } from '../testing/http';
import { pollUntil, startServiceWithReceiver } from '../testing/service-test-kit';
import type { TestService } from '../testing/test-service';

const HOST = 'hooks.example.test';
let receiver: TestReceiver;
let service: TestService;
let key: string;
let videoId: string;

beforeAll(async () => {
  receiver = await startTestReceiver(HOST);
  ({ service, key } = await startServiceWithReceiver(receiver, [
    '--job-delay-ms',
    '1500',
    '--webhook-retry-base-ms',
    '2000',
  ]));
  const created = await callApi(service.baseUrl, '/v1/webhooks', {
    key,
    method: 'POST',
    body: JSON.stringify({ url: `https://${HOST}:${receiver.port}/hooks`, events: ['video.analysis.completed'] }),
  });
  expect(created.status).toBe(201);
  const videos = await callApi(service.baseUrl, '/v1/videos?status=READY&limit=1', { key });
  videoId = videos.body.data[0].id;
});
afterAll(async () => {
  await service?.stop();
  await receiver?.close();
});

const count = (sql: string, ...params: unknown[]): number => {
  const db = openDatabase(service.dataDir);
  try {
    return db
      .prepare(sql)
      .pluck()
      .get(...params) as number;
  } finally {
    db.close();
  }
};

async function waitFor(condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('kill -9 and restart', () => {
  it('resumes a job killed mid-run, which then completes exactly once', async () => {
    const started = await callApi(service.baseUrl, `/v1/videos/${videoId}/analyses`, { key, method: 'POST' });
    const path = `/v1/videos/${videoId}/analyses/${started.body.data.id}`;
    const running = await pollUntil<ServedAnalysis>(service, key, path, (analysis) => analysis.started_at !== null);
    expect(running.status).toBe('processing');

    await service.kill();
    await service.restart();
    const done = await pollUntil<ServedAnalysis>(service, key, path, (analysis) => analysis.status !== 'processing');
    expect(done.status).toBe('completed');
    expect(done.started_at).toBe(running.started_at);
    expect(count('SELECT COUNT(*) FROM summaries WHERE analysis_id = ?', done.id)).toBe(1);
    expect(count("SELECT COUNT(*) FROM jobs WHERE subject_id = ? AND state = 'done'", done.id)).toBe(1);
    expect(count('SELECT COUNT(*) FROM webhook_deliveries WHERE payload LIKE ?', `%${done.id}%`)).toBe(1);
  });

  it('retries a delivery killed while waiting for its retry with the same hook-id after restart', async () => {
    await waitFor(() => count("SELECT COUNT(*) FROM webhook_deliveries WHERE state <> 'delivered'") === 0);
    const before = receiver.received.length;
    receiver.answers.push(500);
    const started = await callApi(service.baseUrl, `/v1/videos/${videoId}/analyses`, { key, method: 'POST' });
    const analysisId = started.body.data.id as string;
    const deliveriesOf = () => receiver.received.slice(before).filter((item) => item.body.includes(analysisId));
    // The receiver answered 500, so this delivery is now waiting for its retry.
    await waitFor(() => deliveriesOf().length === 1);

    await service.kill();
    await service.restart();
    await waitFor(() => deliveriesOf().length === 2);
    const [failed, retried] = deliveriesOf();
    expect(retried!.headers['hook-id']).toBe(failed!.headers['hook-id']);
    await waitFor(
      () =>
        count(
          "SELECT COUNT(*) FROM webhook_deliveries WHERE id = ? AND state = 'delivered'",
          failed!.headers['hook-id'],
        ) === 1,
    );
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(deliveriesOf()).toHaveLength(2);
  });

  it('sends an attempt cut off in flight by a kill again after restart, with the same hook-id', async () => {
    await waitFor(() => count("SELECT COUNT(*) FROM webhook_deliveries WHERE state <> 'delivered'") === 0);
    const before = receiver.received.length;
    receiver.answers.push('hang');
    const started = await callApi(service.baseUrl, `/v1/videos/${videoId}/analyses`, { key, method: 'POST' });
    const analysisId = started.body.data.id as string;
    const deliveriesOf = () => receiver.received.slice(before).filter((item) => item.body.includes(analysisId));
    await waitFor(() => deliveriesOf().length === 1);

    await service.kill();
    await service.restart();
    await waitFor(() => deliveriesOf().length === 2);
    const [cutOff, resent] = deliveriesOf();
    expect(resent!.headers['hook-id']).toBe(cutOff!.headers['hook-id']);
    expect(resent!.body).toBe(cutOff!.body);
    await waitFor(
      () =>
        count(
          "SELECT COUNT(*) FROM webhook_deliveries WHERE id = ? AND state = 'delivered'",
          cutOff!.headers['hook-id'],
        ) === 1,
    );
  });
});
