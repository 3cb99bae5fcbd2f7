import { statSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allScopes } from '../../shared/api/scopes';
import type { ManifestOrg } from '../../shared/manifest';
import { openDatabase } from '../db/database';
import { runCli } from '../launch/run-cli';
import { callApi } from '../testing/http';
import { fullAccessKey } from '../testing/manifest-keys';
import { startTestService, type TestService } from '../testing/test-service';
import { MANIFEST_FILE } from './manifest-file';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('the operator CLI', () => {
  let service: TestService;
  let org: ManifestOrg;

  beforeAll(async () => {
    service = await startTestService();
    org = service.manifest!.orgs[0]!;
  });
  afterAll(() => service?.stop());

  it('keeps the manifest of every key, like the data directory, to its owner', () => {
    expect(statSync(service.dataDir).mode & 0o777).toBe(0o700);
    expect(statSync(join(service.dataDir, MANIFEST_FILE)).mode & 0o777).toBe(0o600);
  });

  it('writes a manifest listing every organisation, with a key of every scope named one by one', () => {
    const manifest = service.manifest!;
    expect(manifest.orgs.filter((candidate) => candidate.active).length).toBeGreaterThanOrEqual(2);
    expect(manifest.orgs.some((candidate) => !candidate.active)).toBe(true);
    for (const candidate of manifest.orgs) {
      expect(
        candidate.keys.some((key) => key.scopes.length === allScopes.length && !key.scopes.includes('all' as never)),
      ).toBe(true);
    }
  });

  it.each([
    [['nonsense']],
    [['keys', 'issue', '--member', 'm']],
    [['keys', 'issue', '--org', 'org_missing', '--member', 'm']],
    [['keys', 'issue', '--org', 'ORG', '--member', 'mem_missing']],
    [['keys', 'issue', '--org', 'ORG', '--member', 'MEMBER', '--scopes', 'videos:read,bogus']],
    [['keys', 'issue', '--org', 'ORG', '--member', 'MEMBER', '--rate-limit', '0/1']],
    [['keys', 'issue', '--org', 'ORG', '--member', 'MEMBER', '--rate-limit', 'ten']],
    [['org', 'set-active', '--org', 'ORG', '--active', 'maybe']],
    [['fault', 'set', 'key-verifier-down', 'sideways']],
    [['fault', 'set', 'gremlins', 'on']],
    [['allowlist', 'set', '--org', 'ORG', 'not a host']],
    [['seed', '--profile', 'huge']],
    [['keys', 'mint-unregistered', '--unknown-flag']],
    [['deal', 'set', '--org', 'ORG', '--status', 'WON']],
    [['deal', 'set', '--org', 'ORG', '--deal', 'deal_missing', '--status', 'WON']],
    [['deal', 'set', '--org', 'ORG', '--deal', 'DEAL']],
    [['deal', 'set', '--org', 'ORG', '--deal', 'DEAL', '--status', 'SOLD']],
    [['deal', 'set', '--org', 'ORG', '--deal', 'DEAL', '--amount', 'ten']],
    [['deal', 'set', '--org', 'ORG', '--deal', 'DEAL', '--close-date', 'someday']],
    [['deal', 'set', '--org', 'ORG', '--deal', 'DEAL', '--owner', 'mem_missing']],
  ])('exits 2 with one line on stderr for %j', async (args) => {
    const deal = (await callApi(service.baseUrl, '/v1/deals?limit=1', { key: fullAccessKey(org) })).body.data[0].id;
    const filled = args.map((arg) =>
      arg === 'ORG' ? org.id : arg === 'MEMBER' ? org.members[0]!.id : arg === 'DEAL' ? deal : arg,
    );
    const result = await runCli([...filled, '--data', service.dataDir]);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stdout).toBe('');
  });

  it('exits 2 when serve has no --data', async () => {
    expect((await runCli(['serve'])).code).toBe(2);
  });

  it('exits 2 with one line when the serve port is taken', async () => {
    const { port } = new URL(service.baseUrl);
    const result = await runCli(['serve', '--data', service.dataDir, '--port', port]);
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toMatch(/^error: cannot listen on 127\.0\.0\.1:\d+: EADDRINUSE$/);
  });

  it('prints only the new key for keys issue', async () => {
    const stdout = await service.cli(['keys', 'issue', '--org', org.id, '--member', org.members[0]!.id]);
    expect(stdout).toMatch(/^sci_[0-9a-f_]+\n$/);
    const answer = await callApi(service.baseUrl, '/v1/webhooks', { key: stdout.trim() });
    expect(answer.status).toBe(200);
  });

  it('changes a deal as its CRM would: fields, owner, none for no value, and its updated_at moves', async () => {
    const key = fullAccessKey(org);
    const before = (await callApi(service.baseUrl, '/v1/deals?status=OPEN&limit=1', { key })).body.data[0];
    const owner = org.members.find((member) => member.id !== before.owner_id)!.id;
    await service.cli([
      ...['deal', 'set', '--org', org.id, '--deal', before.id, '--status', 'ON_HOLD', '--amount', '125000.5'],
      ...['--close-date', '2027-03-31', '--owner', owner, '--title', 'Renamed in the CRM'],
    ]);
    const after = (await callApi(service.baseUrl, `/v1/deals/${before.id}`, { key })).body.data;
    expect(after).toMatchObject({
      status: 'ON_HOLD',
      forecast_amount: 125000.5,
      close_date: '2027-03-31T00:00:00.000Z',
      owner_id: owner,
      title: 'Renamed in the CRM',
    });
    expect(Date.parse(after.updated_at)).toBeGreaterThan(Date.parse(before.updated_at));

    await service.cli([
      'deal',
      'set',
      '--org',
      org.id,
      '--deal',
      before.id,
      '--amount',
      'none',
      '--close-date',
      'none',
    ]);
    expect((await callApi(service.baseUrl, `/v1/deals/${before.id}`, { key })).body.data).toMatchObject({
      forecast_amount: null,
      close_date: null,
    });
    await service.cli(['deal', 'set', '--org', org.id, '--deal', before.id, '--status', 'DELETED']);
    const listed = (await callApi(service.baseUrl, '/v1/deals?limit=100', { key })).body.data;
    expect(listed.map((deal: { id: string }) => deal.id)).not.toContain(before.id);
  });

  it('stores allowlist entries lowercased in punycode, replacing the previous list', async () => {
    const read = () => {
      const db = openDatabase(service.dataDir);
      try {
        return JSON.parse(
          db
            .prepare('SELECT webhook_allowed_hostnames FROM organization_settings WHERE org_id = ?')
            .pluck()
            .get(org.id) as string,
        );
      } finally {
        db.close();
      }
    };
    await service.cli(['allowlist', 'set', '--org', org.id, 'Bücher.Example', '*.HOOKS.example.test']);
    expect(read()).toEqual(['xn--bcher-kva.example', '*.hooks.example.test']);
    await service.cli(['allowlist', 'set', '--org', org.id]);
    expect(read()).toEqual([]);
  });

  it('answers on the auxiliary port with the envelope conventions', async () => {
    const answer = await callApi(service.altBaseUrl, '/nothing-here');
    expect(answer.status).toBe(404);
    expect(answer.headers.get('x-request-id')).toBe(answer.body.meta.request_id);
  });

  it('keeps everything across kill -9 and restart', async () => {
    expect(service.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(service.altBaseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(service.altBaseUrl).not.toBe(service.baseUrl);
    expect(isAlive(service.pid)).toBe(true);
    const key = (await service.cli(['keys', 'issue', '--org', org.id, '--member', org.members[0]!.id])).trim();
    expect((await callApi(service.baseUrl, '/v1/keys/me', { key, method: 'DELETE' })).status).toBe(200);
    const pid = service.pid;
    await service.kill();
    expect(isAlive(pid)).toBe(false);
    await service.restart();
    expect(service.pid).not.toBe(pid);
    expect((await callApi(service.baseUrl, '/v1/members/me', { key })).status).toBe(401);
    const fullKey = fullAccessKey(org);
    expect((await callApi(service.baseUrl, '/v1/members/me', { key: fullKey })).status).toBe(200);
  });

  it('on SIGTERM finishes the request in flight, then exits 0', async () => {
    const { port } = new URL(service.baseUrl);
    const body = JSON.stringify({ url: 'https://nowhere.example.test/hook' });
    const fullKey = fullAccessKey(org);
    const socket = connect(Number(port), '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    const closed = new Promise((resolve) => socket.on('close', resolve));
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /v1/webhooks HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${fullKey}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const pid = service.pid;
    const exited = service.terminate();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(isAlive(pid)).toBe(true);
    socket.write(body.slice(5));
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 422/);
    expect(answer).toContain('invalid_webhook_url');
    expect(await exited).toBe(0);
    expect(isAlive(pid)).toBe(false);
    await service.restart();
  });
});
