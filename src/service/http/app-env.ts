import type { HttpBindings } from '@hono/node-server';
import type { Caller } from '../auth/authenticate';

/** Hono variables set by the request pipeline. */
export interface AppEnv {
  /** Node's request and response when served by @hono/node-server; absent under `app.request()`. */
  Bindings: Partial<HttpBindings>;
  Variables: {
    requestId: string;
    /** The database's change stamp when the request's guards ran (db/change-stamp.ts). */
    stamp: string;
    caller: Caller;
    input: { params: unknown; query: unknown; body: unknown };
  };
}
