import { queryOptions } from '@tanstack/react-query';
import { call } from '../api';

export const paletteKeys = { records: ['palette', 'records'] as const };

export const paletteQueries = {
  /** One read of the copy's deals, calls, reps and trackers and the saved searches; each opening shows the last and reads again. */
  records: () =>
    queryOptions({
      queryKey: paletteKeys.records,
      queryFn: ({ signal }) => call('listPaletteRecords', {}, signal),
      staleTime: 0,
    }),
};
