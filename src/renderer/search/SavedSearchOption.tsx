import type { SavedSearch } from '../../shared/bridge';

/** A saved search in the palette's list: its name, what it looks for, and its matches in new calls. */
export function SavedSearchOption({ search }: { search: SavedSearch }) {
  const filters = [search.videoId ? 'one call' : null, search.dealId ? 'one deal' : null].filter(Boolean);
  return (
    <span className="hit-head saved-search">
      <span className="hit-title">{search.name}</span>
      <span className="muted small">
        “{search.q}”{filters.length > 0 ? ` in ${filters.join(', ')}` : ''}
      </span>
      {search.newMatches > 0 && (
        <span className="badge accent">
          {search.newMatches}
          {search.newCapped ? '+' : ''} new
        </span>
      )}
    </span>
  );
}
