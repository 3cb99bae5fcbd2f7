import { join } from 'node:path';
import { test as base } from '@playwright/test';
import { type BrowserHost, startBrowserHost } from '../../src/main/browser/browser-host';
import { createTempCore } from '../../src/main/core/testing/temp-core';
import { type FaultProxy, startFaultProxy } from '../../src/service/testing/fault-proxy';
import { type ServiceVariantName, serviceVariants } from '../../src/service/testing/service-variants';
import { freePort, startTestService, type TestService } from '../../src/service/testing/test-service';
import { type ReceivedRequest, startVariantProxy, type VariantProxy } from '../../src/service/testing/variant-proxy';
import { BROWSER_CODE_PARAM, browserBridgePaths } from '../../src/shared/browser-bridge';
import { demoKeyOf, type Manifest } from '../../src/shared/manifest';

export interface CallscopeApp {
  /**
   * Open this: the browser-mode host with the demo workspace already connected. Each read is a
   * new address whose one-time sign-in code the page trades for its session.
   */
  readonly appUrl: string;
  /** The host's origin without a code, for tests that must be refused. */
  appOrigin: string;
  /** A session token of the host, for tests that call the bridge without a page. */
  bridgeToken: string;
  /** The seeded service's keys and organisations. */
  manifest: Manifest;
  /** The local service's base URL (for direct API checks and picking test subjects). */
  serviceUrl: string;
  /** The service's seeded data directory, as `npm start` hands it to the app (its manifest.json). */
  serviceDataDir: string;
  /** Where the app's workspace points: the local service, or the variant proxy in front of it. */
  appServiceUrl: string;
  /** Runs the service's operator CLI on this worker's data directory; resolves stdout. */
  serviceCli(args: string[]): Promise<string>;
  /** The requests the app has made of the service so far (only with a `serviceVariant`, 'as-is' to count alone). */
  requestsMade(): readonly ReceivedRequest[];
  /** The same requests as text, with their headers and bodies (only with a `serviceVariant`). */
  requestsSent(): readonly string[];
  /** Stops the service (SIGTERM); its data stays. Only with `outageRehearsal`. */
  stopService(): Promise<void>;
  /** Starts it again at the same address. Only with `outageRehearsal`. */
  restartService(): Promise<void>;
  /** Freezes the service process (SIGSTOP): connections open, nothing answers. Only with `outageRehearsal`. */
  freezeService(): void;
  /** Lets a frozen service go on (SIGCONT). */
  thawService(): void;
  /** The local copy can no longer grow, as on a full disk. Only with `diskRehearsal`. */
  fillDisk(): void;
  /** It can grow again. */
  freeDisk(): void;
  /** The fault proxy between the app and the service, to inject faults with. Only with `faultProxy`. */
  readonly faults: FaultProxy;
}

export interface CallscopeAppOptions {
  /** Extra `serve` flags for the worker's service, e.g. ['--job-delay-ms', '300']. */
  serviceArgs: string[];
  /** Put a service that chose differently (src/service/testing/service-variants.ts) between app and service. */
  serviceVariant: ServiceVariantName | null;
  /**
   * The worker's service listens on a fixed port, so a test can stop it and bring it back at the
   * same address (an outage). Its own worker, as the other tests of a worker need the service up.
   */
  outageRehearsal: boolean;
  /** The core syncs the workspace in the background, as the app does (off elsewhere: tests count requests). */
  backgroundSync: boolean;
  /** How often the core counts saved searches' new matches (null: the app's every few minutes). */
  savedSearchCheckEveryMs: number | null;
  /**
   * The local copy's disk can be filled and freed (`fillDisk`, `freeDisk`): SQLite's page limit,
   * whose writes then fail with SQLITE_FULL as on a full disk; a paused copy tries again every 200 ms.
   */
  diskRehearsal: boolean;
  /** Put the fault proxy (src/service/testing/fault-proxy.ts) between app and service, as `faults`. */
  faultProxy: boolean;
}

/**
 * Every end-to-end test's harness. Per worker: the REAL local service on a freshly seeded
 * ('test' profile) data directory, and the same app core the desktop app runs, behind the
 * browser-mode host, with the demo workspace opened on the first active organisation's
 * full-scope key. Tests share the worker's data, so they must not depend on each other's writes.
 */
