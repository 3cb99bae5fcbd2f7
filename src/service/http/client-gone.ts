/**
 * Errors that mean the client went away mid-request (a reset, a body cut short): nothing is
 * wrong with the service, no one is left to answer, and logging them as errors would let any
 * client fill the log. No handler makes outgoing connections, so a reset here is the client's.
 */
const CLIENT_GONE_CODES = new Set([
  'ECONNRESET',
  'EPIPE',
  'ERR_STREAM_PREMATURE_CLOSE',
  // Node's parser: the connection closed before the request it had started was complete.
  'HPE_INVALID_EOF_STATE',
]);

export function isClientGone(error: unknown): boolean {
  return CLIENT_GONE_CODES.has((error as { code?: unknown } | null)?.code as string);
}
