import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceVariants } from '../../../service/testing/service-variants';
import { startTestService, type TestService } from '../../../service/testing/test-service';
import { type ServiceVariant, startVariantProxy, type VariantProxy } from '../../../service/testing/variant-proxy';
import type { OperationResult } from '../../../shared/bridge';
import { demoKeyOf } from '../../../shared/manifest';
import { createTempCore } from '../testing/temp-core';

let service: TestService;
let key: string;
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  service = await startTestService({ profile: 'test' });
  key = demoKeyOf(service.manifest!).key.key;
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await service?.stop();
});

/** A core whose demo workspace points at the service through this variant, opened. */
async function demoThrough(variant: ServiceVariant | null) {
  let baseUrl = service.baseUrl;
  if (variant) {
    const proxy: VariantProxy = await startVariantProxy(service.baseUrl, variant);
    cleanups.push(() => proxy.close());
    baseUrl = proxy.url;
  }
  const { core, dispose } = createTempCore({ demo: { baseUrl, apiKey: key } });
  cleanups.push(dispose);
  const opened = await core.invoke('openDemoWorkspace', {});
  expect(opened).toMatchObject({ ok: true });
  return core;
}

async function checkDemo(variant: ServiceVariant | null) {
  const core = await demoThrough(variant);
  const result = await core.invoke('checkConnection', { workspaceId: 'demo' });
  expect(result.ok).toBe(true);
  return { core, report: (result as { value: OperationResult<'checkConnection'> }).value };
}

const outcomes = (report: OperationResult<'checkConnection'>) =>
  Object.fromEntries(report.checks.map((check) => [check.screen, check.outcome]));

describe('Check connection', () => {
  it('tries one read per screen against the local service and reports each with its request id', async () => {
    const { report } = await checkDemo(null);
    expect(report.checks.map((check) => check.screen)).toEqual(['Team', 'Pipeline', 'Calls', 'Call page', 'Search']);
    expect(report.checks.every((check) => check.outcome === 'ok' && check.requestId?.startsWith('req_'))).toBe(true);
    expect(report.profile).toMatchObject({ searchTextParam: 'q', source: 'openapi', segmentTimeScale: 1 });
  });

  it('learns a service’s own search parameter name and keeps it for the workspace, so search works', async () => {
    const { core, report } = await checkDemo(serviceVariants['other-choices']);
    expect(report.profile).toMatchObject({ searchTextParam: 'query', source: 'openapi' });
    expect(outcomes(report).Search).toBe('ok');
    const listed = await core.invoke('listWorkspaces', {});
    expect(listed).toMatchObject({ ok: true, value: { workspaces: [{ profile: { searchTextParam: 'query' } }] } });
  });

  it('learns transcript times in milliseconds by comparing a call with its length', async () => {
    const { report } = await checkDemo(serviceVariants['open-values']);
    expect(report.profile.segmentTimeScale).toBe(0.001);
    expect(report.checks.find((check) => check.screen === 'Calls')?.detail).toMatch(/1 record could not be read/);
  });

  it('lists what fails with the service’s own code, status and request id, and what still works', async () => {
    const { report } = await checkDemo(serviceVariants['unfamiliar-errors']);
    expect(outcomes(report)).toEqual({
      Team: 'failed',
      Pipeline: 'ok',
      Calls: 'ok',
      'Call page': 'ok',
      Search: 'failed',
    });
    const team = report.checks.find((check) => check.screen === 'Team')!;
    expect(team).toMatchObject({ code: 'plan_restricted', status: 403 });
    expect(team.requestId).toMatch(/^req_/);
    expect(JSON.stringify(report)).not.toContain(key);
  });
});

describe('adding a workspace', () => {
  it('refuses a key with a control character or a space before any request is made', async () => {
    let requests = 0;
    const counter = createServer((_request, response) => {
      requests++;
      response.end();
    });
    await new Promise<void>((resolve) => counter.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => counter.close(() => resolve())));
    const baseUrl = `http://127.0.0.1:${(counter.address() as AddressInfo).port}`;
    const { core, dispose } = createTempCore();
    cleanups.push(dispose);
    for (const apiKey of ['sci_abc\u0007def', 'sci_abc def']) {
      const refused = await core.invoke('addWorkspace', { baseUrl, apiKey });
      expect(refused).toMatchObject({
        ok: false,
        error: { code: 'invalid_params', message: expect.stringMatching(/^apiKey: The key/) },
      });
    }
    expect(requests).toBe(0);
  });

  it('accepts a key whatever its prefix: the real service’s prefix is not shown', async () => {
    const { core, dispose } = createTempCore();
    cleanups.push(dispose);
    // The local service refuses it on its merits (401), which proves it was sent.
    const sent = await core.invoke('addWorkspace', { baseUrl: service.baseUrl, apiKey: 'live-7f3e9a.c41b' });
    expect(sent).toMatchObject({ ok: false, error: { code: 'unauthorized', status: 401 } });
  });
});
