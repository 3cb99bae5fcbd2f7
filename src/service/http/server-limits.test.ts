import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readManifest } from '../cli/manifest-file';
import { parseServeOptions } from '../cli/serve-options';
import { runCli } from '../launch/run-cli';
import { type RunningServer, startServer } from '../server';
import { callApi } from '../testing/http';
import { fullAccessKey } from '../testing/manifest-keys';
import { startTestService, type TestService } from '../testing/test-service';

interface HeldConnection {
  socket: Socket;
  /** Everything the server wrote to it. */
  answer: string;
  closed: Promise<void>;
}

/** Opens a connection to the server and sends `text`, then leaves it open. */
function hold(baseUrl: string, text: string): Promise<HeldConnection> {
  const { port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    const held: HeldConnection = {
      socket,
      answer: '',
      closed: new Promise((closed) => socket.once('close', () => closed())),
    };
    socket.on('data', (chunk) => {
      held.answer += chunk;
    });
    socket.once('connect', () => {
      socket.write(text);
      resolve(held);
    });
    socket.once('error', reject);
  });
}

async function waitUntil(condition: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a service held by slow clients', () => {
  let service: TestService;
  let key: string;

  beforeAll(async () => {
    service = await startTestService({ serveArgs: ['--headers-timeout-ms', '3000', '--request-timeout-ms', '5000'] });
    key = fullAccessKey(service.manifest!.orgs[0]!);
  });
  afterAll(() => service?.stop());

  it('answers a normal request while 500 connections trickle their headers, then closes them with 408', async () => {
    const slow: HeldConnection[] = [];
    for (let i = 0; i < 500; i++) {
      slow.push(await hold(service.baseUrl, `GET /v1/members/me HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow-${i}: `));
    }
    const trickle = setInterval(() => {
      for (const { socket } of slow) if (!socket.destroyed) socket.write('a');
    }, 200);
    try {
      const answer = await callApi(service.baseUrl, '/v1/members/me', { key });
      expect(answer.status).toBe(200);
      await Promise.all(slow.map((connection) => connection.closed));
    } finally {
      clearInterval(trickle);
    }
    for (const { answer } of slow) {
      expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
      expect(answer).toContain('"code":"bad_request"');
    }
  });
});

describe('a service at its connection cap', () => {
  let service: TestService;
  let key: string;

  beforeAll(async () => {
    service = await startTestService({
      serveArgs: ['--max-connections', '20', '--headers-timeout-ms', '1000', '--request-timeout-ms', '1000'],
    });
    key = fullAccessKey(service.manifest!.orgs[0]!);
  });
  afterAll(() => service?.stop());

  it('drops connections past the cap, and serves again once the idle ones time out', async () => {
    const idle = await Promise.all(Array.from({ length: 20 }, () => hold(service.baseUrl, '')));
    const extra = await hold(service.baseUrl, '');
    await extra.closed;
    expect(extra.answer).toBe('');
    await Promise.all(idle.map((connection) => connection.closed));
    expect((await callApi(service.baseUrl, '/v1/members/me', { key })).status).toBe(200);
  });
});

describe('what the service logs about clients', () => {
  let dataDir: string;
  let server: RunningServer;
  let key: string;
  const logged: string[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'callscope-logs-'));
    await runCli(['seed', '--data', dataDir, '--profile', 'test']);
    key = fullAccessKey(readManifest(dataDir).orgs[0]!);
    server = await startServer(parseServeOptions(['--data', dataDir]), {
      error: (message) => logged.push(message),
    });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A request the parser refuses, which is logged; waiting for its line orders the log. */
  async function malformed(): Promise<void> {
    const before = logged.length;
    const connection = await hold(server.baseUrl, 'NOT HTTP\r\n\r\n');
    await connection.closed;
    await waitUntil(() => logged.length > before, 'the malformed request to be logged');
  }

  it('does not log a client that resets or cuts its body short', async () => {
    logged.length = 0;
    const head = `POST /v1/webhooks HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\n`;
    for (const framing of ['Content-Length: 1000\r\n\r\n{"url":', 'Transfer-Encoding: chunked\r\n\r\n5\r\n{"url']) {
      const connection = await hold(server.baseUrl, `${head}Content-Type: application/json\r\n${framing}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      connection.socket.resetAndDestroy();
      await connection.closed;
    }
    await malformed();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/^refused a malformed request/);
  });

  it('logs at most ten malformed requests in a burst', async () => {
    logged.length = 0;
    for (let i = 0; i < 12; i++) {
      const connection = await hold(server.baseUrl, 'NOT HTTP\r\n\r\n');
      await connection.closed;
    }
    expect(logged.length).toBeLessThanOrEqual(10);
  });
});
