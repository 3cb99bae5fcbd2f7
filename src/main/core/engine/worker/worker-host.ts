import { Worker } from 'node:worker_threads';
import { timerDelay } from '../../../../node-shared/timer-delay';
import { ApiError } from '../../service-client/api-client/api-error';
import { createRpcEndpoint, type RpcContract, type RpcEndpoint, type RpcHandlers } from './worker-rpc';

export interface WorkerHostOptions<Serves extends RpcContract> {
  /** The worker's module: TypeScript source (run through tsx) or the built JavaScript. */
  entry: URL;
  /** Handed to the worker as `workerData.data`. */
  data?: unknown;
  /** What this side answers the worker. */
  serves: Serves;
  handlers: RpcHandlers<Serves>;
  onEvent?(name: string, payload: unknown): void;
  /** Each worker up, the first included: tell it what it must know (it starts knowing nothing). */
  onStart?(): void;
}

/** Waits before a worker that died is started again: at once, then longer while it keeps dying. */
const RESTART_WAITS_MS = [0, 1_000, 5_000, 30_000];

/** Only run from source; named by a variable so the app's bundler does not take it for an asset. */
const TS_BOOTSTRAP = './ts-worker-bootstrap.mjs';

function spawn(entry: URL, data: unknown): Worker {
  if (entry.pathname.endsWith('.ts')) {
    return new Worker(new URL(TS_BOOTSTRAP, import.meta.url), {
      workerData: { entry: entry.href, data },
    });
  }
  return new Worker(entry, { workerData: { data } });
}

/**
 * A worker thread that is always there: when it dies (an exception nobody caught, a kill) the
 * calls waiting on it fail as `engine_unavailable`, which callers treat as "not held here", and a
 * new one starts, sooner the first time than when it keeps dying.
 */
export function startWorkerHost<Serves extends RpcContract, Calls extends RpcContract>(
  options: WorkerHostOptions<Serves>,
) {
  let worker: Worker;
  let endpoint: RpcEndpoint<Calls>;
  let restarts = 0;
  let closed = false;
  let restartTimer: NodeJS.Timeout | undefined;
  /** Resolves when a worker is up: at once, or once the one that died has been replaced. */
  let up = Promise.resolve();
  let isUp: () => void = () => {};

  function start(): void {
    worker = spawn(options.entry, options.data);
    const current = worker;
    endpoint = createRpcEndpoint<Serves, Calls>({
      port: worker,
      serves: options.serves,
      handlers: options.handlers,
      onEvent: options.onEvent,
    });
    const died = () => {
      if (worker !== current) return;
      up = new Promise((resolve) => {
        isUp = resolve;
      });
      endpoint.close(
        new ApiError({
          code: 'engine_unavailable',
          message: 'The local copy is starting again; the service answers meanwhile.',
        }),
      );
      if (closed) return;
      const wait = RESTART_WAITS_MS[Math.min(restarts, RESTART_WAITS_MS.length - 1)]!;
      restarts += 1;
      restartTimer = setTimeout(() => {
        if (!closed) start();
      }, timerDelay(wait));
    };
    worker.once('error', (error) => {
      console.error('callscope: the engine worker failed', error);
      void worker.terminate();
      died();
    });
    worker.once('exit', died);
    // After the host is returned (the first start runs inside startWorkerHost), so onStart can use it.
    queueMicrotask(() => options.onStart?.());
    isUp();
  }
  start();

  return {
    call: ((op, params, signal) => endpoint.call(op, params, signal)) as RpcEndpoint<Calls>['call'],
    emit: ((name, payload) => endpoint.emit(name, payload)) as RpcEndpoint<Calls>['emit'],
    /** Resolves once a worker is up (at once while one is). */
    whenUp: () => up,
    /** How many times the worker was started again after dying. */
    restarts: () => restarts,
    /** Ends the worker as a crash would (tests). */
    kill: () => worker.terminate(),
    async close(): Promise<void> {
      closed = true;
      clearTimeout(restartTimer);
      endpoint.close(new ApiError({ code: 'engine_unavailable', message: 'The local copy is closed.' }));
      await worker.terminate();
    },
  };
}

export type WorkerHost<Calls extends RpcContract> = {
  call: RpcEndpoint<Calls>['call'];
  emit: RpcEndpoint<Calls>['emit'];
  whenUp(): Promise<void>;
  restarts(): number;
  kill(): Promise<number>;
  close(): Promise<void>;
};
