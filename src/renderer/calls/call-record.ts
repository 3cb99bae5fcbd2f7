import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { callFromLists, callReads } from '../records/call-reads';

/**
 * The call's own read, showing the record the calls list already holds until it answers: a call
 * opened from the list has its title and facts on its first frame. While `defer` is true and that
 * record is on screen, the read waits (the call page reads its transcript first); without the
 * record, it goes at once.
 */
export function useCallRecord(callId: string, { defer = false } = {}) {
  const queryClient = useQueryClient();
  const listed = useMemo(() => callFromLists(queryClient, callId), [queryClient, callId]);
  return useQuery({
    ...callReads.detail(callId),
    placeholderData: listed,
    enabled: !(defer && listed),
  });
}

/**
 * The call's length, for the parts that only need it: they render again only when it changes.
 * It asks nothing itself: the page's own read of the call (useCallRecord) brings it.
 */
export function useCallDuration(callId: string): number | null | undefined {
  const queryClient = useQueryClient();
  return useQuery({
    ...callReads.detail(callId),
    placeholderData: () => callFromLists(queryClient, callId),
    select: (answer) => answer.data.duration_seconds,
    enabled: false,
  }).data;
}
