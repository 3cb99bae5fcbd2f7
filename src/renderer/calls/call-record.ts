import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callFromLists, callQueries } from './queries';

/**
 * The call's own read, showing the record the calls list already holds until it answers: a call
 * opened from the list has its title and facts on its first frame.
 */
export function useCallRecord(callId: string) {
  const queryClient = useQueryClient();
  return useQuery({ ...callQueries.detail(callId), placeholderData: () => callFromLists(queryClient, callId) });
}

/** The call's length, for the parts that only need it: they render again only when it changes. */
export function useCallDuration(callId: string): number | null | undefined {
  const queryClient = useQueryClient();
  return useQuery({
    ...callQueries.detail(callId),
    placeholderData: () => callFromLists(queryClient, callId),
    select: (answer) => answer.data.duration_seconds,
  }).data;
}
