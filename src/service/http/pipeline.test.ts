import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorEnvelope } from '../../shared/api/errors';
import { issueKey } from '../auth/issue-key';
import { readSigningSecret } from '../auth/signing-secret';
import { parseServeOptions } from '../cli/serve-options';
import { createReadCaches, type ServiceContext } from '../context';
import { type Db, openDatabase } from '../db/database';
import { TokenBuckets } from '../ratelimit/token-bucket';
import { createApp } from './app';
import { MAX_BODY_BYTES } from './body-limit';

/**
 * The pipeline with handlers of its own: bodies (no read endpoint takes one) and a handler that
 * throws, run through the same app the server serves.
 */
describe('request pipeline', () => {
  let dir: string;
  let db: Db;
  let key: string;
  const logged: string[] = [];
  let app: ReturnType<typeof createApp>;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'callscope-pipeline-'));
    db = openDatabase(dir);
    db.prepare(
      "INSERT INTO organizations (id, name, created_at) VALUES ('org_a', 'A', '2026-01-01T00:00:00.000Z')",
    ).run();
    db.prepare(
      `INSERT INTO members (id, org_id, email, status, given_name, family_name, display_name, created_at)
       VALUES ('mem_a', 'org_a', 'a@example.test', 'ACTIVE', 'A', 'B', 'A B', '2026-01-01T00:00:00.000Z')`,
    ).run();
    key = issueKey(db, { orgId: 'org_a', memberId: 'mem_a', scopes: ['webhooks:manage', 'videos:read'] });
    const ctx: ServiceContext = {
      db,
      signingSecret: readSigningSecret(db),
      now: () => new Date(),
      options: parseServeOptions(['--data', dir]),
      logger: { error: (message) => logged.push(message) },
      rateLimits: new TokenBuckets(),
      caches: createReadCaches({ replies: true }),
      background: [],
    };
    app = createApp(ctx, {
      createWebhook: ({ input }) => ({
        data: {
          id: 'ep_1',
          url: input.body.url,
          events: [],
          created_at: '2026-01-01T00:00:00.000Z',
          secret: 'whsec_x',
        },
      }),
      getVideo: () => {
        throw new Error('database exploded');
      },
    });
  });
  afterAll(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** As an HTTP client sends it: a body comes with its Content-Length (RFC 9112, 6.3). */
  const post = (body: string | undefined, headers: Record<string, string> = {}) =>
    app.request('/v1/webhooks', {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${key}`,
        'Content-Type': 'application/json',
        ...(body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(body)) }),
        ...headers,
      },
      body,
    });

  it('answers a valid body with the endpoint success status', async () => {
    const response = await post(JSON.stringify({ url: 'https://hooks.example.test/in' }));
    expect(response.status).toBe(201);
    expect(((await response.json()) as { data: { url: string } }).data.url).toBe('https://hooks.example.test/in');
  });

  it('answers malformed JSON with 400 bad_request naming the body', async () => {
    const response = await post('{"url": ');
    expect(response.status).toBe(400);
    const body = (await response.json()) as ErrorEnvelope;
    expect(body.error).toEqual({ code: 'bad_request', message: 'body: is not valid JSON' });
    expect(response.headers.get('x-request-id')).toBe(body.meta.request_id);
  });

  it.each([
    [undefined, 'url: '],
    ['', 'url: '],
    ['[]', ': '],
    ['"text"', ': '],
    ['{"url": 42}', 'url: '],
    ['{"url": "not a url"}', 'url: '],
    ['{"url": "https://x.test", "events": ["video.exploded"]}', 'events.0: '],
  ])('answers body %s with 422 validation_failed starting with the field path', async (body, prefix) => {
    const response = await post(body);
    expect(response.status).toBe(422);
    const answer = (await response.json()) as ErrorEnvelope;
    expect(answer.error.code).toBe('validation_failed');
    expect(answer.error.message).toContain(prefix);
  });

  it('refuses a body over the limit with 400 bad_request', async () => {
    const response = await post(JSON.stringify({ url: `https://x.test/${'a'.repeat(MAX_BODY_BYTES)}` }));
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorEnvelope).error.message).toMatch(/^body: /);
  });

  it('answers an unexpected exception with 500 internal_error, logged with its request id', async () => {
    const response = await app.request('/v1/videos/vid_1', { headers: { Authorization: `Bearer ${key}` } });
    expect(response.status).toBe(500);
    const body = (await response.json()) as ErrorEnvelope;
    expect(body.error.code).toBe('internal_error');
    expect(body.error.message).not.toContain('exploded');
    expect(logged.at(-1)).toContain(body.meta.request_id);
  });

  it('routes an endpoint without a handler as unknown', async () => {
    const response = await app.request('/v1/members', { headers: { Authorization: `Bearer ${key}` } });
    expect(response.status).toBe(404);
  });
});
