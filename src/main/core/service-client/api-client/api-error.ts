import type { ErrorCode } from '../../../../shared/api';
import type { BridgeError, ClientErrorCode } from '../../../../shared/bridge';

/** A code of the interface's table, one of this side of the wire, or any other the service sends. */
export type ApiErrorCode = ErrorCode | ClientErrorCode | (string & {});

export interface ApiErrorFields {
  code: ApiErrorCode;
  message: string;
  status?: number | null;
  requestId?: string | null;
  retryAfter?: number | null;
}

/**
 * Every failure of a request, Stripe-style: the stable code, a human sentence, the HTTP status
 * and the request id support asks for. Messages are written here or copied from the service's
 * envelope, never built from headers, so the API key cannot leak into one.
 */
export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly status: number | null;
  readonly requestId: string | null;
  /** Seconds the service asked us to wait (429 Retry-After). */
  readonly retryAfter: number | null;

  constructor(fields: ApiErrorFields) {
    super(fields.message);
    this.name = 'ApiError';
    this.code = fields.code;
    this.status = fields.status ?? null;
    this.requestId = fields.requestId ?? null;
    this.retryAfter = fields.retryAfter ?? null;
  }

  toBridgeError(): BridgeError {
    return {
      code: this.code,
      message: this.message,
      status: this.status,
      requestId: this.requestId,
      retryAfter: this.retryAfter,
    };
  }
}

/** Anything thrown below the bridge, as the one shape the renderer understands. */
export function toBridgeError(error: unknown): BridgeError {
  if (error instanceof ApiError) return error.toBridgeError();
  return {
    code: 'internal_error',
    message: 'Something went wrong inside Callscope. Try again; if it keeps happening, restart the app.',
    status: null,
    requestId: null,
    retryAfter: null,
  };
}

/** Failures that say nothing came back from the service, as opposed to an answer that refused. */
export function isUnreachable(error: ApiError): boolean {
  return error.code === 'network_error' || error.code === 'timeout';
}
