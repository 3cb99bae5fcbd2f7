import type { Context } from 'hono';
import type { z } from 'zod';
import type { EndpointName, endpoints, ServedResponse } from '../../shared/api/endpoints';
import type { Caller } from '../auth/authenticate';
import type { ServiceContext } from '../context';
import type { AppEnv } from './app-env';

type Def<N extends EndpointName> = (typeof endpoints)[N];
type Parsed<D, K extends string> = D extends { [P in K]: infer S extends z.ZodType } ? z.output<S> : undefined;

/** Path parameters, query and body after validation with the endpoint's own schemas. */
export interface ParsedInput<N extends EndpointName> {
  params: Parsed<Def<N>, 'pathParams'>;
  query: Parsed<Def<N>, 'query'>;
  body: Parsed<Def<N>, 'body'>;
}

type ExtraMeta<N extends EndpointName> = Omit<ServedResponse<N>['meta'], 'request_id'>;

/**
 * `data` and any meta beyond request_id (pagination, search), as the local service serves them
 * (the endpoint's `served` schema); the app adds request_id and the status.
 */
export type Reply<N extends EndpointName> = keyof ExtraMeta<N> extends never
  ? { data: ServedResponse<N>['data'] }
  : { data: ServedResponse<N>['data']; meta: ExtraMeta<N> };

export interface HandlerRequest<N extends EndpointName> {
  ctx: ServiceContext;
  caller: Caller;
  input: ParsedInput<N>;
  c: Context<AppEnv>;
}

export type Handler<N extends EndpointName> = (request: HandlerRequest<N>) => Reply<N> | Promise<Reply<N>>;

/** One file per area exports a slice of this; `handlers/index.ts` merges them. */
export type HandlerRegistry = { [N in EndpointName]?: Handler<N> };
