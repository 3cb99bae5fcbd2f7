import { useNewMatchesBadge } from '../search/new-matches';

/**
 * The top bar's way into the palette (Ctrl K), which offers transcript search (`/`) first: one
 * button rather than two, so the status beside it has the room. The saved searches' new matches
 * show on it, as they showed on the search button it replaced.
 */
export function PaletteButton({ onClick }: { onClick: () => void }) {
  const badge = useNewMatchesBadge();
  return (
    <button
      type="button"
      className="search-button palette-button"
      onClick={onClick}
      aria-label={`Go to, search or do…${badge ? ` (${badge} new in saved searches)` : ''}`}
      aria-keyshortcuts="Control+K Meta+K"
    >
      <span className="palette-words">Go to, search or do…</span>
      {badge && <span className="badge accent">{badge} new</span>}
      <kbd>Ctrl K</kbd>
    </button>
  );
}
