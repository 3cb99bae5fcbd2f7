import type { Logger } from '../context';
import { TokenBuckets } from '../ratelimit/token-bucket';

/** Lines a burst may write at once, and how many come back per minute. */
const BURST = { requests: 10, seconds: 60 };

/**
 * Writes at most 10 lines a minute (a burst of 10, then one every 6 s), for lines any client can
 * cause at will, such as malformed requests; the first line after a quiet spell says how many were
 * left out.
 */
export function throttledLog(logger: Logger, now: () => number = Date.now): (message: string) => void {
  const budget = new TokenBuckets();
  let suppressed = 0;
  return (message) => {
    if (!budget.take('log', BURST, now()).allowed) {
      suppressed += 1;
      return;
    }
    logger.error(suppressed === 0 ? message : `${message} (${suppressed} similar lines left out)`);
    suppressed = 0;
  };
}
