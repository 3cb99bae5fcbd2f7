import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../../service/testing/test-service';
import { demoKeyOf } from '../../../../shared/manifest';
import { createApiClient } from './api-client';

let service: TestService;
let proxy: Server;
let proxyUrl: string;
let key: string;
let postsSeen = 0;

/**
 * A loopback proxy that forwards everything but loses the response to the first POST after the
 * service has handled it: the client sees a dropped connection for a job that was created.
 */
function startLossyProxy(target: string): Promise<Server> {
  const server = createServer((incoming, outgoing) => {
    const isPost = incoming.method === 'POST';
    const dropThisOne = isPost && ++postsSeen === 1;
    const upstream = request(
      new URL(incoming.url ?? '/', target),
      { method: incoming.method, headers: incoming.headers },
      (answer) => {
        if (dropThisOne) {
          answer.resume();
          answer.on('end', () => outgoing.socket?.destroy());
          return;
        }
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    incoming.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  service = await startTestService({ profile: 'test', serveArgs: ['--job-delay-ms', '100'] });
  key = demoKeyOf(service.manifest!).key.key;
  proxy = await startLossyProxy(service.baseUrl);
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
afterAll(async () => {
  proxy?.closeAllConnections();
  await new Promise((resolve) => proxy?.close(resolve));
  await service?.stop();
});

describe('a retried POST', () => {
  it('creates exactly one job when the first response is lost', async () => {
    const direct = createApiClient({ baseUrl: service.baseUrl, getKey: async () => key });
    const video = (await direct.listVideos({ status: 'READY', limit: 1 })).data[0]!;
    const before = (await direct.listAnalyses({ id: video.id, limit: 100 })).data.map((analysis) => analysis.id);

    const waits: string[] = [];
    const throughProxy = createApiClient({
      baseUrl: proxyUrl,
      getKey: async () => key,
      retry: { baseDelayMs: 50 },
      onWait: (wait) => waits.push(wait.code),
    });
    const started = await throughProxy.startAnalysis({ id: video.id }, { idempotencyKey: 'user-action-analyze-1' });

    expect(postsSeen).toBe(2);
    expect(waits).toEqual(['network_error']);
    const after = (await direct.listAnalyses({ id: video.id, limit: 100 })).data.map((analysis) => analysis.id);
    const created = after.filter((id) => !before.includes(id));
    expect(created).toEqual([started.data?.id]);
  });
});
