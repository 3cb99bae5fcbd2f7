import type { z } from 'zod';
import { describeValidationError } from '../../../../shared/api';
import type { BridgeError, BridgeResult } from '../../../../shared/bridge';
import { ApiError, toBridgeError } from '../../service-client/api-client/api-error';

/**
 * What one side of a worker boundary answers: each operation's params schema (checked on arrival,
 * as the bridge checks the renderer's) and the type of its result.
 */
export type RpcContract = Record<string, { params: z.ZodType; result: z.ZodType }>;

export type RpcParams<C extends RpcContract, N extends keyof C> = z.input<C[N]['params']>;
export type RpcResult<C extends RpcContract, N extends keyof C> = z.output<C[N]['result']>;

export type RpcHandlers<C extends RpcContract> = {
  [N in keyof C]: (
    params: z.output<C[N]['params']>,
    /** Aborts when the caller's own signal does. */
    signal: AbortSignal,
  ) => Promise<RpcResult<C, N>> | RpcResult<C, N>;
};

/** A `MessagePort`-like end: a worker's `parentPort`, or the `Worker` seen from the thread that made it. */
export interface RpcPort {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  off(event: 'message', listener: (message: unknown) => void): unknown;
}

type Message =
  | { kind: 'call'; id: number; op: string; params: unknown }
  | { kind: 'cancel'; id: number }
  | { kind: 'result'; id: number; result: BridgeResult<unknown> }
  | { kind: 'event'; name: string; payload: unknown };

export interface RpcEndpoint<Calls extends RpcContract> {
  /** `signal` aborting reaches the handler on the other side as its own signal. */
  call<N extends keyof Calls & string>(
    op: N,
    params: RpcParams<Calls, N>,
    signal?: AbortSignal,
  ): Promise<RpcResult<Calls, N>>;
  /** Tells the other side something happened; no answer. */
  emit(name: string, payload: unknown): void;
  /** Every call still waiting fails with `error`, and none is sent any more (the other side is gone). */
  close(error: ApiError): void;
}

export interface RpcOptions<Serves extends RpcContract> {
  port: RpcPort;
  /** What this side answers, and how. */
  serves: Serves;
  handlers: RpcHandlers<Serves>;
  onEvent?(name: string, payload: unknown): void;
}

/**
 * Both ends of a worker boundary speak this (Signal Desktop's `ts/sql` main and worker): calls with
 * an id, answered as the bridge answers, `{ ok, value } | { ok, error }`, since an Error loses its
 * code crossing threads; the receiving side checks the params with its contract first. An ApiError
 * thrown on one side is an ApiError with the same code on the other.
 */
export function createRpcEndpoint<Serves extends RpcContract, Calls extends RpcContract>(
  options: RpcOptions<Serves>,
): RpcEndpoint<Calls> {
  const { port } = options;
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: ApiError): void }>();
  /** The calls this side is answering, to abort when their caller cancels. */
  const answering = new Map<number, AbortController>();
  let nextId = 1;
  let closedWith: ApiError | null = null;

  async function answer(op: string, params: unknown, signal: AbortSignal): Promise<BridgeResult<unknown>> {
    if (!Object.hasOwn(options.serves, op)) {
      return {
        ok: false,
        error: new ApiError({ code: 'unknown_operation', message: `Unknown operation.` }).toBridgeError(),
      };
    }
    const parsed = options.serves[op]!.params.safeParse(params);
    if (!parsed.success) {
      const message = describeValidationError(parsed.error);
      return { ok: false, error: new ApiError({ code: 'invalid_params', message }).toBridgeError() };
    }
    try {
      return { ok: true, value: await options.handlers[op]!(parsed.data as never, signal) };
    } catch (error) {
      if (!(error instanceof ApiError)) console.error(`callscope: ${op} failed in the engine`, error);
      return { ok: false, error: toBridgeError(error) };
    }
  }

  const listener = (raw: unknown) => {
    const message = raw as Message;
    if (message.kind === 'call') {
      const controller = new AbortController();
      answering.set(message.id, controller);
      void answer(message.op, message.params, controller.signal).then((result) => {
        answering.delete(message.id);
        if (!closedWith) port.postMessage({ kind: 'result', id: message.id, result } satisfies Message);
      });
    } else if (message.kind === 'cancel') {
      answering.get(message.id)?.abort();
    } else if (message.kind === 'result') {
      const pending = waiting.get(message.id);
      waiting.delete(message.id);
      if (!pending) return;
      if (message.result.ok) pending.resolve(message.result.value);
      else pending.reject(fromBridgeError(message.result.error));
    } else if (message.kind === 'event') {
      options.onEvent?.(message.name, message.payload);
    }
  };
  port.on('message', listener);

  return {
    call(op, params, signal) {
      if (closedWith) return Promise.reject(closedWith);
      const id = nextId++;
      const cancel = () => {
        if (waiting.has(id) && !closedWith) port.postMessage({ kind: 'cancel', id } satisfies Message);
      };
      signal?.addEventListener('abort', cancel, { once: true });
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
        port.postMessage({ kind: 'call', id, op, params } satisfies Message);
      }).finally(() => signal?.removeEventListener('abort', cancel)) as never;
    },
    emit(name, payload) {
      if (!closedWith) port.postMessage({ kind: 'event', name, payload } satisfies Message);
    },
    close(error) {
      closedWith = error;
      port.off('message', listener);
      for (const pending of waiting.values()) pending.reject(error);
      waiting.clear();
      for (const controller of answering.values()) controller.abort();
      answering.clear();
    },
  };
}

function fromBridgeError(error: BridgeError): ApiError {
  return new ApiError(error);
}
