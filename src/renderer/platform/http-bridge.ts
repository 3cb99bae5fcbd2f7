import type { BridgeError, BridgeEventName, BridgeResult, CallscopeBridge } from '../../shared/bridge';
import { BROWSER_CODE_PARAM, BROWSER_TOKEN_HEADER, browserBridgePaths } from '../../shared/browser-bridge';

const TOKEN_STORAGE_KEY = 'callscope.browserToken';
const RECONNECT_DELAY_MS = 2_000;

/** This tab's session: its token, or why it has none. */
type Session = { token: string } | { refused: BridgeError };

function transportError(message: string, status: number | null = null): BridgeError {
  return { code: 'network_error', message, status, requestId: null, retryAfter: null };
}

function cancelled(): BridgeError {
  return { code: 'cancelled', message: 'The request was cancelled.', status: null, requestId: null, retryAfter: null };
}

async function exchange(code: string): Promise<Session> {
  try {
    const response = await fetch(browserBridgePaths.session, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    });
    const answer = (await response.json()) as { token?: string; error?: BridgeError };
    if (answer.token) return { token: answer.token };
    return { refused: answer.error ?? transportError('Callscope refused this page.', response.status) };
  } catch {
    return { refused: transportError('Callscope is not running any more; start it again.') };
  }
}

/**
 * Removes the one-time code from the address the host printed (`/?code=...`) at once, before the
 * router reads the address, and trades it for this tab's session token, kept in sessionStorage so
 * a reload still works. Without a code, or when the code is spent, the tab keeps the token it has.
 */
export function openBrowserSession(): Promise<Session> {
  const url = new URL(window.location.href);
  const code = url.searchParams.get(BROWSER_CODE_PARAM);
  if (code === null) return Promise.resolve(storedSession());
  url.searchParams.delete(BROWSER_CODE_PARAM);
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  return exchange(code).then((session) => {
    if ('token' in session) sessionStorage.setItem(TOKEN_STORAGE_KEY, session.token);
    return sessionStorage.getItem(TOKEN_STORAGE_KEY) === null ? session : storedSession();
  });
}

function storedSession(): Session {
  const token = sessionStorage.getItem(TOKEN_STORAGE_KEY);
  return token === null
    ? { refused: transportError('Open the address Callscope printed when it started.', 401) }
    : { token };
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
export function createHttpBridge(session: Promise<Session>): CallscopeBridge {
  const listeners = new Map<string, Set<Listener>>();
  const headersOf = (current: Session) => ({
    'content-type': 'application/json',
    [BROWSER_TOKEN_HEADER]: 'token' in current ? current.token : '',
  });
  const headers = session.then(headersOf);
  // Once the session is known, a call is sent in the caller's own task: a search asked in a key's
  // handler leaves before the key's render, which awaiting the settled promise queued it behind.
  let settled: Session | null = null;
  void session.then((current) => {
    settled = current;
  });
  let streaming = false;

  async function streamEvents(): Promise<void> {
    for (;;) {
      try {
        const response = await fetch(browserBridgePaths.events, { headers: await headers });
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

  /** Each call's request, by callId: cancelling a call aborts its request, and the host the call. */
  const requests = new Map<string, AbortController>();

  return {
    async invoke(op, params, callId) {
      // Kept before anything is awaited, so a cancel that comes while the session is read still counts.
      const request = new AbortController();
      if (callId) requests.set(callId, request);
      try {
        const current = settled ?? (await session);
        if ('refused' in current) return { ok: false, error: current.refused };
        const response = await fetch(browserBridgePaths.invoke, {
          method: 'POST',
          headers: headersOf(current),
          body: JSON.stringify({ op, params, callId }),
          signal: request.signal,
        });
        return (await response.json()) as BridgeResult<never>;
      } catch {
        if (request.signal.aborted) return { ok: false, error: cancelled() };
        return { ok: false, error: transportError('Callscope is not running any more; start it again.') };
      } finally {
        if (callId) requests.delete(callId);
      }
    },
    // An aborted request frees its connection at once: Chromium opens six to a host, and a stale
    // search held one until main answered it, then a second request carried the cancel.
    cancel(callId) {
      requests.get(callId)?.abort();
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
