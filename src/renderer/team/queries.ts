import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Member, memberName } from '../../shared/api';
import { call } from '../api';

export const memberKeys = {
  all: ['members'] as const,
  list: () => [...memberKeys.all, 'list'] as const,
  me: () => [...memberKeys.all, 'me'] as const,
};

export const memberQueries = {
  list: () =>
    queryOptions({
      queryKey: memberKeys.list(),
      queryFn: ({ signal }) => call('listMembers', {}, signal),
      staleTime: 5 * 60_000,
    }),
  me: () =>
    queryOptions({
      queryKey: memberKeys.me(),
      queryFn: ({ signal }) => call('getMe', {}, signal),
      staleTime: 5 * 60_000,
    }),
};

/**
 * Owners and authors are shown by name, never by id (design.md). `enabled`: whether names are
 * needed now, so a screen that shows one only sometimes does not read the team otherwise.
 */
export function useMemberNames(enabled = true): (memberId: string | null | undefined) => string {
  const members = useQuery({ ...memberQueries.list(), enabled, select: (response) => indexById(response.data) });
  return (memberId) => {
    if (!memberId) return 'No owner';
    const member = members.data?.get(memberId);
    return member ? memberName(member) : members.isPending ? '…' : 'Unknown member';
  };
}

function indexById(members: Member[]): Map<string, Member> {
  return new Map(members.map((member) => [member.id, member]));
}
