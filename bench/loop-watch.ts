import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

/**
 * A thread's event loop over a window of time: its delay as a 10 ms timer sees it (the timer's
 * period included, so an idle loop reads about 10 ms, as issue 27 measured it) and the share of
 * the window it was busy.
 */
export interface LoopWindow {
  seconds: number;
  samples: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  busy: number;
}

/** Watches this thread's event loop from now on; each `next()` is the window since the one before. */
export function watchLoop(): { next(): LoopWindow } {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let since = performance.eventLoopUtilization();
  let sinceMs = performance.now();
  const ms = (ns: number) => ns / 1e6;
  return {
    next() {
      const window: LoopWindow = {
        seconds: (performance.now() - sinceMs) / 1000,
        samples: delay.count,
        p50Ms: ms(delay.percentile(50)),
        p99Ms: ms(delay.percentile(99)),
        maxMs: ms(delay.max),
        busy: performance.eventLoopUtilization(since).utilization,
      };
      delay.reset();
      since = performance.eventLoopUtilization();
      sinceMs = performance.now();
      return window;
    },
  };
}
