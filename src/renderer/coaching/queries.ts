import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../api';

/**
 * The coaching screens' reads, each answered by the local copy alone in one bridge call: a rep's
 * deals, a rep's figures, the checklist matrix, a cell's calls. Any change to what the copy holds
 * of deals, calls, transcripts, checklists, activity or members reads them again (changed-reads.ts).
 */
export const coachingKeys = {
  all: ['coaching'] as const,
  repDeals: (memberId: string) => [...coachingKeys.all, 'rep-deals', memberId] as const,
  repFigures: (memberId: string, weeks: readonly number[]) =>
    [...coachingKeys.all, 'rep-figures', memberId, weeks] as const,
  matrix: (last: number) => [...coachingKeys.all, 'matrix', last] as const,
  misses: (memberId: string, itemText: string, last: number) =>
    [...coachingKeys.all, 'misses', memberId, itemText, last] as const,
  reviewQueue: (windowDays: number | null) => [...coachingKeys.all, 'review-queue', windowDays] as const,
};

export const coachingQueries = {
  repDeals: (memberId: string) =>
    queryOptions({
      queryKey: coachingKeys.repDeals(memberId),
      queryFn: ({ signal }) => call('listRepDeals', { memberId }, signal),
    }),
  repFigures: (memberId: string, weeks: readonly number[]) =>
    queryOptions({
      queryKey: coachingKeys.repFigures(memberId, weeks),
      queryFn: ({ signal }) => call('getRepFigures', { memberId, weeks: [...weeks] }, signal),
    }),
  /** Another count of last calls keeps the matrix on screen until its own answer comes. */
  matrix: (last: number) =>
    queryOptions({
      queryKey: coachingKeys.matrix(last),
      queryFn: ({ signal }) => call('getChecklistMatrix', { last }, signal),
      placeholderData: keepPreviousData,
    }),
  misses: (memberId: string, itemText: string, last: number) =>
    queryOptions({
      queryKey: coachingKeys.misses(memberId, itemText, last),
      queryFn: ({ signal }) => call('listChecklistMisses', { memberId, itemText, last }, signal),
    }),
  /** Another window keeps the queue on screen until its own answer comes. */
  reviewQueue: (windowDays: number | null) =>
    queryOptions({
      queryKey: coachingKeys.reviewQueue(windowDays),
      queryFn: ({ signal }) => call('getReviewQueue', { windowDays }, signal),
      placeholderData: keepPreviousData,
    }),
};
