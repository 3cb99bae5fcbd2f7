import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { startTestReceiver, type TestReceiver } from '../launch/test-receiver';
import { callApi } from '../testing/http';
import { analyseUntilDone, startServiceWithReceiver } from '../testing/service-test-kit';
import type { TestService } from '../testing/test-service';

const HOST = 'hooks.example.test';
let receiver: TestReceiver;
let service: TestService;
let orgId: string;
let key: string;
let videoId: string;

beforeAll(async () => {
  receiver = await startTestReceiver(HOST);
  ({ service, orgId, key } = await startServiceWithReceiver(receiver, ['--job-delay-ms', '100']));
  const videos = await callApi(service.baseUrl, '/v1/videos?status=READY&limit=1', { key });
  videoId = videos.body.data[0].id;
});
afterAll(async () => {
  await service?.stop();
  await receiver?.close();
});

const allow = (...hosts: string[]) => service.cli(['allowlist', 'set', '--org', orgId, ...hosts]);

async function subscribe(url: string): Promise<string> {
  const created = await callApi(service.baseUrl, '/v1/webhooks', {
    key,
    method: 'POST',
    body: JSON.stringify({ url, events: ['video.analysis.completed'] }),
  });
  expect(created.status).toBe(201);
  return created.body.data.id;
}

async function unsubscribe(id: string): Promise<void> {
  expect((await callApi(service.baseUrl, `/v1/webhooks/${id}`, { key, method: 'DELETE' })).status).toBe(200);
}

const analyse = () => analyseUntilDone(service, key, videoId);

interface DeliveryRow {
  state: string;
  attempts: number;
  last_error: string | null;
}

/** The outbox row of the endpoint's one delivery once its first attempt is over. */
async function settledDelivery(endpointId: string): Promise<DeliveryRow> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const db = openDatabase(service.dataDir);
    const row = db
      .prepare('SELECT state, attempts, last_error FROM webhook_deliveries WHERE endpoint_id = ?')
      .get(endpointId) as DeliveryRow | undefined;
    db.close();
    if (row && row.attempts > 0 && row.state !== 'sending') return row;
    if (Date.now() > deadline) throw new Error(`no attempt for ${endpointId}: ${JSON.stringify(row)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('webhook deliveries reach only allowed, public destinations', () => {
  it('refuses to deliver to localhost even when the allowlist names it', async () => {
    await allow(HOST, 'localhost');
    const endpointId = await subscribe(`https://localhost:${receiver.port}/hooks`);
    const before = receiver.received.length;
    await analyse();
    const delivery = await settledDelivery(endpointId);
    expect(delivery.last_error).toMatch(/^refused: localhost resolves to (127\.0\.0\.1|::1), a loopback address$/);
    expect(receiver.received).toHaveLength(before);
    await unsubscribe(endpointId);
  });

  it('fails, without retries, deliveries to a host taken off the allowlist after registration', async () => {
    await allow(HOST);
    const endpointId = await subscribe(`https://${HOST}:${receiver.port}/hooks`);
    await allow('other.example.test');
    const before = receiver.received.length;
    await analyse();
    expect(await settledDelivery(endpointId)).toEqual({
      state: 'failed',
      attempts: 1,
      last_error: `no longer allowed: url: the host ${HOST} is not on the organization's webhook hostname allowlist`,
    });
    expect(receiver.received).toHaveLength(before);
    await unsubscribe(endpointId);
  });

  it('delivers to a host registered with a trailing dot and in capitals, by its --webhook-resolve address', async () => {
    await allow(HOST);
    const endpointId = await subscribe(`https://${HOST.toUpperCase()}.:${receiver.port}/hooks`);
    const analysis = await analyse();
    expect(await settledDelivery(endpointId)).toMatchObject({ state: 'delivered', attempts: 1 });
    expect(receiver.received.some((item) => JSON.parse(item.body).data.id === analysis.id)).toBe(true);
    await unsubscribe(endpointId);
  });

  it('refuses a webhook on a port the operator did not open', async () => {
    await allow(HOST);
    const answer = await callApi(service.baseUrl, '/v1/webhooks', {
      key,
      method: 'POST',
      body: JSON.stringify({ url: `https://${HOST}:8081/hooks` }),
    });
    expect(answer.status).toBe(422);
    expect(answer.body.error.code).toBe('invalid_webhook_url');
    expect(answer.body.error.message).toMatch(/^url: port 8081 is not open to webhooks/);
  });
});
