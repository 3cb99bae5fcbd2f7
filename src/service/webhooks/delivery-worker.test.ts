import tls from 'node:tls';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServedVideo } from '../../shared/api/served';
import { startTestReceiver, type TestReceiver } from '../launch/test-receiver';
import { insertOrgWithDealAndCall, openTempDatabase } from '../testing/temp-database';
import { DeliveryWorker, retryDelayMs } from './delivery-worker';
import { createHttpsTransport, parseWebhookResolve } from './https-transport';
import { recordEvent } from './outbox';
import { createWebhookEndpoint, deleteWebhookEndpoint } from './webhook-endpoints';

const HOST = 'hooks.example.test';
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const video: ServedVideo = {
  id: 'vid_1',
  title: 'Discovery call',
  status: 'READY',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  duration_seconds: 60,
  processed_at: '2026-01-01T00:00:00.000Z',
  call_type: 'DISCOVERY',
  deal_id: 'deal_1',
};

async function setup(
  statuses: Parameters<typeof startTestReceiver>[1],
  { retryBaseMs = 100, timeoutMs = 2000, concurrency = undefined as number | undefined } = {},
) {
  const receiver = await startTestReceiver(HOST, statuses);
  cleanups.push(receiver.close);
  const { db, dispose } = openTempDatabase();
  cleanups.push(dispose);
  insertOrgWithDealAndCall(db);
  db.prepare('UPDATE organization_settings SET webhook_allowed_hostnames = ?').run(JSON.stringify([HOST]));
  const transport = createHttpsTransport({
    extraCa: receiver.caPem,
    resolve: new Map([parseWebhookResolve(`${HOST}=127.0.0.1`)]),
    timeoutMs,
  });
  const ports = new Set([443, receiver.port]);
  const worker = new DeliveryWorker({
    db,
    transport,
    ports,
    retryBaseMs,
    attemptTimeoutMs: timeoutMs,
    pollMs: 10,
    concurrency,
  });
  cleanups.push(() => worker.stop());
  return { db, worker, receiver, url: `https://${HOST}:${receiver.port}/hooks` };
}

const readyEvent = () => ({
  orgId: 'org_1',
  type: 'video.ready' as const,
  timestamp: new Date().toISOString(),
  data: video,
});

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function verify(secret: string, receiver: TestReceiver, index: number): unknown {
  const { headers, body } = receiver.received[index]!;
  return new Webhook(secret).verify(body, {
    'webhook-id': headers['hook-id']!,
    'webhook-timestamp': headers['hook-timestamp']!,
    'webhook-signature': headers['hook-signature']!,
  });
}

