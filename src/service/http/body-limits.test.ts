import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../shared/api/endpoints';
import { ErrorEnvelope } from '../../shared/api/errors';
import { callApi } from '../testing/http';
import { activeOrgs } from '../testing/service-test-kit';
import { startTestService, type TestService } from '../testing/test-service';
import { MAX_BODY_BYTES } from './body-limit';

/** Far over every cap: before caps applied to every route, one such body cost the server over 1 GB. */
const HOSTILE_BODY_BYTES = 96 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 0x61);

interface Answer {
  status: number;
  body: string;
}

/**
 * Streams a huge body as fast as the server takes it and stops as soon as the answer arrives,
 * as a hostile client would: either declared up front (Content-Length) or chunked.
 */
function sendHugeBody(url: string, method: string, headers: Record<string, string>, declared: boolean) {
  return new Promise<Answer>((resolve, reject) => {
    let answered = false;
    // Named explicitly: Node's client sends a DELETE body unframed unless told to chunk it.
    const framing = declared ? { 'content-length': String(HOSTILE_BODY_BYTES) } : { 'transfer-encoding': 'chunked' };
    const req = request(url, { method, headers: { ...headers, ...framing } }, (res) => {
      answered = true;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body });
        req.destroy();
      });
    });
    // Once answered, the server may close while bytes are still on their way; that is expected.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    let sent = 0;
    const pump = () => {
      while (!answered && sent < HOSTILE_BODY_BYTES) {
        sent += CHUNK.length;
        if (!req.write(CHUNK)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

function residentMegabytes(pid: number): number {
  const line = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(line![1]) / 1024;
}

describe('request bodies are capped on every route', () => {
  let service: TestService;
  let key: string;

  beforeAll(async () => {
    service = await startTestService();
    key = activeOrgs(service)[0]!.key;
  });
  afterAll(() => service?.stop());

  const writeRoutes = [
    ...Object.values(endpoints)
      .filter((endpoint) => endpoint.method === 'POST' || endpoint.method === 'DELETE')
      .map((endpoint) => ({
        method: endpoint.method,
        url: () => `${service.baseUrl}${endpoint.path.replaceAll(/\{\w+\}/g, 'x_1')}`,
      })),
    { method: 'POST', url: () => `${service.altBaseUrl}/plants` },
    { method: 'DELETE', url: () => `${service.altBaseUrl}/plants/1` },
  ];

  it('answers a huge body on every POST and DELETE with 400 bad_request, and memory stays flat', async () => {
    const before = residentMegabytes(service.pid);
    for (const route of writeRoutes) {
      for (const declared of [true, false]) {
        const answer = await sendHugeBody(
          route.url(),
          route.method,
          { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': 'huge-body' },
          declared,
        );
        const label = `${route.method} ${route.url()} (${declared ? 'Content-Length' : 'chunked'})`;
        expect(answer.status, label).toBe(400);
        const envelope = ErrorEnvelope.parse(JSON.parse(answer.body));
        expect(envelope.error.code, label).toBe('bad_request');
        expect(envelope.error.message, label).toMatch(/^body: /);
      }
    }
    expect(residentMegabytes(service.pid) - before).toBeLessThan(100);
    // Still the key it was: DELETE /v1/keys/me with a body revoked nothing.
    expect((await callApi(service.baseUrl, '/v1/members/me', { key })).status).toBe(200);
  });

  it('answers any body on a POST that takes none with 400, and accepts it without one', async () => {
    const path = `/v1/deals/x_1/scorings`;
    const withBody = await callApi(service.baseUrl, path, { key, method: 'POST', body: '{}' });
    expect(withBody.status).toBe(400);
    expect(withBody.body.error).toEqual({ code: 'bad_request', message: 'body: this endpoint takes no body' });
    expect((await callApi(service.baseUrl, path, { key, method: 'POST' })).status).toBe(404);
  });

  it('accepts a body right at the cap on a route that takes one', async () => {
    const url = `https://hooks.example.test/${'a'.repeat(100)}`;
    const body = JSON.stringify({ url, events: [] }).padEnd(MAX_BODY_BYTES, ' ');
    const answer = await callApi(service.baseUrl, '/v1/webhooks', { key, method: 'POST', body });
    // Not on the allowlist: past the cap, the body was read and judged.
    expect(answer.body.error.code).toBe('invalid_webhook_url');
  });

  it('answers an empty Idempotency-Key with 400 bad_request instead of storing it', async () => {
    const answer = await callApi(service.baseUrl, '/v1/deals/x_1/scorings', {
      key,
      method: 'POST',
      headers: { 'Idempotency-Key': '' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual({ code: 'bad_request', message: 'Idempotency-Key: must not be empty' });
  });
});
