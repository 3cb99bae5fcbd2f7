import { useInfiniteQuery } from '@tanstack/react-query';
import { JobHistory } from '../jobs/JobHistory';
import { callQueries } from './queries';

export function AnalysisHistory({ callId }: { callId: string }) {
  const analyses = useInfiniteQuery(callQueries.analyses(callId));
  return (
    <JobHistory
      jobs={analyses}
      noun="analyses"
      emptyTitle="Never analysed"
      describeResult={(result) =>
        typeof result.sales_event_count === 'number' ? `${result.sales_event_count} sales events` : 'Analysed'
      }
    />
  );
}
