import { ApiError } from './api-error';

/** Far above any answer of the interface (ten thousand transcript segments are a few megabytes). */
export const DEFAULT_MAX_ANSWER_BYTES = 64 * 1024 * 1024;

export interface BodyLimits {
  maxBytes: number;
  /** The attempt's own signal: its timeout covers the body as well as the headers. */
  attemptSignal: AbortSignal;
  /** The caller's and the deadline's: when it aborted, the call ends as cancelled or timeout, not here. */
  callSignal: AbortSignal;
}

const MIB = 1024 * 1024;
const sizeText = (bytes: number) => (bytes >= MIB ? `${Math.floor(bytes / MIB)} MiB` : `${bytes} bytes`);

function tooLarge(response: Response, maxBytes: number): ApiError {
  return new ApiError({
    code: 'invalid_response',
    message: `Answer too large: the service sent more than ${sizeText(maxBytes)}, and Callscope stopped reading it.`,
    status: response.status,
    requestId: response.headers.get('x-request-id')?.slice(0, 200) || null,
  });
}

/**
 * A body that stopped coming after the headers is the same as no answer: `timeout` (or
 * `network_error` when the connection broke), which the retries and the offline logic see.
 */
function stalled(response: Response, limits: BodyLimits): ApiError {
  const timedOut = limits.attemptSignal.aborted;
  return new ApiError({
    code: timedOut ? 'timeout' : 'network_error',
    message: timedOut
      ? 'The service stopped sending its answer midway (no more of it in time).'
      : 'The connection to the service broke while its answer was being read.',
    requestId: response.headers.get('x-request-id')?.slice(0, 200) || null,
  });
}

/**
 * Reads a body as text within the attempt that fetched it, a chunk at a time, and stops at
 * `maxBytes`: a service (or something in front of it) that sends without end must not fill
 * the app's memory. Past the cap the body is cancelled, so the connection is let go.
 */
export async function readBody(response: Response, limits: BodyLimits): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limits.maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw tooLarge(response, limits.maxBytes);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let next: ReadableStreamReadResult<Uint8Array>;
    try {
      next = await reader.read();
    } catch (error) {
      if (limits.callSignal.aborted) throw error;
      throw stalled(response, limits);
    }
    if (next.done) break;
    size += next.value.byteLength;
    if (size > limits.maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge(response, limits.maxBytes);
    }
    chunks.push(next.value);
  }
  return Buffer.concat(chunks, size).toString('utf8');
}
