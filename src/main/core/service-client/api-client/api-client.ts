import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { timerDelay } from '../../../../node-shared/timer-delay';
import {
  type EndpointDefinition,
  type EndpointName,
  type EndpointParams,
  endpoints,
  type PageMeta,
  type PaginatedEndpointName,
} from '../../../../shared/api';
import { type ApiResult, defaultServiceProfile, type ServiceProfile } from '../../../../shared/bridge';
import { ApiError, isUnreachable } from './api-error';
import { buildRequest } from './build-request';
import { createPageWalk } from './page-walk';
import { DEFAULT_MAX_ANSWER_BYTES, readBody } from './read-body';
import { readResponse, redirectError } from './read-response';
import { createRedactor } from './redact-secrets';
import { defaultRetryPolicy, isRetryableStatus, type RetryPolicy, retryDelayMs } from './retry-policy';
import { mayLeaveUnread, type UnreadAnswer } from './unread-answer';

export interface ClientWait {
  code: string;
  retryInMs: number;
}

export interface ApiClientOptions {
  baseUrl: string;
  /** Read on every request, so a replaced key takes effect at once; null: there is none. */
  getKey: () => Promise<string | null>;
  retry?: Partial<RetryPolicy>;
  /** Told before each wait, so the UI can say "waiting 3 s (rate limited)". */
  onWait?: (wait: ClientWait) => void;
  /** What this service chose where the interface is open (the search text parameter's name). */
  profile?: ServiceProfile;
  /** An answer longer than this is `invalid_response` "answer too large" (DEFAULT_MAX_ANSWER_BYTES). */
  maxAnswerBytes?: number;
  fetch?: typeof fetch;
}

export interface CallOptions {
  signal?: AbortSignal;
  /**
   * Made once per user action and reused by every retry of that action's POST, so a retried
   * "Re-score" never starts two scorings. Without one, a fresh key covers this call's retries.
   */
  idempotencyKey?: string;
}

export interface PagesOptions extends CallOptions {
  /** How many pages the walk may read at most (DEFAULT_MAX_PAGES). */
  maxPages?: number;
}

type EndpointMethods = {
  [N in EndpointName]: (params: EndpointParams<N>, options?: CallOptions) => Promise<ApiResult<N>>;
};

export interface ApiClient extends EndpointMethods {
  call<N extends EndpointName>(name: N, params: EndpointParams<N>, options?: CallOptions): Promise<ApiResult<N>>;
  /**
   * `call`, but a success is handed back unread where its body may leave this thread (the key is
   * not in it): another thread reads it with `readUnreadAnswer`, to the same value or error.
   */
  callUnread<N extends EndpointName>(
    name: N,
    params: EndpointParams<N>,
    options?: CallOptions,
  ): Promise<ApiResult<N> | UnreadAnswer>;
  /**
   * Every page of a cursor-paginated collection, in order (interface, Pagination); a walk whose
   * pages do not end (a cursor again, nothing new, past `maxPages`) fails as `endless_pages`.
   */
  pages<N extends PaginatedEndpointName>(
    name: N,
    params: EndpointParams<N>,
    options?: PagesOptions,
  ): AsyncGenerator<ApiResult<N>, void, undefined>;
}

