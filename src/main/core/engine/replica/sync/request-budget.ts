import { setTimeout as sleep } from 'node:timers/promises';
import { timerDelay } from '../../../../../node-shared/timer-delay';
import { MAX_SERVICE_WAIT_MS } from './retry-schedule';

/**
 * Spaces the sync's requests to stay under the key's rate limit: at most `perSecond()` a second,
 * read at each request so a changed setting applies at once. The screens' own reads do not wait
 * here; the service's 429 and Retry-After are honoured by the client on top.
 */
export function createRequestBudget(perSecond: () => number, now: () => number = Date.now) {
  let nextSlot = 0;
  return {
    async take(signal: AbortSignal): Promise<void> {
      const at = now();
      const slot = Math.max(at, nextSlot);
      const rate = perSecond();
      nextSlot = slot + 1000 / (Number.isFinite(rate) ? Math.max(0.1, rate) : 1);
      if (slot > at) await sleep(timerDelay(slot - at), undefined, { signal });
    },
    /** The service said to wait (429 Retry-After): no request before then, and never past the longest wait. */
    holdFor(ms: number): void {
      nextSlot = Math.max(nextSlot, now() + Math.min(timerDelay(ms), MAX_SERVICE_WAIT_MS));
    },
  };
}

export type RequestBudget = ReturnType<typeof createRequestBudget>;
