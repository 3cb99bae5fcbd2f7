import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServedVideo } from '../../shared/api/served';
import { WebhookPayload } from '../../shared/api/served';
import { startTestReceiver, type TestReceiver } from '../launch/test-receiver';
import { callApi } from '../testing/http';
import { startServiceWithReceiver } from '../testing/service-test-kit';
import type { TestService } from '../testing/test-service';

const HOST = 'hooks.example.test';
let receiver: TestReceiver;
let service: TestService;
let key: string;
let orgId: string;

beforeAll(async () => {
  receiver = await startTestReceiver(HOST);
  ({ service, key, orgId } = await startServiceWithReceiver(receiver));
});
afterAll(async () => {
  await service?.stop();
  await receiver?.close();
});

describe('ingest', () => {
  it('creates a call that the running server takes through UPLOADING and UPLOADED to READY, then fires video.ready', async () => {
    const endpoint = await callApi(service.baseUrl, '/v1/webhooks', {
      key,
      method: 'POST',
      body: JSON.stringify({ url: `https://${HOST}:${receiver.port}/in`, events: ['video.ready'] }),
    });
    const videoId = (await service.cli(['ingest', '--org', orgId, '--title', 'Fresh call'])).trim();
    expect(videoId).toMatch(/^vid_/);

    const seen: string[] = [];
    let video: ServedVideo | undefined;
    const deadline = Date.now() + 20_000;
    while (video?.status !== 'READY' && Date.now() < deadline) {
      video = (await callApi(service.baseUrl, `/v1/videos/${videoId}`, { key })).body.data;
      if (seen.at(-1) !== video!.status) seen.push(video!.status);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(seen).toEqual(['CREATED', 'UPLOADING', 'UPLOADED', 'READY']);
    expect(video).toMatchObject({ title: 'Fresh call', deal_id: null });
    expect(video!.processed_at).not.toBeNull();
    expect(video!.duration_seconds).toBeGreaterThan(0);
    const transcript = await callApi(service.baseUrl, `/v1/videos/${videoId}/transcript`, { key });
    expect(transcript.body.data.length).toBeGreaterThan(10);

    const until = Date.now() + 10_000;
    while (receiver.received.length === 0 && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const [delivery] = receiver.received;
    const payload = WebhookPayload.parse(
      new Webhook(endpoint.body.data.secret).verify(delivery!.body, {
        'webhook-id': delivery!.headers['hook-id']!,
        'webhook-timestamp': delivery!.headers['hook-timestamp']!,
        'webhook-signature': delivery!.headers['hook-signature']!,
      }),
    );
    expect(payload).toMatchObject({ type: 'video.ready', data: video });
  });

  it('refuses an unknown organisation', async () => {
    await expect(service.cli(['ingest', '--org', 'org_absent'])).rejects.toThrow(/no organization/);
  });
});
