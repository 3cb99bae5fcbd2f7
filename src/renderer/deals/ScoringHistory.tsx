import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { OperationResult } from '../../shared/bridge';
import { JobHistory } from '../jobs/JobHistory';
import { formatPercent } from '../shared-ui/format';

export function ScoringHistory({
  scorings,
}: {
  scorings: UseInfiniteQueryResult<InfiniteData<OperationResult<'listScorings'>>>;
}) {
  return (
    <JobHistory
      jobs={scorings}
      noun="scorings"
      emptyTitle="Never scored"
      describeResult={(result) =>
        typeof result.probability === 'number' ? formatPercent(result.probability) : 'Scored'
      }
    />
  );
}
