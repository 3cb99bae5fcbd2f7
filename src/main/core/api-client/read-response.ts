import type { z } from 'zod';
import { type ErrorCode, ErrorEnvelope, RequestId } from '../../../shared/api';
import { ApiError } from './api-error';
import { parseRetryAfter } from './retry-policy';

/** When a proxy or a crash answers without the envelope, the status still says what happened. */
function codeForStatus(status: number): ErrorCode | 'invalid_response' {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  if (status === 503) return 'service_unavailable';
  if (status >= 500) return 'internal_error';
  return 'invalid_response';
}

function headerRequestId(response: Response): string | null {
  const header = response.headers.get('x-request-id');
  return header !== null && RequestId.safeParse(header).success ? header : null;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The validated success body, or the ApiError the response amounts to. */
export async function readResponse<T extends z.ZodType>(
  response: Response,
  successStatus: number,
  schema: T,
): Promise<z.output<T>> {
  const json = await readJson(response);
  const requestId = headerRequestId(response);
  if (response.status === successStatus) {
    const parsed = schema.safeParse(json);
    if (parsed.success) return parsed.data;
    throw new ApiError({
      code: 'invalid_response',
      message: 'The service answered with data Callscope does not understand.',
      status: response.status,
      requestId,
    });
  }
  const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
  const envelope = ErrorEnvelope.safeParse(json);
  if (envelope.success) {
    throw new ApiError({
      code: envelope.data.error.code,
      message: envelope.data.error.message,
      status: response.status,
      requestId: envelope.data.meta.request_id,
      retryAfter,
    });
  }
  throw new ApiError({
    code: codeForStatus(response.status),
    message: `The service answered HTTP ${response.status} without an explanation.`,
    status: response.status,
    requestId,
    retryAfter,
  });
}
