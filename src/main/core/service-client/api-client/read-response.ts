import type { EndpointDefinition } from '../../../../shared/api';
import type { UnreadableRecord } from '../../../../shared/bridge';
import { ApiError } from './api-error';
import { readPerRecord } from './read-per-record';
import type { Redactor } from './redact-secrets';
import { parseRetryAfter } from './retry-policy';

/** What the client hands back for any success: the envelope as read, and the records it had to leave out. */
export interface ReadAnswer {
  data: unknown;
  meta: Record<string, unknown> & { request_id: string };
  unreadable: UnreadableRecord[];
}

/** What an answer is read by besides its body: a `Response`, or what another thread was handed of one. */
type AnsweredStatus = Pick<Response, 'status' | 'headers'>;

/** When a proxy or a crash answers without the envelope, the status still says what happened. */
function codeForStatus(status: number): string {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  if (status === 503) return 'service_unavailable';
  if (status >= 500) return 'internal_error';
  return 'invalid_response';
}

const NOT_JSON = Symbol('not JSON');

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The body's request id when it has one, else the `X-Request-Id` header's, else none (empty). */
function requestIdOf(json: unknown, response: AnsweredStatus): string {
  const fromBody = isRecord(json) && isRecord(json.meta) ? json.meta.request_id : undefined;
  if (typeof fromBody === 'string' && fromBody) return fromBody.slice(0, 200);
  return (response.headers.get('x-request-id') ?? '').slice(0, 200);
}

/**
 * An operation that succeeded but whose answer cannot be read is still a success (a second
 * Analyze would start a second analysis): a DELETE is answered as its documented body would
 * have been, a POST with `data: null`, so the app goes on and reads the outcome elsewhere.
 */
function unreadableSuccess(
  def: EndpointDefinition,
  pathValues: Record<string, unknown>,
  requestId: string,
  unreadable: UnreadableRecord[],
): ReadAnswer | null {
  const meta = { request_id: requestId };
  if (def.method === 'DELETE') {
    const data = def.path === '/v1/keys/me' ? { revoked: true } : { id: String(pathValues.id ?? ''), deleted: true };
    return { data, meta, unreadable: [] };
  }
  if (def.method === 'POST') return { data: null, meta, unreadable };
  return null;
}

function describeBody(status: number, json: unknown, text: string): string {
  if (text.trim() === '') return `The service answered HTTP ${status} with an empty body.`;
  if (json === NOT_JSON) return `The service answered HTTP ${status} with something that is not JSON.`;
  return `The service answered HTTP ${status} without an explanation.`;
}

/** Where a redirect pointed, without what may carry a secret: its user info, query and fragment. */
function describeLocation(location: string, requestUrl: string, redactor: Redactor): string {
  let url: URL;
  try {
    url = new URL(location, requestUrl);
  } catch {
    return 'an address that cannot be read';
  }
  const hadQuery = url.search !== '' || url.hash !== '';
  url.username = '';
  url.password = '';
  url.search = '';
  url.hash = '';
  return redactor.text(`${url.href}${hadQuery ? '?…' : ''}`).slice(0, 300);
}

/**
 * A redirect is not followed: the request would carry the key to wherever it points, and the
 * interface has no redirects. The error says where it pointed, so the person can fix the address.
 */
export function redirectError(response: Response, requestUrl: string, redactor: Redactor): ApiError {
  const location = response.headers.get('location');
  return new ApiError({
    code: 'redirected',
    message: location
      ? `The service answered HTTP ${response.status}, pointing to ${describeLocation(location, requestUrl, redactor)}. Callscope does not follow redirects: check the workspace’s address.`
      : `The service answered HTTP ${response.status}, a redirect without an address. Callscope does not follow redirects: check the workspace’s address.`,
    status: response.status,
    requestId: redactor.text(requestIdOf(null, response)) || null,
  });
}

/**
 * Any 2xx is success, whatever code the interface leaves open (design.md picks 200, 201, 202):
 * the answer (`text`, its body as read within the attempt) is read per record with the
 * endpoint's interface schema. Anything else becomes the ApiError it amounts to, with any error
 * code the service sends, known to Callscope or not.
 */
export function readResponse(
  response: AnsweredStatus,
  text: string,
  def: EndpointDefinition,
  pathValues: Record<string, unknown>,
  redactor: Redactor,
): ReadAnswer {
  const json = text.trim() === '' ? NOT_JSON : parseJson(text);
  const requestId = redactor.text(requestIdOf(json, response));

  if (response.status >= 200 && response.status < 300) {
    const reading =
      json === NOT_JSON ? ({ ok: false, problem: 'not JSON' } as const) : readPerRecord(def.response, json);
    if (reading.ok) {
      const answer = redactor.deep(reading.value as ReadAnswer);
      return { ...answer, unreadable: redactor.deep(reading.unreadable) };
    }
    const problem = redactor.message(reading.problem);
    const fallback = unreadableSuccess(def, pathValues, requestId, [{ id: null, path: 'data', problem }]);
    if (fallback) return fallback;
    throw new ApiError({
      code: 'invalid_response',
      message:
        json === NOT_JSON
          ? describeBody(response.status, json, text)
          : `The service’s answer could not be read (${problem}).`,
      status: response.status,
      requestId: requestId || null,
    });
  }

  const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
  const error = isRecord(json) && isRecord(json.error) ? json.error : null;
  const code = typeof error?.code === 'string' && error.code.trim() ? error.code.trim().slice(0, 100) : null;
  const message = typeof error?.message === 'string' && error.message.trim() ? error.message : null;
  throw new ApiError({
    code: code ? redactor.text(code) : codeForStatus(response.status),
    message: redactor.message(message ?? describeBody(response.status, json, text)),
    status: response.status,
    requestId: requestId || null,
    retryAfter,
  });
}
