import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { DealStatus, knownSpeakerRoles, SEARCH_MAX_QUERY_LENGTH } from '../../shared/api';
import type { LocalSearchResult } from '../../shared/bridge';
import { humanize } from '../../shared/humanize';
import { DealName } from '../deals/DealName';
import { Link, navigate } from '../navigation/router';
import { paths, type TranscriptSearchAddress } from '../navigation/routes';
import { searchQueries } from '../search/queries';
import { EmptyState } from '../shared-ui/EmptyState';
import { ErrorState } from '../shared-ui/ErrorState';
import { formatClock, formatDate } from '../shared-ui/format';
import { Highlighted } from '../shared-ui/Highlighted';
import { SkeletonRows } from '../shared-ui/Skeleton';
import { wordsPattern } from '../shared-ui/text-match';
import { localSearchQueries } from './queries';
import { callsWithHits, plural, statusText } from './result-counts';
import { FIRST_CALLS, MORE_CALLS, searchRequestOf } from './search-request';
import './local-search.css';

type CallResult = LocalSearchResult['calls'][number];
type Hit = CallResult['hits'][number];

const modes: { value: TranscriptSearchAddress['mode']; label: string }[] = [
  { value: 'words', label: 'Words starting with' },
  { value: 'whole-word', label: 'Whole words' },
  { value: 'phrase', label: 'Exact phrase' },
];

/**
 * Transcript search with filters, over the local index (and the service for calls not synced):
 * results grouped by deal and by call with counts, each hit with its neighbouring lines. Everything
 * the person set lives in the address, so Back from a call and a reload come back to it.
 * `timeScale`: seconds per unit of the hits' times, as the workspace's service profile knows it.
 */
export function LocalSearchScreen({ address, timeScale }: { address: TranscriptSearchAddress; timeScale: number }) {
  // The fields are the screen's own state, written to the address on each change: a field driven by
  // the address would lag a keystroke behind (the hash changes, then its event comes).
  const [form, setForm] = useState(address);
  const addressPath = paths.search(address);
  const written = useRef(addressPath);
  useEffect(() => {
    // The address changed from outside (the palette, Back): the fields follow it.
    if (addressPath !== written.current) {
      written.current = addressPath;
      setForm(address);
    }
  }, [addressPath, address]);
  const update = (patch: Partial<TranscriptSearchAddress>) => {
    const next = { ...form, ...patch };
    setForm(next);
    written.current = paths.search(next);
    navigate(written.current, { replace: true });
  };

  // "Show more calls" holds for the search it was asked on.
  const [moreFor, setMoreFor] = useState<string | null>(null);
  const formPath = paths.search(form);
  const { request, dateError } = searchRequestOf(form, moreFor === formPath ? MORE_CALLS : FIRST_CALLS);
  const results = useQuery({
    ...localSearchQueries.results(request ?? { q: ' ' }),
    enabled: request !== null,
  });
  const current = request !== null && results.isSuccess && !results.isPlaceholderData;
  const data = request !== null ? results.data : undefined;
  const pattern = wordsPattern(form.q, form.mode);
  const ids = { status: useId(), calls: useId(), deals: useId() };

  return (
    <div className="screen local-search">
      <div className="screen-header">
        <h1>Search transcripts</h1>
      </div>
      <SearchForm form={form} update={update} dateError={dateError} describedBy={ids.status} />
      <p id={ids.status} className="local-search-status" role="status" aria-live="polite">
        {statusText(request !== null, current, results.isError, data)}
      </p>
      {data && !data.complete && (
        <p className="coverage-note muted">
          More lines match than one search reads at once: the newest calls are searched until {data.calls.length} have a
          match, each with its own count
          {form.order === 'best' ? ', and best match ranks the lines of those calls' : ''}. Add a word or a filter for
          whole counts.
        </p>
      )}
      {data?.coverage.note ? (
        <p className="coverage-note muted">{data.coverage.note}</p>
      ) : data ? (
        <p className="coverage-note muted">
          The local index covers all {data.coverage.indexedCalls} calls of this workspace.
        </p>
      ) : null}
      {request === null ? null : results.isError ? (
        <ErrorState error={results.error} onRetry={() => results.refetch()} title="Search failed" />
      ) : !data ? (
        <SkeletonRows rows={4} height={96} label="Searching" />
      ) : data.calls.length === 0 ? (
        current && (
          <EmptyState title="Nothing was said that matches">
            <p className="muted">Try “Words starting with”, fewer words, or fewer filters.</p>
          </EmptyState>
        )
      ) : (
        <div className="local-search-results" aria-busy={!current}>
          <section aria-labelledby={ids.deals} className="local-search-deals">
            <h2 id={ids.deals}>By deal</h2>
            <DealGroups
              deals={data.deals}
              complete={data.complete}
              onlyDeal={(deal) => update({ deal })}
              filteredDeal={form.deal}
            />
          </section>
          <section aria-labelledby={ids.calls} className="local-search-calls">
            <h2 id={ids.calls}>By call</h2>
            <ul className="local-search-call-list">
              {data.calls.map((callResult) => (
                <CallResultItem
                  key={`${callResult.source}-${callResult.videoId}`}
                  result={callResult}
                  q={form.q.trim()}
                  pattern={current ? pattern : null}
                  timeScale={timeScale}
                />
              ))}
            </ul>
            {(!data.complete || callsWithHits(data) > data.calls.length) && moreFor !== formPath && (
              <button type="button" className="button small" onClick={() => setMoreFor(formPath)}>
                Show more calls (up to {MORE_CALLS})
              </button>
            )}
          </section>
        </div>
      )}
    </div>
  );
}

