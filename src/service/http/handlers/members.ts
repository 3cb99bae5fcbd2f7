import { findMember, listMembers } from '../../queries/members';
import type { HandlerRegistry } from '../handler';
import { notFound } from '../service-error';

export const memberHandlers = {
  listMembers: ({ ctx, caller }) => ({ data: listMembers(ctx.db, caller.orgId) }),
  getMe: ({ ctx, caller }) => {
    const member = findMember(ctx.db, caller.orgId, caller.memberId);
    if (!member) throw notFound('member');
    return { data: member };
  },
} satisfies HandlerRegistry;
