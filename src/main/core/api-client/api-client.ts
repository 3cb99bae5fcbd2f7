import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type EndpointDefinition,
  type EndpointName,
  type EndpointParams,
  type EndpointResponse,
  endpoints,
  type PaginatedEndpointName,
} from '../../../shared/api';
import { ApiError } from './api-error';
import { buildRequest } from './build-request';
import { readResponse } from './read-response';
import { defaultRetryPolicy, isRetryableStatus, type RetryPolicy, retryDelayMs } from './retry-policy';

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

type EndpointMethods = {
  [N in EndpointName]: (params: EndpointParams<N>, options?: CallOptions) => Promise<EndpointResponse<N>>;
};

export interface ApiClient extends EndpointMethods {
  call<N extends EndpointName>(name: N, params: EndpointParams<N>, options?: CallOptions): Promise<EndpointResponse<N>>;
  /** Every page of a cursor-paginated collection, in order (interface, Pagination). */
  pages<N extends PaginatedEndpointName>(
    name: N,
    params: EndpointParams<N>,
    options?: CallOptions,
  ): AsyncGenerator<EndpointResponse<N>, void, undefined>;
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
  const doFetch = options.fetch ?? fetch;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');

  async function attempt(
    def: EndpointDefinition,
    url: string,
    init: RequestInit,
    signal: AbortSignal,
  ): Promise<unknown> {
    let response: Response;
    try {
      response = await doFetch(url, {
        ...init,
        signal: AbortSignal.any([signal, AbortSignal.timeout(policy.attemptTimeoutMs)]),
      });
    } catch (error) {
      if (signal.aborted) throw error;
      throw networkError(error);
    }
    return readResponse(response, def.successStatus, def.response);
  }

  async function call<N extends EndpointName>(
    name: N,
    params: EndpointParams<N>,
    callOptions: CallOptions = {},
  ): Promise<EndpointResponse<N>> {
    const def: EndpointDefinition = endpoints[name];
    const request = buildRequest(def, (params ?? {}) as Record<string, unknown>);
    const key = await options.getKey();
    if (!key)
      throw new ApiError({ code: 'key_required', message: 'This workspace has no API key; add one to continue.' });

    const headers: Record<string, string> = { authorization: `Bearer ${key}`, accept: 'application/json' };
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    if (def.method === 'POST') headers['idempotency-key'] = callOptions.idempotencyKey ?? randomUUID();
    const init: RequestInit = { method: def.method, headers, body: request.body };

    const deadline = AbortSignal.timeout(policy.deadlineMs);
    const signal = callOptions.signal ? AbortSignal.any([callOptions.signal, deadline]) : deadline;
    const startedAt = Date.now();

    for (let attemptNumber = 1; ; attemptNumber++) {
      let failure: ApiError;
      try {
        return (await attempt(def, `${baseUrl}${request.target}`, init, signal)) as EndpointResponse<N>;
      } catch (error) {
        if (signal.aborted) throw abortError(callOptions.signal);
        if (!(error instanceof ApiError)) throw error;
        failure = error;
      }
      const retryable =
        failure.code === 'network_error' || (failure.status !== null && isRetryableStatus(failure.status));
      if (!retryable || attemptNumber >= policy.maxAttempts) throw failure;
      const waitMs = retryDelayMs(policy, attemptNumber, failure.retryAfter);
      if (Date.now() - startedAt + waitMs >= policy.deadlineMs) throw failure;
      options.onWait?.({ code: failure.code, retryInMs: waitMs });
      try {
        await sleep(waitMs, undefined, { signal });
      } catch {
        throw abortError(callOptions.signal);
      }
    }
  }

  async function* pages<N extends PaginatedEndpointName>(
    name: N,
    params: EndpointParams<N>,
    callOptions?: CallOptions,
  ): AsyncGenerator<EndpointResponse<N>, void, undefined> {
    let cursor: string | undefined;
    do {
      const page = (await call(
        name,
        { ...(params as object), cursor } as EndpointParams<N>,
        callOptions,
      )) as EndpointResponse<N> & {
        meta: { has_more: boolean; next_cursor: string | null };
      };
      yield page;
      cursor = page.meta.has_more ? (page.meta.next_cursor ?? undefined) : undefined;
    } while (cursor !== undefined);
  }

  const methods = Object.fromEntries(
    Object.keys(endpoints).map((name) => [
      name,
      (params: unknown, callOptions?: CallOptions) => call(name as EndpointName, params as never, callOptions),
    ]),
  ) as EndpointMethods;

  return { ...methods, call, pages };
}

/** The caller's own abort is `cancelled`; the deadline running out is `timeout`. */
function abortError(callerSignal: AbortSignal | undefined): ApiError {
  return callerSignal?.aborted
    ? new ApiError({ code: 'cancelled', message: 'The request was cancelled.' })
    : new ApiError({ code: 'timeout', message: 'The service did not answer in time.' });
}
