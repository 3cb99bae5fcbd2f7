import type { Socket } from 'node:net';
import type { Logger } from '../context';
import { isClientGone } from './client-gone';
import { newRequestId } from './request-id';
import { errorBody } from './respond';
import { throttledLog } from './throttled-log';

/** Node's code when `headersTimeout` or `requestTimeout` ran out before the request was whole. */
const TIMED_OUT = 'ERR_HTTP_REQUEST_TIMEOUT';

/**
 * Requests Node's HTTP parser refuses before the app sees them (a malformed request line or
 * header, headers too large) still get the error envelope and a request id, never a bare 400; a
 * request that did not arrive in time gets 408 with the same envelope. A client that went away
 * gets nothing and no log line; the rest are logged, throttled, since any client can cause them.
 */
export function answerClientError(logger: Logger) {
  const log = throttledLog(logger);
  return (error: Error & { code?: string }, socket: Socket) => {
    if (isClientGone(error) || !socket.writable) {
      socket.destroy();
      return;
    }
    const requestId = newRequestId();
    const timedOut = error.code === TIMED_OUT;
    const message = timedOut
      ? 'the request did not arrive in time'
      : `the request is malformed (${error.code ?? 'parse error'})`;
    const body = JSON.stringify(errorBody({ code: 'bad_request', message }, requestId));
    log(`refused a ${timedOut ? 'slow' : 'malformed'} request (${requestId}): ${error.code}`);
    socket.end(
      [
        timedOut ? 'HTTP/1.1 408 Request Timeout' : 'HTTP/1.1 400 Bad Request',
        'Content-Type: application/json',
        `Content-Length: ${Buffer.byteLength(body)}`,
        `X-Request-Id: ${requestId}`,
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
  };
}
