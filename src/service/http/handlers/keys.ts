import { revokeKey } from '../../queries/keys';
import type { HandlerRegistry } from '../handler';

export const keyHandlers = {
  revokeKey: ({ ctx, caller }) => {
    revokeKey(ctx.db, caller.keyId, ctx.now());
    return { data: { revoked: true as const } };
  },
} satisfies HandlerRegistry;
