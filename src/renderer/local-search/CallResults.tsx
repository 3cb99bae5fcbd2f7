import { memo, useId } from 'react';
import type { LocalSearchResult } from '../../shared/bridge';
import { Link } from '../navigation/router';
import { paths } from '../navigation/routes';
import { DealName } from '../records/DealName';
import { hitPath } from '../search/hit-path';
import { plural } from '../search/result-counts';
import type { LocalSearchPage } from '../search/transcript-search';
import { formatClock, formatDate } from '../shared-ui/format';
import { Highlighted } from '../shared-ui/Highlighted';

type CallResult = LocalSearchResult['calls'][number];

/**
 * One page's calls from one source (the local index's, or the service's for calls not synced).
 * A page painted once is not rendered again: not when the next page comes, nor while the next
 * keystroke's results are on their way.
 */
export const CallResultsPage = memo(function CallResultsPage({
  page,
  source,
  pattern,
  timeScale,
}: {
  page: LocalSearchPage;
  source: CallResult['source'];
  pattern: RegExp | null;
  timeScale: number;
}) {
  return page.calls
    .filter((result) => result.source === source)
    .map((result) => (
      <CallResultItem
        key={`${result.source}-${result.videoId}`}
        result={result}
        q={page.asked.q}
        pattern={pattern}
        timeScale={timeScale}
      />
    ));
});

function CallResultItem({
  result,
  q,
  pattern,
  timeScale,
}: {
  result: CallResult;
  q: string;
  pattern: RegExp | null;
  timeScale: number;
}) {
  const headingId = useId();
  return (
    <li>
      <article className="local-search-call" aria-labelledby={headingId}>
        <div className="local-search-call-head">
          <h3 id={headingId}>
            <Link to={paths.call(result.videoId)}>{result.title || 'Untitled call'}</Link>
          </h3>
          <span className="muted small">
            {[result.createdAt ? formatDate(result.createdAt) : null, plural(result.count, 'line', 'lines')]
              .filter(Boolean)
              .join(' · ')}
            {' · '}
            {result.dealTitle && result.dealId ? (
              <Link to={paths.deal(result.dealId)}>{result.dealTitle}</Link>
            ) : (
              <DealName dealId={result.dealId} />
            )}
          </span>
          {result.source === 'service' && <span className="badge">Found by the service (not synced yet)</span>}
        </div>
        <ul className="local-search-hits">
          {result.hits.map((hit) => (
            <li key={hit.segmentId || `${hit.start}-${hit.text}`}>
              <Link to={hitPath(result.videoId, hit, q, timeScale)} className="local-search-hit">
                {hit.before !== null && <span className="hit-context muted">{hit.before}</span>}
                <span className="hit-line">
                  <span className="hit-who muted small">
                    {[typeof hit.start === 'number' ? formatClock(hit.start * timeScale) : null, hit.speaker]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                  <span>
                    <Highlighted text={hit.text} query="" pattern={pattern} />
                  </span>
                </span>
                {hit.after !== null && <span className="hit-context muted">{hit.after}</span>}
              </Link>
            </li>
          ))}
        </ul>
      </article>
    </li>
  );
}
