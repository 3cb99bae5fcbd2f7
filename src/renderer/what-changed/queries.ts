import { queryOptions } from '@tanstack/react-query';
import type { ChangesSince } from '../../shared/bookmarks';
import { call } from '../api';

export const whatChangedKeys = {
  all: ['what-changed'] as const,
  since: (since: ChangesSince) => [...whatChangedKeys.all, since] as const,
};

export const whatChangedQueries = {
  /** One read of the local copy; the changes of stored answers (replicaChanged) make it read again. */
  since: (since: ChangesSince) =>
    queryOptions({
      queryKey: whatChangedKeys.since(since),
      queryFn: ({ signal }) => call('whatChanged', { since }, signal),
    }),
};
