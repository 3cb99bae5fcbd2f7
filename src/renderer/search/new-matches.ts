import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { SavedSearch } from '../../shared/bridge';
import { newMatchesOf, savedSearchQueries } from './saved-searches';

/** The saved searches' matches in calls that came since they were run, as a badge says them ("12", "100+"); null: none. */
export function newMatchesBadge(saved: readonly SavedSearch[] | undefined): string | null {
  const fresh = newMatchesOf(saved);
  return fresh.count > 0 ? `${fresh.count}${fresh.capped ? '+' : ''}` : null;
}

/** The saved searches' new matches for the top bar's badge, also put in the window's title (seen from the taskbar). */
export function useNewMatchesBadge(): string | null {
  const badge = newMatchesBadge(useQuery(savedSearchQueries.list()).data);
  useEffect(() => {
    document.title = badge ? `(${badge}) Callscope` : 'Callscope';
  }, [badge]);
  return badge;
}
