import { ApiError, isUnreachable } from '../../../service-client/api-client/api-error';
import { notFoundAnswer } from '../kept-not-found';

/**
 * What one failed read of the sync means for the record part it was for. Only an answer settles
 * a part: data, a 404 (kept, for its screen to say so offline too), or a refusal that stays the
 * same for this key whatever the service's state (403: a scope it lacks; 422 and a request the
 * client will not send: an id the service cannot take). Anything else may answer differently
 * later and leaves the part pending.
 */
export type PartOutcome =
  /** Settled: keep this body (the 404's envelope), or nothing (a permanent refusal). */
  | { settled: true; keep: unknown | undefined }
  /** The service failed this read (5xx, an answer that cannot be read, another 4xx): try it later. */
  | { settled: false; retry: 'part'; reason: string }
  /** The round cannot go on now: the service is away, refused the key, or asked us to wait. */
  | { settled: false; retry: 'round'; error: ApiError };

const permanent = new Set(['forbidden', 'validation_failed', 'invalid_params']);

/** How a read's failure is told in the sync's status: its code, status and message, short. */
export function describeFailure(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Callscope met an error of its own';
  const status = error.status === null ? '' : `HTTP ${error.status}, `;
  return `${error.message.slice(0, 200)} (${status}${error.code})`;
}

export function partOutcome(error: unknown): PartOutcome {
  if (!(error instanceof ApiError)) throw error;
  if (error.code === 'cancelled' || error.status === 401 || error.code === 'rate_limited' || isUnreachable(error)) {
    return { settled: false, retry: 'round', error };
  }
  const kept = notFoundAnswer(error);
  if (kept !== null) return { settled: true, keep: kept };
  if (permanent.has(error.code) || error.status === 403 || error.status === 422)
    return { settled: true, keep: undefined };
  return { settled: false, retry: 'part', reason: describeFailure(error) };
}
