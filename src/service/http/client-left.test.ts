import { once } from 'node:events';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManifestOrg } from '../../shared/manifest';
import { callApi } from '../testing/http';
import { startTestService, type TestService } from '../testing/test-service';

/**
 * Sends a whole GET and closes the connection in the same breath, while the service is stopped
 * (SIGSTOP): as when it is busy computing another answer and the client gives up on this one
 * (a search made stale by the next keystroke). Resolves once the service has closed its side.
 */
async function abandonWhileBusy(service: TestService, path: string, key: string): Promise<void> {
  process.kill(service.pid, 'SIGSTOP');
  try {
    const socket = connect(Number(new URL(service.baseUrl).port), '127.0.0.1');
    await once(socket, 'connect');
    socket.resume();
    const closed = once(socket, 'close');
    await new Promise<void>((resolve) =>
      socket.end(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\n\r\n`, resolve),
    );
    process.kill(service.pid, 'SIGCONT');
    await closed;
  } finally {
    process.kill(service.pid, 'SIGCONT');
  }
}

describe('a read whose client has gone', () => {
  let service: TestService;
  let org: ManifestOrg;

  beforeAll(async () => {
    service = await startTestService();
    org = service.manifest!.orgs[0]!;
  });
  afterAll(() => service?.stop());

  it('is not served, so it spends nothing of the key’s rate limit', async () => {
    const key = (
      await service.cli(['keys', 'issue', '--org', org.id, '--member', org.members[0]!.id, '--rate-limit', '1/60'])
    ).trim();
    await abandonWhileBusy(service, '/v1/search/transcripts?q=pricing', key);
    const served = await callApi(service.baseUrl, '/v1/search/transcripts?q=pricing', { key });
    expect(served.status).toBe(200);
    expect((await callApi(service.baseUrl, '/v1/members/me', { key })).status).toBe(429);
  });
});
