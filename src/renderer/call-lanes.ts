/**
 * Two kinds of work: foreground tasks start at once; background tasks run at most `width` at a
 * time and none starts while a foreground task runs or a hold is on, so what a person waits for
 * never queues behind them. Waiting background tasks start in the order they came. One whose
 * signal aborts while it waits is dropped without ever starting; its promise rejects with the
 * signal's reason.
 */
export function createLanes(width: number) {
  let foreground = 0;
  let background = 0;
  let holds = 0;
  const waiting: (() => void)[] = [];

  const startWaiting = () => {
    while (foreground === 0 && holds === 0 && background < width && waiting.length > 0) waiting.shift()!();
  };

  return {
    /** Keeps waiting background tasks from starting (those running go on) until the returned release. */
    hold(): () => void {
      holds += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holds -= 1;
        startWaiting();
      };
    },
    foreground<T>(task: () => Promise<T>): Promise<T> {
      foreground += 1;
      return task().finally(() => {
        foreground -= 1;
        startWaiting();
      });
    },
    background<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      if (signal?.aborted) return Promise.reject(signal.reason);
      return new Promise<T>((resolve, reject) => {
        const start = () => {
          signal?.removeEventListener('abort', drop);
          background += 1;
          task()
            .then(resolve, reject)
            .finally(() => {
              background -= 1;
              startWaiting();
            });
        };
        const drop = () => {
          waiting.splice(waiting.indexOf(start), 1);
          reject(signal?.reason);
        };
        waiting.push(start);
        signal?.addEventListener('abort', drop, { once: true });
        startWaiting();
      });
    },
  };
}