function SearchForm({
  form,
  update,
  dateError,
  describedBy,
}: {
  form: TranscriptSearchAddress;
  update: (patch: Partial<TranscriptSearchAddress>) => void;
  dateError: { field: 'from' | 'to'; message: string } | null;
  describedBy: string;
}) {
  const deals = useQuery(searchQueries.dealChoices());
  const ids = {
    q: useId(),
    mode: useId(),
    order: useId(),
    role: useId(),
    from: useId(),
    to: useId(),
    deal: useId(),
    status: useId(),
    error: useId(),
  };
  const dealChoices = deals.data?.data ?? [];
  return (
    <form aria-label="Search and filters" className="local-search-form" onSubmit={(e) => e.preventDefault()}>
      <div className="field local-search-text">
        <label htmlFor={ids.q}>Search for</label>
        <input
          id={ids.q}
          type="search"
          data-screen-focus
          placeholder="Words said in a call…"
          maxLength={SEARCH_MAX_QUERY_LENGTH}
          autoComplete="off"
          aria-describedby={describedBy}
          value={form.q}
          onChange={(event) => update({ q: event.target.value })}
        />
      </div>
      <fieldset className="local-search-modes">
        <legend>Match</legend>
        {modes.map((mode) => (
          <label key={mode.value}>
            <input
              type="radio"
              name={ids.mode}
              value={mode.value}
              checked={form.mode === mode.value}
              onChange={() => update({ mode: mode.value })}
            />
            {mode.label}
          </label>
        ))}
      </fieldset>
      <div className="filters">
        <div className="field">
          <label htmlFor={ids.order}>Order</label>
          <select
            id={ids.order}
            value={form.order}
            onChange={(event) => update({ order: event.target.value as TranscriptSearchAddress['order'] })}
          >
            <option value="newest">Newest calls first</option>
            <option value="best">Best match first</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.role}>Speaker</label>
          <select id={ids.role} value={form.role} onChange={(event) => update({ role: event.target.value })}>
            <option value="">Anyone</option>
            {[...new Set([...knownSpeakerRoles, ...(form.role ? [form.role] : [])])].map((role) => (
              <option key={role} value={role}>
                {humanize(role)}
              </option>
            ))}
          </select>
        </div>
        {(['from', 'to'] as const).map((field) => (
          <div className="field" key={field}>
            <label htmlFor={ids[field]}>{field === 'from' ? 'Calls from' : 'Calls to'}</label>
            <input
              id={ids[field]}
              type="date"
              value={form[field]}
              aria-invalid={dateError?.field === field}
              aria-describedby={dateError?.field === field ? ids.error : undefined}
              onChange={(event) => update({ [field]: event.target.value })}
            />
          </div>
        ))}
        <div className="field">
          <label htmlFor={ids.deal}>Deal</label>
          <select id={ids.deal} value={form.deal} onChange={(event) => update({ deal: event.target.value })}>
            <option value="">Any deal</option>
            {form.deal && !dealChoices.some((deal) => deal.id === form.deal) && (
              <option value={form.deal}>This deal ({form.deal})</option>
            )}
            {dealChoices.map((deal) => (
              <option key={deal.id} value={deal.id}>
                {deal.title ?? 'Untitled deal'}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.status}>Deal status</label>
          <select
            id={ids.status}
            value={form.dealStatus}
            onChange={(event) => update({ dealStatus: event.target.value })}
          >
            <option value="">Any status</option>
            {DealStatus.options.map((status) => (
              <option key={status} value={status}>
                {humanize(status)}
              </option>
            ))}
          </select>
        </div>
        <p id={ids.error} className="field-error" aria-live="polite">
          {dateError?.message ?? ''}
        </p>
      </div>
    </form>
  );
}

function DealGroups({
  deals,
  complete,
  onlyDeal,
  filteredDeal,
}: {
  deals: LocalSearchResult['deals'];
  complete: boolean;
  onlyDeal: (dealId: string) => void;
  filteredDeal: string;
}) {
  return (
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
  );
}

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

/** The call at the hit's line: by its segment when it has one, else at its time, as a moment link does. */
function hitPath(videoId: string, hit: Hit, q: string, timeScale: number): string {
  if (hit.segmentId) return paths.call(videoId, { segmentId: hit.segmentId, highlight: q });
  if (typeof hit.start === 'number') return paths.call(videoId, { seconds: hit.start * timeScale });
  return paths.call(videoId);
}
