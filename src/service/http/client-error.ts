import type { Socket } from 'node:net';
import type { Logger } from './context';
import { newRequestId } from './request-id';
import { errorBody } from './respond';

/**
 * Requests Node's HTTP parser refuses before the app sees them (a malformed request line or
 * header, headers too large) still get the error envelope and a request id, never a bare 400.
 */
export function answerClientError(logger: Logger) {
  return (error: Error & { code?: string }, socket: Socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const requestId = newRequestId();
    const body = JSON.stringify(
      errorBody(
        { code: 'bad_request', message: `the request is malformed (${error.code ?? 'parse error'})` },
        requestId,
      ),
    );
    logger.error(`refused a malformed request (${requestId}): ${error.code}`);
    socket.end(
      [
        'HTTP/1.1 400 Bad Request',
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
