import type { BridgeError, BridgeEventName, BridgeResult, CallscopeBridge } from '../../shared/bridge';
import { BROWSER_TOKEN_HEADER, BROWSER_TOKEN_PARAM, browserBridgePaths } from '../../shared/browser-bridge';

const TOKEN_STORAGE_KEY = 'callscope.browserToken';
const RECONNECT_DELAY_MS = 2_000;

/**
 * Takes the token from the address the host printed (`/?token=...`), keeps it for this tab in
 * sessionStorage (so a reload still works) and removes it from the address bar and history.
 */
export function takeBrowserToken(): string | null {
  const url = new URL(window.location.href);
  const fromUrl = url.searchParams.get(BROWSER_TOKEN_PARAM);
  if (fromUrl) {
    sessionStorage.setItem(TOKEN_STORAGE_KEY, fromUrl);
    url.searchParams.delete(BROWSER_TOKEN_PARAM);
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  }
  return sessionStorage.getItem(TOKEN_STORAGE_KEY);
}

function transportError(message: string, status: number | null = null): BridgeError {
  return { code: 'network_error', message, status, requestId: null, retryAfter: null };
}

type Listener = (payload: unknown) => void;

/** Splits a `text/event-stream` body into `(event, data)` pairs. */
async function readEvents(body: ReadableStream<Uint8Array>, deliver: (event: string, data: string) => void) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
      }
      deliver(event, data.join('\n'));
      end = buffer.indexOf('\n\n');
    }
  }
}

/** Browser mode's `window.callscope`: the same contract over HTTP to the loopback host. */
export function createHttpBridge(token: string | null): CallscopeBridge {
  const listeners = new Map<string, Set<Listener>>();
  const headers = { 'content-type': 'application/json', [BROWSER_TOKEN_HEADER]: token ?? '' };
  let streaming = false;

  async function streamEvents(): Promise<void> {
    for (;;) {
      try {
        const response = await fetch(browserBridgePaths.events, { headers });
        if (response.ok && response.body) {
          await readEvents(response.body, (event, data) => {
            for (const listener of listeners.get(event) ?? []) listener(JSON.parse(data));
          });
        }
      } catch {
        // The host went away or restarted; try again shortly, as EventSource would.
      }
      await new Promise((resolve) => setTimeout(resolve, RECONNECT_DELAY_MS));
    }
  }

  return {
    async invoke(op, params, callId) {
      try {
        const response = await fetch(browserBridgePaths.invoke, {
          method: 'POST',
          headers,
          body: JSON.stringify({ op, params, callId }),
        });
        return (await response.json()) as BridgeResult<never>;
      } catch {
        return { ok: false, error: transportError('Callscope is not running any more; start it again.') };
      }
    },
    cancel(callId) {
      void fetch(browserBridgePaths.cancel, { method: 'POST', headers, body: JSON.stringify({ callId }) }).catch(
        () => {},
      );
    },
    on(event: BridgeEventName, listener) {
      if (!streaming) {
        streaming = true;
        void streamEvents();
      }
      const set = listeners.get(event) ?? new Set<Listener>();
      set.add(listener as Listener);
      listeners.set(event, set);
      return () => set.delete(listener as Listener);
    },
  };
}
