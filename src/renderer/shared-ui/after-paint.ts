import { useEffect, useState } from 'react';

/**
 * `value`, but only from the task after the browser painted the frame that first showed it; until
 * then the value it had before (`initial` at first). For work that can wait one frame: a deferred
 * React render (useDeferredValue) still runs before the paint when the scheduler's task comes first,
 * so a long computation there delays the very rows it was meant to let through.
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