function networkError(error: unknown): ApiError {
  const reason =
    error instanceof Error && error.name === 'TimeoutError'
      ? 'no answer in time'
      : error instanceof Error && error.cause instanceof Error
        ? error.cause.message
        : 'no connection';
  return new ApiError({ code: 'network_error', message: `Could not reach the service (${reason}).` });
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const policy: RetryPolicy = { ...defaultRetryPolicy, ...options.retry };
  const maxAnswerBytes = options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES;
  const doFetch = options.fetch ?? fetch;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const profile = options.profile ?? defaultServiceProfile;
  const queryNames = { searchTranscripts: { q: profile.searchTextParam } } as Partial<
    Record<EndpointName, Record<string, string>>
  >;

  /** One request and the reading of its whole answer, both within the attempt's own time. */
  async function attempt(
    name: EndpointName,
    def: EndpointDefinition,
    request: ReturnType<typeof buildRequest>,
    init: RequestInit,
    signal: AbortSignal,
    key: string,
    unread: boolean,
  ): Promise<unknown> {
    const url = `${baseUrl}${request.target}`;
    const attemptSignal = AbortSignal.any([signal, AbortSignal.timeout(timerDelay(policy.attemptTimeoutMs))]);
    let response: Response;
    try {
      response = await doFetch(url, { ...init, redirect: 'manual', signal: attemptSignal });
    } catch (error) {
      if (signal.aborted) throw error;
      throw networkError(error);
    }
    const redactor = createRedactor(key);
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel().catch(() => {});
      throw redirectError(response, url, redactor);
    }
    const text = await readBody(response, { maxBytes: maxAnswerBytes, attemptSignal, callSignal: signal });
    if (unread && response.status >= 200 && response.status < 300 && mayLeaveUnread(text, key)) {
      const requestIdHeader = response.headers.get('x-request-id');
      return {
        unreadAnswer: { name, status: response.status, text, requestIdHeader, pathValues: request.pathValues },
      } satisfies UnreadAnswer;
    }
    return readResponse(response, text, def, request.pathValues, redactor);
  }

  async function send<N extends EndpointName>(
    name: N,
    params: EndpointParams<N>,
    callOptions: CallOptions,
    unread: boolean,
  ): Promise<ApiResult<N> | UnreadAnswer> {
    const def: EndpointDefinition = endpoints[name];
    const request = buildRequest(def, (params ?? {}) as Record<string, unknown>, queryNames[name]);
    const key = await options.getKey();
    if (!key)
      throw new ApiError({ code: 'key_required', message: 'This workspace has no API key; add one to continue.' });

    const headers: Record<string, string> = { authorization: `Bearer ${key}`, accept: 'application/json' };
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    if (def.method === 'POST') headers['idempotency-key'] = callOptions.idempotencyKey ?? randomUUID();
    const init: RequestInit = { method: def.method, headers, body: request.body };

    const deadline = AbortSignal.timeout(timerDelay(policy.deadlineMs));
    const signal = callOptions.signal ? AbortSignal.any([callOptions.signal, deadline]) : deadline;
    const startedAt = Date.now();

    for (let attemptNumber = 1; ; attemptNumber++) {
      let failure: ApiError;
      try {
        return (await attempt(name, def, request, init, signal, key, unread)) as ApiResult<N> | UnreadAnswer;
      } catch (error) {
        if (signal.aborted) throw abortError(callOptions.signal);
        if (!(error instanceof ApiError)) throw error;
        failure = error;
      }
      const retryable = isUnreachable(failure) || (failure.status !== null && isRetryableStatus(failure.status));
      if (!retryable || attemptNumber >= policy.maxAttempts) throw failure;
      // A wait past the deadline (a long Retry-After) is not slept: the caller gets the failure
      // with its retryAfter and decides when to come back.
      const waitMs = retryDelayMs(policy, attemptNumber, failure.retryAfter);
      if (Date.now() - startedAt + waitMs >= policy.deadlineMs) throw failure;
      options.onWait?.({ code: failure.code, retryInMs: waitMs });
      try {
        await sleep(timerDelay(waitMs), undefined, { signal });
      } catch {
        throw abortError(callOptions.signal);
      }
    }
  }

  const call = <N extends EndpointName>(name: N, params: EndpointParams<N>, callOptions: CallOptions = {}) =>
    send(name, params, callOptions, false) as Promise<ApiResult<N>>;
  const callUnread = <N extends EndpointName>(name: N, params: EndpointParams<N>, callOptions: CallOptions = {}) =>
    send(name, params, callOptions, true);

  async function* pages<N extends PaginatedEndpointName>(
    name: N,
    params: EndpointParams<N>,
    callOptions: PagesOptions = {},
  ): AsyncGenerator<ApiResult<N>, void, undefined> {
    const walk = createPageWalk({ maxPages: callOptions.maxPages });
    let cursor: string | null = null;
    do {
      const page = (await call(
        name,
        { ...(params as object), cursor: cursor ?? undefined } as EndpointParams<N>,
        callOptions,
      )) as ApiResult<N> & { data: { id: string }[]; meta: PageMeta };
      yield page;
      cursor = walk.next(
        page.meta,
        page.data.map((record) => record.id),
      );
    } while (cursor !== null);
  }

  const methods = Object.fromEntries(
    Object.keys(endpoints).map((name) => [
      name,
      (params: unknown, callOptions?: CallOptions) => call(name as EndpointName, params as never, callOptions),
    ]),
  ) as EndpointMethods;

  return { ...methods, call, callUnread, pages };
}

/** The caller's own abort is `cancelled`; the deadline running out is `timeout`. */
function abortError(callerSignal: AbortSignal | undefined): ApiError {
  return callerSignal?.aborted
    ? new ApiError({ code: 'cancelled', message: 'The request was cancelled.' })
    : new ApiError({ code: 'timeout', message: 'The service did not answer in time.' });
}
