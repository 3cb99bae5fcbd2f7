import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_CODE_PARAM, BROWSER_TOKEN_HEADER, browserBridgePaths } from '../../shared/browser-bridge';
import { createTempCore } from '../core/testing/temp-core';
import { type BrowserHost, startBrowserHost } from './browser-host';

let host: BrowserHost;
let token: string;
let rendererDir: string;
let disposeCore: () => void;

function trade(code: string | null) {
  return fetch(`${host.origin}${browserBridgePaths.session}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  });
}

const codeOf = (signInUrl: string) => new URL(signInUrl).searchParams.get(BROWSER_CODE_PARAM);

beforeAll(async () => {
  rendererDir = mkdtempSync(join(tmpdir(), 'callscope-renderer-'));
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Callscope</title>');
  const { core, dispose } = createTempCore();
  disposeCore = dispose;
  host = await startBrowserHost({ core, rendererDir });
  token = ((await (await trade(codeOf(host.newSignInUrl()))).json()) as { token: string }).token;
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
  it('listens on 127.0.0.1 only and gives addresses carrying a new one-time code each', () => {
    expect(host.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const [first, second] = [host.newSignInUrl(), host.newSignInUrl()];
    expect(first).toMatch(new RegExp(`^${host.origin}/\\?code=[\\w-]{40,}$`));
    expect(codeOf(second)).not.toBe(codeOf(first));
  });

  it('trades a code for a session token once; a second use, or a made-up code, gets 401', async () => {
    const code = codeOf(host.newSignInUrl());
    const first = await trade(code);
    expect(first.status).toBe(200);
    const { token: traded } = (await first.json()) as { token: string };
    expect(traded).not.toBe(code);
    expect((await invoke({ [BROWSER_TOKEN_HEADER]: traded })).status).toBe(200);

    const again = await trade(code);
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
    expect((await trade('made-up')).status).toBe(401);
    expect((await trade(null)).status).toBe(401);
  });

  it('does not take a code as a session token', async () => {
    expect((await invoke({ [BROWSER_TOKEN_HEADER]: codeOf(host.newSignInUrl())! })).status).toBe(401);
  });

  it('refuses to trade a code for a page of another site', async () => {
    const response = await fetch(`${host.origin}${browserBridgePaths.session}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://evil.example' },
      body: JSON.stringify({ code: codeOf(host.newSignInUrl()) }),
    });
    expect(response.status).toBe(403);
  });

  it('answers a bridge call that carries the token', async () => {
    const response = await invoke({ [BROWSER_TOKEN_HEADER]: token });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ok: true, value: { mode: 'browser' } });
  });

  it('refuses a bridge call without the token', async () => {
    const response = await invoke({});
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
  });

  it('refuses a bridge call with a wrong token of the same length', async () => {
    const wrong = token.replace(/./, (c) => (c === 'a' ? 'b' : 'a'));
    expect((await invoke({ [BROWSER_TOKEN_HEADER]: wrong })).status).toBe(401);
  });

  it('refuses the event stream without the token', async () => {
    expect((await fetch(`${host.origin}${browserBridgePaths.events}`)).status).toBe(401);
  });

  it('refuses a call from another site even with the token', async () => {
    const response = await invoke({ [BROWSER_TOKEN_HEADER]: token, origin: 'http://evil.example' });
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
    const response = await invoke({ [BROWSER_TOKEN_HEADER]: token }, { nope: 1 });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ ok: false, error: { code: 'invalid_params' } });
  });

  it('serves the renderer no-store with a strict Content-Security-Policy, for any page address', async () => {
    for (const path of ['/', '/deals/abc', '/index.html', `/?${BROWSER_CODE_PARAM}=x`]) {
      const response = await fetch(`${host.origin}${path}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<title>Callscope</title>');
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('streams bridge events to a holder of the token', async () => {
    const controller = new AbortController();
    const response = await fetch(`${host.origin}${browserBridgePaths.events}`, {
      headers: { [BROWSER_TOKEN_HEADER]: token },
      signal: controller.signal,
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.getReader();
    const { value } = await reader.read();
    expect(new TextDecoder().decode(value)).toContain('event: ready');
    controller.abort();
  });

  it('cancels a call in the core when the page aborts its request, so the service is let go of too', async () => {
    // A service that reads the request and never answers: the call waits until it is cancelled.
    const silent = createServer();
    const reached = new Promise<Socket>((resolve) => silent.once('connection', resolve));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const { core, dispose } = createTempCore({ demo: { baseUrl: `http://127.0.0.1:${port}`, apiKey: 'sci_silent' } });
    const ownHost = await startBrowserHost({ core, rendererDir });
    try {
      const code = codeOf(ownHost.newSignInUrl());
      const session = await fetch(`${ownHost.origin}${browserBridgePaths.session}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code }),
      });
      const { token: ownToken } = (await session.json()) as { token: string };
      const page = new AbortController();
      const pending = fetch(`${ownHost.origin}${browserBridgePaths.invoke}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [BROWSER_TOKEN_HEADER]: ownToken },
        body: JSON.stringify({ op: 'openDemoWorkspace', params: {}, callId: 'call-1' }),
        signal: page.signal,
      }).catch(() => 'aborted');
      const socket = (await reached).resume();
      const letGo = new Promise((resolve) => socket.once('close', resolve));
      page.abort();
      expect(await pending).toBe('aborted');
      // Without the cancel the core would hold the request for its whole attempt timeout (15 s).
      await letGo;
    } finally {
      await ownHost.close();
      dispose();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
