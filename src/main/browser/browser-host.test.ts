import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_TOKEN_HEADER, browserBridgePaths } from '../../shared/browser-bridge';
import { createTempCore } from '../core/testing/temp-core';
import { type BrowserHost, startBrowserHost } from './browser-host';

let host: BrowserHost;
let rendererDir: string;
let disposeCore: () => void;

beforeAll(async () => {
  rendererDir = mkdtempSync(join(tmpdir(), 'callscope-renderer-'));
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Callscope</title>');
  const { core, dispose } = createTempCore();
  disposeCore = dispose;
  host = await startBrowserHost({ core, rendererDir });
});

afterAll(async () => {
  await host.close();
  disposeCore();
  rmSync(rendererDir, { recursive: true, force: true });
});

function invoke(headers: Record<string, string>, body: unknown = { op: 'getAppInfo', params: {} }) {
  return fetch(`${host.origin}${browserBridgePaths.invoke}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

describe('browser-mode host', () => {
  it('listens on 127.0.0.1 only and prints a URL carrying the token', () => {
    expect(host.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(host.url).toBe(`${host.origin}/?token=${host.token}`);
    expect(host.token.length).toBeGreaterThanOrEqual(40);
  });

  it('answers a bridge call that carries the token', async () => {
    const response = await invoke({ [BROWSER_TOKEN_HEADER]: host.token });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ok: true, value: { mode: 'browser' } });
  });

  it('refuses a bridge call without the token', async () => {
    const response = await invoke({});
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
  });

  it('refuses a bridge call with a wrong token of the same length', async () => {
    const wrong = host.token.replace(/./, (c) => (c === 'a' ? 'b' : 'a'));
    expect((await invoke({ [BROWSER_TOKEN_HEADER]: wrong })).status).toBe(401);
  });

  it('refuses the event stream without the token', async () => {
    expect((await fetch(`${host.origin}${browserBridgePaths.events}`)).status).toBe(401);
  });

  it('refuses a call from another site even with the token', async () => {
    const response = await invoke({ [BROWSER_TOKEN_HEADER]: host.token, origin: 'http://evil.example' });
    expect(response.status).toBe(403);
  });

  it('refuses a request naming another host, as a DNS-rebinding page would', async () => {
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = request(`${host.origin}/`, { headers: { host: 'evil.example:80' } }, (res) => {
        res.resume();
        resolve(res.statusCode);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(403);
  });

  it('answers malformed bridge bodies with a bridge error', async () => {
    const response = await invoke({ [BROWSER_TOKEN_HEADER]: host.token }, { nope: 1 });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ ok: false, error: { code: 'invalid_params' } });
  });

  it('serves the renderer with a strict Content-Security-Policy, for any page address', async () => {
    for (const path of ['/', '/deals/abc']) {
      const response = await fetch(`${host.origin}${path}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<title>Callscope</title>');
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    }
  });

  it('streams bridge events to a holder of the token', async () => {
    const controller = new AbortController();
    const response = await fetch(`${host.origin}${browserBridgePaths.events}`, {
      headers: { [BROWSER_TOKEN_HEADER]: host.token },
      signal: controller.signal,
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.getReader();
    const { value } = await reader.read();
    expect(new TextDecoder().decode(value)).toContain('event: ready');
    controller.abort();
  });
});