export const test = base.extend<object, { callscope: CallscopeApp } & CallscopeAppOptions>({
  serviceArgs: [['--job-delay-ms', '300'], { option: true, scope: 'worker' }],
  serviceVariant: [null, { option: true, scope: 'worker' }],
  outageRehearsal: [false, { option: true, scope: 'worker' }],
  backgroundSync: [false, { option: true, scope: 'worker' }],
  savedSearchCheckEveryMs: [null, { option: true, scope: 'worker' }],
  diskRehearsal: [false, { option: true, scope: 'worker' }],
  faultProxy: [false, { option: true, scope: 'worker' }],
  callscope: [
    async (
      {
        serviceArgs,
        serviceVariant,
        outageRehearsal,
        backgroundSync,
        savedSearchCheckEveryMs,
        diskRehearsal,
        faultProxy,
      },
      use,
    ) => {
      const service: TestService = await startTestService({
        profile: 'test',
        serveArgs: serviceArgs,
        port: outageRehearsal ? await freePort() : undefined,
      });
      const manifest = service.manifest!;
      const { key } = demoKeyOf(manifest);
      const proxy: VariantProxy | null = serviceVariant
        ? await startVariantProxy(service.baseUrl, serviceVariants[serviceVariant])
        : null;
      const faults = faultProxy ? await startFaultProxy(proxy?.url ?? service.baseUrl) : null;
      const appServiceUrl = faults?.url ?? proxy?.url ?? service.baseUrl;
      const roomy = 1_000_000_000;
      let pageLimit = roomy;
      const { core, dispose } = createTempCore({
        demo: { baseUrl: appServiceUrl, apiKey: key.key },
        replica: {
          // What failed is tried again within seconds, not the app's 30 s to 5 min.
          sync: backgroundSync ? { retry: { firstMs: 500, maxMs: 2000 } } : null,
          storage: diskRehearsal ? { maxPageCount: () => pageLimit, probeEveryMs: 200 } : undefined,
        },
        savedSearchCheckEveryMs: savedSearchCheckEveryMs ?? undefined,
      });
      let host: BrowserHost | undefined;
      try {
        const opened = await core.invoke('openDemoWorkspace', {});
        if (!opened.ok) throw new Error(`the demo workspace did not open: ${opened.error.message}`);
        host = await startBrowserHost({ core, rendererDir: join(process.cwd(), 'out/renderer') });
        const { origin, newSignInUrl } = host;
        await use({
          get appUrl() {
            return newSignInUrl();
          },
          appOrigin: origin,
          bridgeToken: await exchangeSignInCode(newSignInUrl()),
          manifest,
          serviceUrl: service.baseUrl,
          serviceDataDir: service.dataDir,
          appServiceUrl,
          serviceCli: (args) => service.cli(args),
          requestsMade: () => proxy?.received() ?? [],
          requestsSent: () => proxy?.wire() ?? [],
          async stopService() {
            if (!outageRehearsal) throw new Error('stopService needs test.use({ outageRehearsal: true })');
            await service.terminate();
          },
          async restartService() {
            if (!outageRehearsal) throw new Error('restartService needs test.use({ outageRehearsal: true })');
            await service.restart();
          },
          freezeService() {
            if (!outageRehearsal) throw new Error('freezeService needs test.use({ outageRehearsal: true })');
            process.kill(service.pid, 'SIGSTOP');
          },
          thawService() {
            process.kill(service.pid, 'SIGCONT');
          },
          fillDisk() {
            if (!diskRehearsal) throw new Error('fillDisk needs test.use({ diskRehearsal: true })');
            pageLimit = 1;
          },
          freeDisk() {
            pageLimit = roomy;
          },
          get faults() {
            if (!faults) throw new Error('faults needs test.use({ faultProxy: true })');
            return faults;
          },
        });
      } finally {
        // A test that failed while the service was frozen must not leave it deaf to the stop below
        // (one that failed while it was stopped leaves no process to wake).
        if (outageRehearsal) wake(service.pid);
        await host?.close();
        dispose();
        await faults?.close();
        await proxy?.close();
        await service.stop();
      }
    },
    { scope: 'worker', timeout: 60_000 },
  ],
});

function wake(pid: number): void {
  try {
    process.kill(pid, 'SIGCONT');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/** What the page does with the address it is opened with: trade its one-time code for a session token. */
export async function exchangeSignInCode(signInUrl: string): Promise<string> {
  const url = new URL(signInUrl);
  const response = await fetch(`${url.origin}${browserBridgePaths.session}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url.origin },
    body: JSON.stringify({ code: url.searchParams.get(BROWSER_CODE_PARAM) }),
  });
  return ((await response.json()) as { token: string }).token;
}

export { expect } from '@playwright/test';
