import { setTimeout as sleep } from 'node:timers/promises';

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
      nextSlot = slot + 1000 / Math.max(0.1, perSecond());
      if (slot > at) await sleep(slot - at, undefined, { signal });
    },
    /** The service said to wait (429 Retry-After): no request before then. */
    holdFor(ms: number): void {
      nextSlot = Math.max(nextSlot, now() + ms);
    },
  };
}

export type RequestBudget = ReturnType<typeof createRequestBudget>;
