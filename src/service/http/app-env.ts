import type { Caller } from '../auth/authenticate';

/** Hono variables set by the request pipeline. */
export interface AppEnv {
  Variables: {
    requestId: string;
    caller: Caller;
    input: { params: unknown; query: unknown; body: unknown };
  };
}
