import { ApiError } from '../../service-client/api-client/api-error';

/**
 * The service's 404 kept as an answer, in the interface's error envelope: for a call never analysed
 * it is what its Summary and Checklist show ("not analysed yet"), and for a record deleted it is
 * what its screen shows, with the service reachable or not. Null for any other failure.
 */
export function notFoundAnswer(error: unknown): unknown {
  if (!(error instanceof ApiError && error.code === 'not_found')) return null;
  return { error: { code: error.code, message: error.message }, meta: { request_id: error.requestId } };
}

/** The error a kept 404 answers with again; null for an answer with data. */
export function notFoundIn(body: unknown): ApiError | null {
  const { error, meta } = (body ?? {}) as {
    error?: { code?: unknown; message?: unknown };
    meta?: { request_id?: unknown };
  };
  if (error?.code !== 'not_found') return null;
  return new ApiError({
    code: 'not_found',
    message: typeof error.message === 'string' ? error.message : 'Not found.',
    status: 404,
    requestId: typeof meta?.request_id === 'string' ? meta.request_id : null,
  });
}
