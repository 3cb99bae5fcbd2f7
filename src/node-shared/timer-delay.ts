/**
 * The longest delay a Node timer holds (2^31 - 1 ms, about 24.8 days). A longer one is not kept
 * waiting: Node warns and fires it after 1 ms, so a wait computed from a service's answer (a huge
 * Retry-After) would turn into a loop with no wait at all.
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** A delay any timer can be handed: never negative, never past what a timer holds, 0 for NaN. */
export function timerDelay(ms: number): number {
  if (Number.isNaN(ms)) return 0;
  return Math.min(Math.max(0, ms), MAX_TIMER_MS);
}
