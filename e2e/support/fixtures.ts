import { join } from 'node:path';
import { test as base } from '@playwright/test';
import { type BrowserHost, startBrowserHost } from '../../src/main/browser/browser-host';
import { createTempCore } from '../../src/main/core/testing/temp-core';
import type { Manifest } from '../../src/service/seed/index';
import { startTestService, type TestService } from '../../src/service/testing/test-service';
import { allScopes } from '../../src/shared/api/scopes';
import { BROWSER_CODE_PARAM, browserBridgePaths } from '../../src/shared/browser-bridge';

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
  /** The local service's base URL (for direct API checks). */
  serviceUrl: string;
  /** Runs the service's operator CLI on this worker's data directory; resolves stdout. */
  serviceCli(args: string[]): Promise<string>;
}

export interface CallscopeAppOptions {
  /** Extra `serve` flags for the worker's service, e.g. ['--job-delay-ms', '300']. */
  serviceArgs: string[];
}

/**
 * Every end-to-end test's harness. Per worker: the REAL local service on a freshly seeded
 * ('test' profile) data directory, and the same app core the desktop app runs, behind the
 * browser-mode host, with the demo workspace opened on the first active organisation's
 * full-scope key. Tests share the worker's data, so they must not depend on each other's writes.
 */
export const test = base.extend<object, { callscope: CallscopeApp } & CallscopeAppOptions>({
  serviceArgs: [['--job-delay-ms', '300'], { option: true, scope: 'worker' }],
  callscope: [
    async ({ serviceArgs }, use) => {
      const service: TestService = await startTestService({ profile: 'test', serveArgs: serviceArgs });
      const manifest = service.manifest!;
      const org = manifest.orgs.find((candidate) => candidate.active)!;
      const key = org.keys.find(
        (candidate) => candidate.scopes.length === allScopes.length && !candidate.rate_limited,
      )!;
      const { core, dispose } = createTempCore({ demo: { baseUrl: service.baseUrl, apiKey: key.key } });
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
          serviceCli: (args) => service.cli(args),
        });
      } finally {
        await host?.close();
        dispose();
        await service.stop();
      }
    },
    { scope: 'worker', timeout: 60_000 },
  ],
});

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
