import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { Page, Scoring } from '../../shared/api';
import { JobHistory } from '../jobs/JobHistory';
import { formatPercent } from '../shared-ui/format';

export function ScoringHistory({ scorings }: { scorings: UseInfiniteQueryResult<InfiniteData<Page<Scoring>>> }) {
  return (
    <JobHistory
      jobs={scorings}
      noun="scorings"
      emptyTitle="Never scored"
      describeResult={(result) => formatPercent(result.probability)}
    />
  );
}
