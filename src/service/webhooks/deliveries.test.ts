import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServedAnalysis } from '../../shared/api/served';
import { WebhookPayload } from '../../shared/api/served';
import { type ReceivedDelivery, startTestReceiver, type TestReceiver } from '../launch/test-receiver';
import { callApi } from '../testing/http';
import { analyseUntilDone, pollUntil, startServiceWithReceiver } from '../testing/service-test-kit';
import type { TestService } from '../testing/test-service';

const HOST = 'hooks.example.test';
const RETRY_BASE_MS = 300;
let receiver: TestReceiver;
let service: TestService;
let key: string;
let videoId: string;

beforeAll(async () => {
  receiver = await startTestReceiver(HOST, [500, 500]);
  ({ service, key } = await startServiceWithReceiver(receiver, [
    '--job-delay-ms',
    '200',
    '--webhook-retry-base-ms',
    String(RETRY_BASE_MS),
  ]));
  const videos = await callApi(service.baseUrl, '/v1/videos?status=READY&limit=1', { key });
  videoId = videos.body.data[0].id;
});
afterAll(async () => {
  await service?.stop();
  await receiver?.close();
});

async function subscribe(events: string[]): Promise<{ id: string; secret: string }> {
  const created = await callApi(service.baseUrl, '/v1/webhooks', {
    key,
    method: 'POST',
    body: JSON.stringify({ url: `https://${HOST}:${receiver.port}/hooks`, events }),
  });
  expect(created.status).toBe(201);
  return created.body.data;
}

const analyse = () => analyseUntilDone(service, key, videoId);

async function deliveriesOf(analysisId: string, count: number): Promise<ReceivedDelivery[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const matching = receiver.received.filter((item) => JSON.parse(item.body).data.id === analysisId);
    if (matching.length >= count) return matching;
    if (Date.now() > deadline) throw new Error(`only ${matching.length} deliveries of ${analysisId} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function verify(secret: string, delivery: ReceivedDelivery): unknown {
  return new Webhook(secret).verify(delivery.body, {
    'webhook-id': delivery.headers['hook-id']!,
    'webhook-timestamp': delivery.headers['hook-timestamp']!,
    'webhook-signature': delivery.headers['hook-signature']!,
  });
}

describe('webhook deliveries', () => {
  it('retries a receiver answering 500 twice: one hook-id, three signed attempts, growing backoff', async () => {
    const endpoint = await subscribe(['video.analysis.completed']);
    const analysis = await analyse();
    expect(analysis.status).toBe('completed');

    const attempts = await deliveriesOf(analysis.id, 3);
    expect(attempts).toHaveLength(3);
    expect(new Set(attempts.map((item) => item.headers['hook-id'])).size).toBe(1);
    const [first, second, third] = attempts.map((item) => item.receivedAt) as [number, number, number];
    expect(second - first).toBeGreaterThanOrEqual(RETRY_BASE_MS);
    expect(third - second).toBeGreaterThanOrEqual(2 * RETRY_BASE_MS);
    for (const attempt of attempts) {
      const payload = WebhookPayload.parse(verify(endpoint.secret, attempt));
      expect(payload.type).toBe('video.analysis.completed');
      expect(payload.data).toEqual(analysis);
    }
    await new Promise((resolve) => setTimeout(resolve, 4 * RETRY_BASE_MS));
    expect(await deliveriesOf(analysis.id, 3)).toHaveLength(3);
  });

  it('rejects a delivery whose body was re-serialised or signed with another secret', async () => {
    const endpoint = await subscribe(['video.analysis.completed']);
    const analysis = await analyse();
    // Both endpoints subscribed to completions so far receive this analysis; take this one's.
    const delivery = (await deliveriesOf(analysis.id, 2)).find((item) => verifies(endpoint.secret, item));
    expect(() => verify(endpoint.secret, { ...delivery!, body: `${delivery!.body} ` })).toThrow();
    expect(() => verify(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, delivery!)).toThrow();
  });

  it('delivers video.analysis.failed when an analysis fails permanently', async () => {
    const endpoint = await subscribe(['video.analysis.failed']);
    await service.cli(['fault', 'set', 'job-fail', videoId, 'on']);
    try {
      const analysis = await analyse();
      expect(analysis.status).toBe('failed');
      const [delivery] = await deliveriesOf(analysis.id, 1);
      expect(WebhookPayload.parse(verify(endpoint.secret, delivery!))).toMatchObject({
        type: 'video.analysis.failed',
        data: { id: analysis.id, error: { code: 'injected_failure' } },
      });
    } finally {
      await service.cli(['fault', 'set', 'job-fail', videoId, 'off']);
    }
  });

  it('never delivers deal.scoring.* even to an endpoint subscribed to it', async () => {
    await subscribe(['deal.scoring.completed', 'deal.scoring.failed']);
    const deals = await callApi(service.baseUrl, '/v1/deals?status=OPEN&limit=1', { key });
    const dealId = deals.body.data[0].id;
    const started = await callApi(service.baseUrl, `/v1/deals/${dealId}/scorings`, { key, method: 'POST' });
    await pollUntil(
      service,
      key,
      `/v1/deals/${dealId}/scorings/${started.body.data.id}`,
      (scoring: ServedAnalysis) => scoring.status !== 'processing',
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.received.some((item) => JSON.parse(item.body).type.startsWith('deal.'))).toBe(false);
  });
});

function verifies(secret: string, delivery: ReceivedDelivery): boolean {
  try {
    verify(secret, delivery);
    return true;
  } catch {
    return false;
  }
}
