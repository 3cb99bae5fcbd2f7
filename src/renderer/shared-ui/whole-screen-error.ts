import { bridgeErrorOf } from '../api';
import { keyProblemCodes } from '../state/query-client';

/**
 * Failures that concern a whole detail screen: the item is gone (404, whatever the service
 * calls it), or the key no longer works. Any other failure of one read stays in its own panel,
 * and the others show.
 */
export function isWholeScreenError(error: unknown): boolean {
  const { code, status } = bridgeErrorOf(error);
  return code === 'not_found' || status === 404 || keyProblemCodes.has(code);
}
