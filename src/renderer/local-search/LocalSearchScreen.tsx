import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { replaceWhenPaused } from '../navigation/render-ahead';
import { paths, type TranscriptSearchAddress } from '../navigation/routes';
import { NoteMatches } from '../notes/NoteMatches';
import { coverageWords, statusText } from '../search/result-counts';
import { localSearchQueries } from '../search/transcript-search';
import { EmptyState } from '../shared-ui/EmptyState';
import { ErrorState } from '../shared-ui/ErrorState';
import { InfiniteSentinel } from '../shared-ui/InfiniteSentinel';
import { SkeletonRows } from '../shared-ui/Skeleton';
import { wordsPattern } from '../shared-ui/text-match';
import { CallResultsPage } from './CallResults';
import { DealGroups } from './DealGroups';
import { SearchForm } from './SearchForm';
import { searchRequestOf } from './search-request';
import './local-search.css';

/**
 * Transcript search with filters, over the local index (and the service for calls not synced):
 * results grouped by deal and by call with counts, each hit with its neighbouring lines. Everything
 * the person set lives in the address, so Back from a call and a reload come back to it.
 * `timeScale`: seconds per unit of the hits' times, as the workspace's service profile knows it.
 */
export function LocalSearchScreen({ address, timeScale }: { address: TranscriptSearchAddress; timeScale: number }) {
  // The fields are the screen's own state, written to the address once typing pauses: a field
  // driven by the address would lag a keystroke behind (the hash changes, then its event comes).
  const [form, setForm] = useState(address);
  const formNow = useRef(form);
  formNow.current = form;
  const addressPath = paths.search(address);
  const written = useRef(addressPath);
  useEffect(() => {
    // The address changed from outside (the palette, Back): the fields follow it.
    if (addressPath !== written.current) {
      written.current = addressPath;
      setForm(address);
    }
  }, [addressPath, address]);
  const queryClient = useQueryClient();
  // One function for the screen's life, so the filters and the results on screen do not render again on a key.
  const update = useCallback(
    (patch: Partial<TranscriptSearchAddress>) => {
      const next = { ...formNow.current, ...patch };
      // Asked in the key's own handler, before React renders the key: main searches meanwhile.
      const { request } = searchRequestOf(next);
      if (request) {
        void queryClient.prefetchQuery(localSearchQueries.copyFirst(request));
        void queryClient.prefetchInfiniteQuery(localSearchQueries.results(request));
      }
      formNow.current = next;
      setForm(next);
      written.current = paths.search(next);
      replaceWhenPaused(written.current);
    },
    [queryClient],
  );
  const onlyDeal = useCallback((deal: string) => update({ deal }), [update]);

  const { request, dateError } = searchRequestOf(form);
  // While a new text's results come, the earlier text's stay on screen, marked busy; but once the
  // box was emptied there are none on screen, and bringing back those of a text typed before it
  // would lay them all out again in the key's own task, only to replace them.
  const [resultsShown, setResultsShown] = useState(false);
  const results = useInfiniteQuery({
    ...localSearchQueries.results(request ?? { q: ' ' }),
    enabled: request !== null,
    placeholderData: resultsShown ? keepPreviousData : undefined,
  });
  // The copy's lines alone, painted while the service is asked for the calls the copy does not hold
  // (as `/` does): during a sync that ask waits behind the service's own work.
  const copyFirst = useQuery({ ...localSearchQueries.copyFirst(request ?? { q: ' ' }), enabled: request !== null });
  const wholeCurrent = request !== null && results.isSuccess && !results.isPlaceholderData;
  const copyCurrent = request !== null && copyFirst.isSuccess;
  const current = wholeCurrent || copyCurrent;
  const pages = request === null ? undefined : wholeCurrent || !copyFirst.data ? results.data?.pages : [copyFirst.data];
  const askingService = !wholeCurrent && copyCurrent && copyFirst.data.coverage.serviceLeft && !results.isError;
  if ((pages !== undefined) !== resultsShown) setResultsShown(pages !== undefined);
  const first = pages?.[0];
  // The highlight of the text the results on screen answer, not of the text now in the box.
  const asked = first?.asked;
  const pattern = useMemo(() => (asked ? wordsPattern(asked.q, asked.mode ?? 'words') : null), [asked]);
  const ids = { status: useId(), calls: useId(), deals: useId() };
  const moreCalls = wholeCurrent && results.hasNextPage;

  return (
    <div className="screen local-search">
      <div className="screen-header">
        <h1>Search transcripts</h1>
      </div>
      <SearchForm form={form} update={update} dateError={dateError} describedBy={ids.status} />
      <p id={ids.status} className="local-search-status" role="status" aria-live="polite">
        {statusText(request !== null, current, results.isError, first)}
      </p>
      {first && !first.complete && (
        <p className="coverage-note muted">
          More lines match than one search reads at once: the newest calls are searched, as many as the list shows, each
          with its own count{first.asked.order === 'best' ? ', and best match ranks the lines of those calls' : ''}. Add
          a word or a filter for whole counts.
        </p>
      )}
      {first && (
        <p className="coverage-note muted">
          {coverageWords(first, askingService, results.isError ? results.error : null)}
        </p>
      )}
      <NoteMatches text={request?.q ?? null} />
      {request === null ? null : results.isError ? (
        <ErrorState error={results.error} onRetry={() => results.refetch()} title="Search failed" />
      ) : !pages || !first || (first.calls.length === 0 && askingService) ? (
        <SkeletonRows rows={4} height={96} label="Searching" />
      ) : first.calls.length === 0 ? (
        current && (
          <EmptyState title="Nothing was said that matches">
            <p className="muted">Try “Words starting with”, fewer words, or fewer filters.</p>
          </EmptyState>
        )
      ) : (
        <div className="local-search-results" aria-busy={!current || askingService}>
          <section aria-labelledby={ids.deals} className="local-search-deals">
            <h2 id={ids.deals}>By deal</h2>
            <DealGroups
              key={JSON.stringify(first.asked)}
              asked={first.asked}
              first={first.deals}
              dealCount={first.dealCount}
              complete={first.complete}
              onlyDeal={onlyDeal}
              filteredDeal={form.deal}
            />
          </section>
          <section aria-labelledby={ids.calls} className="local-search-calls">
            <h2 id={ids.calls}>By call</h2>
            <ul className="local-search-call-list">
              {pages.map((page) => (
                <CallResultsPage
                  key={page.nextOffset ?? 'last'}
                  page={page}
                  source="replica"
                  pattern={pattern}
                  timeScale={timeScale}
                />
              ))}
              {/* After every local call: the service's come last, as their dates may be unknown. */}
              {wholeCurrent && !results.hasNextPage && (
                <CallResultsPage page={first} source="service" pattern={pattern} timeScale={timeScale} />
              )}
            </ul>
            <InfiniteSentinel
              hasNextPage={moreCalls}
              isFetchingNextPage={results.isFetchingNextPage}
              fetchNextPage={results.fetchNextPage}
              label="Show more calls"
            />
          </section>
        </div>
      )}
    </div>
  );
}
