import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { newMatchesOf, savedSearchQueries } from './saved-searches';

/** Opens the palette; a badge counts the saved searches' matches in calls that came since they were run. */
export function SearchButton({ onClick }: { onClick: () => void }) {
  const saved = useQuery(savedSearchQueries.list());
  const fresh = newMatchesOf(saved.data);
  const badge = fresh.count > 0 ? `${fresh.count}${fresh.capped ? '+' : ''}` : null;
  useEffect(() => {
    document.title = badge ? `(${badge}) Callscope` : 'Callscope';
  }, [badge]);
  return (
    <button type="button" className="search-button" onClick={onClick} aria-keyshortcuts="/">
      Search transcripts <kbd>/</kbd>
      {badge && (
        <span className="badge accent">
          {badge} new<span className="visually-hidden"> in saved searches</span>
        </span>
      )}
    </button>
  );
}
