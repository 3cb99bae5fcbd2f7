import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll } from 'vitest';
import { asIs } from '../../../service/testing/service-variants';
import { startTestService, type TestService } from '../../../service/testing/test-service';
import { type ServiceVariant, startVariantProxy, type VariantProxy } from '../../../service/testing/variant-proxy';
import type { CopyScope } from '../../../shared/bridge';
import { demoKeyOf } from '../../../shared/manifest';
import type { AppCore } from '../app/app-core';
import { type ApiClient, createApiClient } from '../service-client/api-client/api-client';
import { createTempCore, ok as succeeded } from './temp-core';

/**
 * The app's core on the demo workspace of a test service as a variant answers it, counting the
 * app's requests, for tests of what the engine answers from a copy its sync keeps.
 */
export interface CopyHarness {
  /** The service as the variant answers it, with every request the app made. */
  proxy: VariantProxy;
  /** A client of the same service, to read records one by one as a screen would. */
  client: ApiClient;
  /**
   * The paths the app asked since `before` (a count of `proxy.received()`), leaving out the
   * service watch's `/members/me`, which asks on its own clock whatever the screens read.
   */
  askedSince(before: number): string[];
  /** A core on the demo workspace, its engine in its worker, syncing or not. */
  openCore(options: { sync: boolean }): Promise<AppCore>;
  close(): Promise<void>;
}

export async function copyHarness(service: TestService, variant: ServiceVariant): Promise<CopyHarness> {
  const proxy = await startVariantProxy(service.baseUrl, variant);
  const apiKey = demoKeyOf(service.manifest!).key.key;
  const disposals: (() => Promise<void>)[] = [() => proxy.close()];
  return {
    proxy,
    client: createApiClient({ baseUrl: proxy.url, getKey: async () => apiKey }),
    askedSince: (before) =>
      proxy
        .received()
        .slice(before)
        .map((request) => request.path)
        .filter((path) => path !== '/v1/members/me'),
    async openCore({ sync }) {
      const { core, dispose } = createTempCore({
        demo: { baseUrl: proxy.url, apiKey },
        replica: { sync: sync ? { retry: { firstMs: 200, maxMs: 1000 } } : null },
      });
      disposals.push(dispose);
      await succeeded(core, 'openDemoWorkspace', {});
      return core;
    },
    async close() {
      for (const dispose of disposals.reverse()) await dispose();
    },
  };
}

/**
 * One test service (the `test` profile) and a copy harness on it, for every test of the file that
 * calls this at its top: started before the first, closed after the last. Read them in a test.
 */
export function sharedCopyHarness(variant: ServiceVariant = asIs): { service: TestService; harness: CopyHarness } {
  const shared = {} as { service: TestService; harness: CopyHarness };
  beforeAll(async () => {
    shared.service = await startTestService({ profile: 'test' });
    shared.harness = await copyHarness(shared.service, variant);
  });
  afterAll(async () => {
    await shared.harness?.close();
    await shared.service?.stop();
  });
  return shared;
}

/** A bridge operation's value; its failure fails the test, with its code and message. */
export { succeeded };

/** Waits for the workspace's sync to be up to date (a minute at most). */
export async function upToDate(core: AppCore): Promise<void> {
  for (let waited = 0; waited < 120; waited += 1) {
    if ((await succeeded(core, 'getSyncStatus', {})).state === 'up-to-date') return;
    await sleep(500);
  }
  throw new Error('the sync did not get up to date');
}

/** Chooses what the copy keeps, and waits until the sync is up to date holding the `calls` calls within. */
export async function keepOnly(core: AppCore, scope: CopyScope, calls: number): Promise<void> {
  const { activeId } = await succeeded(core, 'listWorkspaces', {});
  await succeeded(core, 'setCopyScope', { workspaceId: activeId!, scope });
  for (let waited = 0; waited < 120; waited += 1) {
    const status = await succeeded(core, 'getSyncStatus', {});
    if (status.state === 'up-to-date' && status.calls.known === calls && status.calls.synced === calls) return;
    await sleep(500);
  }
  throw new Error('the sync did not get up to date under the scope');
}
