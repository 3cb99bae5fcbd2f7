import { bridgeErrorOf } from '../api';
import { keyProblemCodes } from '../state/query-client';

/** The item does not exist (404, whatever code the service gives it). */
export function isNotFoundError(error: unknown): boolean {
  const { code, status } = bridgeErrorOf(error);
  return code === 'not_found' || status === 404;
}

/**
 * Failures that concern a whole detail screen: the item is gone, or the key no longer works. Any
 * other failure of one read stays in its own panel, and the others show.
 */
export function isWholeScreenError(error: unknown): boolean {
  return isNotFoundError(error) || keyProblemCodes.has(bridgeErrorOf(error).code);
}
