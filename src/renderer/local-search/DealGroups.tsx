import { useQuery } from '@tanstack/react-query';
import { memo, useState } from 'react';
import type { LocalSearchResult } from '../../shared/bridge';
import { Link } from '../navigation/router';
import { paths } from '../navigation/routes';
import { DealName } from '../records/DealName';
import { plural } from '../search/result-counts';
import type { LocalSearchRequest } from '../search/transcript-search';
import { localSearchQueries } from '../search/transcript-search';
import { InfiniteSentinel } from '../shared-ui/InfiniteSentinel';
import { InlineError } from '../shared-ui/InlineError';

/** Deal groups added to the list each time its end is reached. */
const MORE_DEALS = 50;

/**
 * The deals with a hit, the most lines first: the first answer's few, then every group (asked for
 * once the end of the list is reached), shown a step at a time as it is scrolled. Keyed by its
 * search, so a new search starts from the first few again.
 */
export const DealGroups = memo(function DealGroups({
  asked,
  first,
  dealCount,
  complete,
  filteredDeal,
  onlyDeal,
}: {
  asked: LocalSearchRequest;
  first: LocalSearchResult['deals'];
  dealCount: number;
  complete: boolean;
  filteredDeal: string;
  onlyDeal: (dealId: string) => void;
}) {
  const [shown, setShown] = useState(first.length);
  const every = useQuery({ ...localSearchQueries.allDeals(asked), enabled: shown > first.length });
  const deals = (every.data ?? first).slice(0, shown);
  return (
    <>
      <ul className="local-search-deal-list">
        {deals.map((deal) => (
          <li key={deal.dealId ?? 'none'}>
            {deal.dealId && deal.title ? (
              <Link to={paths.deal(deal.dealId)}>{deal.title}</Link>
            ) : (
              <DealName dealId={deal.dealId} />
            )}
            <span className="muted small">
              {complete ? '' : 'at least '}
              {plural(deal.count, 'line', 'lines')} in {plural(deal.calls, 'call', 'calls')}
            </span>
            {deal.dealId && deal.dealId !== filteredDeal && (
              <button
                type="button"
                className="button small"
                onClick={() => onlyDeal(deal.dealId!)}
                aria-label={`Only ${deal.title ?? 'this deal'}`}
              >
                Only this deal
              </button>
            )}
          </li>
        ))}
      </ul>
      {every.isError ? (
        <InlineError error={every.error} />
      ) : (
        <InfiniteSentinel
          hasNextPage={shown < dealCount}
          isFetchingNextPage={every.isFetching}
          fetchNextPage={() => setShown((count) => count + MORE_DEALS)}
          label={`Show ${plural(dealCount - deals.length, 'more deal', 'more deals')}`}
        />
      )}
    </>
  );
});