describe('DeliveryWorker', () => {
  it('retries a failing receiver with one hook-id and a growing backoff until it acknowledges', async () => {
    const { db, worker, receiver, url } = await setup([500, 500]);
    const endpoint = createWebhookEndpoint(db, { orgId: 'org_1', url, events: undefined, now: video.created_at });
    expect(
      recordEvent(db, { orgId: 'org_1', type: 'video.ready', timestamp: new Date().toISOString(), data: video }),
    ).toBe(1);
    worker.start();

    await waitFor(() => db.prepare('SELECT state FROM webhook_deliveries').pluck().get() === 'delivered');
    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.received.map((item) => item.headers['hook-id'])).size).toBe(1);
    const [first, second, third] = receiver.received.map((item) => item.receivedAt);
    expect(second! - first!).toBeGreaterThanOrEqual(100);
    expect(third! - second!).toBeGreaterThanOrEqual(200);
    for (const index of [0, 1, 2])
      expect(verify(endpoint.secret, receiver, index)).toMatchObject({ type: 'video.ready', data: video });
  });

  it('delivers an event only to the endpoints of its organisation subscribed to its type', async () => {
    const { db, url } = await setup([]);
    createWebhookEndpoint(db, { orgId: 'org_1', url, events: ['video.analysis.completed'], now: video.created_at });
    createWebhookEndpoint(db, { orgId: 'org_1', url, events: [], now: video.created_at });
    const timestamp = new Date().toISOString();
    expect(recordEvent(db, { orgId: 'org_1', type: 'video.ready', timestamp, data: video })).toBe(1);
    expect(recordEvent(db, { orgId: 'org_2', type: 'video.ready', timestamp, data: video })).toBe(0);
  });

  it('sends no new deliveries to a deleted endpoint but finishes those already queued', async () => {
    const { db, worker, receiver, url } = await setup([]);
    const endpoint = createWebhookEndpoint(db, { orgId: 'org_1', url, events: [], now: video.created_at });
    recordEvent(db, { orgId: 'org_1', type: 'video.ready', timestamp: new Date().toISOString(), data: video });
    expect(deleteWebhookEndpoint(db, 'org_1', endpoint.id, new Date().toISOString())).toBe(true);
    expect(
      recordEvent(db, { orgId: 'org_1', type: 'video.ready', timestamp: new Date().toISOString(), data: video }),
    ).toBe(0);
    worker.start();
    await waitFor(() => receiver.received.length === 1);
  });

  it('resends an attempt cut off by a kill with the same hook-id after restart', async () => {
    const { db, worker, receiver, url } = await setup([]);
    createWebhookEndpoint(db, { orgId: 'org_1', url, events: [], now: video.created_at });
    recordEvent(db, { orgId: 'org_1', type: 'video.ready', timestamp: new Date().toISOString(), data: video });
    const id = db.prepare('SELECT id FROM webhook_deliveries').pluck().get();
    db.prepare(
      "UPDATE webhook_deliveries SET state = 'sending', attempts = 1, lease_until = '2999-01-01T00:00:00.000Z'",
    ).run();
    worker.start();
    await waitFor(() => receiver.received.length === 1);
    expect(receiver.received[0]!.headers['hook-id']).toBe(id);
  });

  it('doubles the retry delay from the base, capped at ten hours', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(5000, attempt))).toEqual([5000, 10_000, 20_000, 40_000]);
    expect(retryDelayMs(5000, 30)).toBe(36_000_000);
  });

  it('fails a delivery whose host left the allowlist, once, without sending it', async () => {
    const { db, worker, receiver, url } = await setup([]);
    createWebhookEndpoint(db, { orgId: 'org_1', url, events: [], now: video.created_at });
    recordEvent(db, readyEvent());
    db.prepare('UPDATE organization_settings SET webhook_allowed_hostnames = ?').run('["other.example.test"]');
    worker.start();
    await waitFor(() => db.prepare('SELECT state FROM webhook_deliveries').pluck().get() === 'failed');
    expect(db.prepare('SELECT attempts, last_error FROM webhook_deliveries').get()).toEqual({
      attempts: 1,
      last_error: `no longer allowed: url: the host ${HOST} is not on the organization's webhook hostname allowlist`,
    });
    expect(receiver.received).toHaveLength(0);
  });

  it('builds no TLS context per connection and keeps a backlog within its concurrency', async () => {
    const backlog = 24;
    const { db, worker, receiver, url } = await setup(Array(backlog * 4).fill('hang'), {
      retryBaseMs: 10,
      timeoutMs: 300,
      concurrency: 3,
    });
    createWebhookEndpoint(db, { orgId: 'org_1', url, events: [], now: video.created_at });
    for (let i = 0; i < backlog; i++) recordEvent(db, readyEvent());
    const contextsBuilt = vi.spyOn(tls, 'createSecureContext');
    cleanups.push(() => contextsBuilt.mockRestore());
    worker.start();
    // Every delivery of the backlog tried at least once, each attempt a new TLS connection.
    await waitFor(() => new Set(receiver.received.map((item) => item.headers['hook-id'])).size === backlog, 30_000);
    expect(contextsBuilt).not.toHaveBeenCalled();
    expect(receiver.peakOpenRequests).toBeGreaterThan(1);
    expect(receiver.peakOpenRequests).toBeLessThanOrEqual(3);
  });
});
