import { useEffect, useState } from 'react';

/**
 * After the paint: `value`, but only from the task after the browser painted the frame that first
 * showed it; until then the value it had before (`initial` at first). For work that can wait one
 * frame: the screen a click left, torn down after the new one is painted; a call page's tabs,
 * reads and talk-time figures after its title and rows. A deferred React render
 * (useDeferredValue) still runs before the paint when the scheduler's task comes first, so a long
 * computation there delays the very rows it was meant to let through. Measured by
 * docs/benchmarks.md, "Renderer": "Data to a rendered transcript of 10,000 segments", and
 * "Local-first in the browser": "click in the calls list → title and details painted".
 */
export function useValueAfterPaint<T>(value: T, initial: T): T {
  const [settled, setSettled] = useState(initial);
  useEffect(() => {
    let task: ReturnType<typeof setTimeout> | undefined;
    // The frame callback runs just before the paint; the task it queues, just after.
    const frame = requestAnimationFrame(() => {
      task = setTimeout(() => setSettled(() => value));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(task);
    };
  }, [value]);
  return settled;
}
