import type { BridgeError, OperationName, OperationParams, OperationResult } from '../shared/bridge';
import { createLanes } from './call-lanes';
import { getBridge } from './platform';

/** A failed bridge call as a thrown value, so TanStack Query sees it as an error; nothing parses its text. */
export class BridgeCallError extends Error {
  readonly detail: BridgeError;
  constructor(detail: BridgeError) {
    super(detail.message);
    this.name = 'BridgeCallError';
    this.detail = detail;
  }
}

let callCounter = 0;

/** When each call still waiting for main's answer began, so a frozen service can be noticed and let go of. */
const waiting = new Map<string, number>();
const waitingListeners = new Set<() => void>();
const waitingChanged = () => {
  for (const listener of waitingListeners) listener();
};

/** The start time of the call that has waited longest, or null when none is waiting. */
export function oldestWaitingSince(): number | null {
  return waiting.size === 0 ? null : Math.min(...waiting.values());
}

export function onWaitingChange(listener: () => void): () => void {
  waitingListeners.add(listener);
  return () => waitingListeners.delete(listener);
}

/** "Stop waiting": main aborts every call still waiting; each then fails as `cancelled`, with its Retry. */
export function stopWaiting(): void {
  for (const callId of waiting.keys()) getBridge().cancel(callId);
}

/**
 * Browser mode carries each call on its own HTTP request, and Chromium opens at most six
 * connections to one host, one of them held by the event stream. The Pipeline of the `large`
 * profile asks for about 300 reads on opening (each card's detail and warning signals, each
 * status's totals): a search typed then reached main 0.9 to 2.1 s after the page sent it, queued
 * behind 140 to 210 of them, and in both modes the service then answered them first. So the reads
 * a screen makes per item it lists run in the background: four at most, leaving Chromium a
 * connection, and none starts while a call someone waits for is on its way.
 */
const lanes = createLanes(4);

/**
 * Calls one bridge operation. When `signal` aborts (a query TanStack abandoned, a search made
 * stale by the next keystroke) the call is cancelled in main too, so the service is not kept busy.
 */
export function call<N extends OperationName>(
  op: N,
  params: OperationParams<N>,
  signal?: AbortSignal,
): Promise<OperationResult<N>> {
  return lanes.foreground(() => invoke(op, params, signal));
}

/**
 * Keeps the reads a screen makes per item it lists from starting until the returned release:
 * for a modal over that screen (the search palette), whose calls then share the service, the
 * host and the page's thread with no answer the person cannot see.
 */
export function holdBackgroundCalls(): () => void {
  return lanes.hold();
}

/** `call` for the reads a screen makes per item it lists (see `lanes`). */
export function callInBackground<N extends OperationName>(
  op: N,
  params: OperationParams<N>,
  signal?: AbortSignal,
): Promise<OperationResult<N>> {
  return lanes.background(() => invoke(op, params, signal), signal);
}

async function invoke<N extends OperationName>(
  op: N,
  params: OperationParams<N>,
  signal?: AbortSignal,
): Promise<OperationResult<N>> {
  const bridge = getBridge();
  callCounter += 1;
  const callId = `${op}-${Date.now().toString(36)}-${callCounter}`;
  const abort = () => bridge.cancel(callId);
  signal?.addEventListener('abort', abort, { once: true });
  waiting.set(callId, Date.now());
  waitingChanged();
  try {
    const result = await bridge.invoke(op, params, callId);
    if (!result.ok) throw new BridgeCallError(result.error);
    return result.value;
  } finally {
    signal?.removeEventListener('abort', abort);
    waiting.delete(callId);
    waitingChanged();
  }
}

export function bridgeErrorOf(error: unknown): BridgeError {
  if (error instanceof BridgeCallError) return error.detail;
  return {
    code: 'invalid_response',
    message: error instanceof Error ? error.message : String(error),
    status: null,
    requestId: null,
    retryAfter: null,
  };
}

/** One key per user action, reused by main on every retry of the POST (bridge.ts, IdempotencyKey). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
