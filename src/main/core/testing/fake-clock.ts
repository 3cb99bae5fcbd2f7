import type { Clock } from '../platform/clock';

interface Waiting {
  at: number;
  run: () => void;
}

/** A clock that moves only when told: its timers run, in order, as time is moved past them. */
export function fakeClock(start: number): Clock & { moveTo(moment: number): void } {
  let now = start;
  const waiting = new Set<Waiting>();
  return {
    now: () => now,
    setTimeout(run, ms) {
      const timer = { at: now + Math.max(0, ms), run };
      waiting.add(timer);
      return timer;
    },
    clearTimeout: (timer) => void waiting.delete(timer as Waiting),
    moveTo(moment) {
      for (;;) {
        const next = [...waiting].filter((timer) => timer.at <= moment).sort((a, b) => a.at - b.at)[0];
        if (!next) break;
        waiting.delete(next);
        now = next.at;
        next.run();
      }
      now = moment;
    },
  };
}
