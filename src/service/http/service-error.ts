import { type ErrorCode, errorStatus } from '../../shared/api/errors';

/**
 * A refusal the service answers with, thrown anywhere in a request; the app turns it into the
 * error envelope (interface, Errors). The desktop client's failures are its own ApiError.
 */
export class ServiceError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
    /** Only for the one status outside the Errors table: 405 for a wrong method (design.md). */
    readonly status: number = errorStatus[code],
  ) {
    super(message);
  }
}

export function notFound(what: string): ServiceError {
  return new ServiceError('not_found', `a ${what} was not found`);
}
