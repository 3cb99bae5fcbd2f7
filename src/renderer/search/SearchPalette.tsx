import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { SEARCH_MAX_QUERY_LENGTH } from '../../shared/api';
import { call, holdBackgroundCalls } from '../api';
import { navigate } from '../navigation/router';
import { paths } from '../navigation/routes';
import { Dialog } from '../shared-ui/Dialog';
import { ErrorState } from '../shared-ui/ErrorState';
import { wordsPattern } from '../shared-ui/text-match';
import { useUiStore } from '../state/ui-store';
import { FoundCallGroup } from './FoundCallGroup';
import { type FoundCall, HitOption } from './HitOption';
import { hitPath } from './hit-path';
import { OptionGroup } from './OptionGroup';
import { PaletteOption } from './PaletteOption';
import { recentSearchKeys, searchQueries } from './queries';
import { coverageWords, statusText } from './result-counts';
import { SavedSearchOption } from './SavedSearchOption';
import { SaveSearchForm } from './SaveSearchForm';
import { savedSearchQueries, useSavedSearchActions } from './saved-searches';
import { loadSavedSearch, useSearchBox } from './search-store';
import { type LocalSearchPage, type LocalSearchRequest, localSearchQueries } from './transcript-search';
import './search.css';

/** Transcript search from anywhere, driven from the keyboard. */
/** `timeScale`: seconds per unit of the hits' times, as the workspace's service profile knows it. */
export function SearchPalette({ timeScale }: { timeScale: number }) {
  const open = useUiStore((state) => state.searchOpen);
  const close = useUiStore((state) => state.closeSearch);
  return (
    <Dialog open={open} onClose={close} title="Search transcripts" className="palette">
      <PaletteBody onDone={close} timeScale={timeScale} />
    </Dialog>
  );
}

/** The search the box asks: the Search screen's own, so both give one answer (and share it). */
export function paletteRequest(q: string, dealId: string, videoId: string): LocalSearchRequest | null {
  if (q === '') return null;
  return { q, mode: 'words', order: 'newest', ...(dealId ? { dealId } : {}), ...(videoId ? { videoId } : {}) };
}

/**
 * The calls found, in the order they are listed: the copy's pages, then (once no page of the copy
 * is left to load, as on the Search screen) the calls only the service found.
 */
function foundCalls(pages: readonly LocalSearchPage[], lastLoaded: boolean): FoundCall[] {
  const copy = pages.flatMap((page) => page.calls.filter((found) => found.source === 'replica'));
  return lastLoaded ? [...copy, ...(pages[0]?.calls.filter((found) => found.source === 'service') ?? [])] : copy;
}

function PaletteBody({ onDone, timeScale }: { onDone: () => void; timeScale: number }) {
  // The screen under the palette's backdrop reads its items once the palette closes: on the
  // Pipeline of the `large` profile each keystroke's search otherwise met their answers on the
  // service, in the host and on the page's thread.
  useEffect(() => holdBackgroundCalls(), []);
  const { text, videoId, dealId, setText, setVideoId, setDealId } = useSearchBox();
  // No debounce: every keystroke asks at once, and the search it makes stale is cancelled (transcript-search.ts).
  const q = text.trim();
  const request = paletteRequest(q, dealId, videoId);
  const asked = request ?? { q: ' ' };
  // Two asks of one engine: the copy alone, painted at once, and the whole search, which adds the
  // calls the copy does not hold from the service (the Search screen's, cached for it too).
  const whole = useInfiniteQuery({
    ...localSearchQueries.results(asked),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });
  const copyFirst = useQuery({ ...localSearchQueries.copyFirst(asked), enabled: request !== null });
  const recent = useQuery(searchQueries.recent());
  const saved = useQuery(savedSearchQueries.list());
  const savedActions = useSavedSearchActions();
  // Whether the form naming the search in the box (to save it) is open.
  const [naming, setNaming] = useState(false);
  const calls = useQuery(searchQueries.callChoices());
  const deals = useQuery(searchQueries.dealChoices());
  const queryClient = useQueryClient();
  const remember = useMutation({
    mutationFn: (query: string) => call('addRecentSearch', { q: query }),
    onSuccess: async (list) => {
      // A first read still in flight was answered before this addition: it must not land after it.
      await queryClient.cancelQueries({ queryKey: recentSearchKeys.all });
      queryClient.setQueryData(recentSearchKeys.all, list);
    },
  });
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLDivElement>(null);
  const ids = { input: useId(), list: useId(), call: useId(), deal: useId(), status: useId(), coverage: useId() };

  const showingRecent = request === null;
  const wholeCurrent = !showingRecent && whole.isSuccess && !whole.isPlaceholderData;
  const copyCurrent = !showingRecent && copyFirst.isSuccess;
  // Results of an earlier text stay in view, busy and unhighlighted, until the text now in the box has its own.
  const current = wholeCurrent || copyCurrent;
  const pages: readonly LocalSearchPage[] = useMemo(
    () => (showingRecent ? [] : wholeCurrent || !copyFirst.data ? (whole.data?.pages ?? []) : [copyFirst.data]),
    [showingRecent, wholeCurrent, whole.data, copyFirst.data],
  );
  const first = pages[0];
  // The copy's lines are on screen and the service is still being asked for the calls the copy lacks.
  const askingService = !wholeCurrent && copyCurrent && copyFirst.data.coverage.serviceLeft && !whole.isError;
  const lastLoaded = wholeCurrent && !whole.hasNextPage;
  const found = useMemo(() => foundCalls(pages, lastLoaded), [pages, lastLoaded]);
  const lines = useMemo(
    () => found.flatMap((foundCall) => foundCall.hits.map((hit) => ({ call: foundCall, hit }))),
    [found],
  );
  const recents = showingRecent ? (recent.data ?? []) : [];
  const savedList = showingRecent ? (saved.data ?? []) : [];
  // With an empty box the list offers the saved searches first, then the recent ones.
  const count = showingRecent ? savedList.length + recents.length : lines.length;
  const pattern = useMemo(() => (first ? wordsPattern(first.asked.q, first.asked.mode ?? 'words') : null), [first]);

  const askedKey = first ? JSON.stringify(first.asked) : '';
  // Each new result set starts at its first row; the service's calls, added below the copy's, keep it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the text or filters change, not on each render
  useEffect(() => setActive(0), [askedKey, showingRecent]);
  // A saved search deleted from under the selection leaves it on the row that took its place.
  if (active > 0 && active >= count) setActive(count - 1);

  useEffect(() => {
    listRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  });

  const openHit = (index: number) => {
    const line = lines[index];
    if (!line) return;
    remember.mutate(q);
    onDone();
    navigate(hitPath(line.call.videoId, line.hit, q, timeScale));
  };
  // The rows are memoised (HitOption), so they get one callback for every render, which opens
  // with this render's lines and text.
  const latestOpenHit = useRef(openHit);
  useLayoutEffect(() => {
    latestOpenHit.current = openHit;
  });
  const openHitAt = useCallback((index: number) => latestOpenHit.current(index), []);
  // A row opens once it is the current text's: the copy's lines come first, the service's with the whole answer.
  const canOpen = (index: number) => wholeCurrent || (copyCurrent && index < lines.length);
  // Enter before the text's own results came waits for them, then opens the chosen row of those.
  const [openWhenCurrent, setOpenWhenCurrent] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: acts once, when the current results arrive
  useEffect(() => {
    if (!openWhenCurrent || showingRecent) return;
    if (whole.isError && !copyCurrent) setOpenWhenCurrent(false);
    else if (canOpen(active)) {
      setOpenWhenCurrent(false);
      openHit(active);
    }
  }, [openWhenCurrent, current, wholeCurrent, lines, whole.isError, showingRecent]);
  const choose = (index: number) => {
    if (showingRecent) {
      const search = savedList[index];
      if (search) {
        savedActions.open.mutate(search.id);
        loadSavedSearch(search);
        return;
      }
      const again = recents[index - savedList.length];
      if (again) setText(again);
    } else if (canOpen(index)) openHit(index);
    else setOpenWhenCurrent(true);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (count === 0) return;
      setActive((current) => (current + (event.key === 'ArrowDown' ? 1 : -1) + count) % count);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(active);
    } else if (event.key === 'Delete' && showingRecent && savedList[active]) {
      event.preventDefault();
      savedActions.remove.mutate(savedList[active].id);
    } else if (event.key === 's' && (event.ctrlKey || event.metaKey) && !showingRecent) {
      event.preventDefault();
      setNaming(true);
    }
  };
  const optionId = (index: number) => `${ids.list}-option-${index}`;
  const failed = whole.isError && !copyCurrent;
  const coverage = !first || !current ? null : coverageWords(first, askingService, whole.isError ? whole.error : null);
  let row = 0;

  return (
    <div className="palette-body">
      <label htmlFor={ids.input} className="visually-hidden">
        Search every transcript
      </label>
      <input
        id={ids.input}
        className="palette-input"
        type="text"
        role="combobox"
        aria-expanded={count > 0}
        aria-controls={ids.list}
        aria-activedescendant={count > 0 ? optionId(active) : undefined}
        aria-autocomplete="list"
        aria-describedby={coverage ? `${ids.status} ${ids.coverage}` : ids.status}
        placeholder="Search what was said in every call…"
        maxLength={SEARCH_MAX_QUERY_LENGTH}
        autoComplete="off"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="palette-filters">
        <label htmlFor={ids.call}>Call</label>
        <select id={ids.call} value={videoId} onChange={(event) => setVideoId(event.target.value)}>
          <option value="">All calls</option>
          {videoId && !calls.data?.data.some((video) => video.id === videoId) && (
            <option value={videoId}>The saved search’s call</option>
          )}
          {calls.data?.data.map((video) => (
            <option key={video.id} value={video.id}>
              {video.title || 'Untitled call'}
            </option>
          ))}
        </select>
        <label htmlFor={ids.deal}>Deal</label>
        <select id={ids.deal} value={dealId} onChange={(event) => setDealId(event.target.value)}>
          <option value="">All deals</option>
          {dealId && !deals.data?.data.some((deal) => deal.id === dealId) && (
            <option value={dealId}>The saved search’s deal</option>
          )}
          {deals.data?.data.map((deal) => (
            <option key={deal.id} value={deal.id}>
              {deal.title ?? 'Untitled deal'}
            </option>
          ))}
        </select>
        {!showingRecent && !naming && (
          <button type="button" className="button small" onClick={() => setNaming(true)} aria-keyshortcuts="Control+S">
            Save search…
          </button>
        )}
        <button
          type="button"
          className="button small"
          onClick={() => {
            onDone();
            navigate(paths.search({ q, deal: dealId }));
          }}
        >
          Search with filters
        </button>
      </div>
      {naming && !showingRecent && (
        <SaveSearchForm
          query={{ q, videoId: videoId || null, dealId: dealId || null }}
          save={savedActions.save}
          onDone={() => {
            setNaming(false);
            document.getElementById(ids.input)?.focus();
          }}
        />
      )}
      <p id={ids.status} className="palette-status muted small" aria-live="polite">
        {showingRecent
          ? savedList.length + recents.length > 0
            ? savedList.length > 0
              ? 'Saved and recent searches. Enter runs one; Delete removes the saved one selected.'
              : 'Recent searches'
            : 'Type to search. ↑ ↓ to move, Enter to open, Esc to close.'
          : current && lines.length === 0 && !askingService
            ? 'Nothing was said that matches.'
            : statusText(true, current, failed, first)}
      </p>
      {coverage && (
        <p id={ids.coverage} className="palette-coverage muted small">
          {coverage}
        </p>
      )}
      {failed ? (
        <ErrorState error={whole.error} onRetry={() => whole.refetch()} title="Search failed" />
      ) : (
        <div
          id={ids.list}
          ref={listRef}
          role="listbox"
          aria-label={showingRecent ? 'Saved and recent searches' : 'Matching lines'}
          aria-busy={!showingRecent && (!current || askingService)}
          className={`palette-results${current ? '' : ' stale'}`}
        >
          {showingRecent ? (
            <>
              {savedList.length > 0 && (
                <OptionGroup label="Saved searches">
                  {savedList.map((search, index) => (
                    <PaletteOption
                      key={search.id}
                      id={optionId(index)}
                      selected={index === active}
                      onChoose={() => choose(index)}
                    >
                      <SavedSearchOption search={search} />
                    </PaletteOption>
                  ))}
                </OptionGroup>
              )}
              {recents.length > 0 && (
                <OptionGroup label="Recent searches">
                  {recents.map((recentText, at) => {
                    const index = savedList.length + at;
                    return (
                      <PaletteOption
                        key={recentText}
                        id={optionId(index)}
                        selected={index === active}
                        onChoose={() => choose(index)}
                      >
                        {recentText}
                      </PaletteOption>
                    );
                  })}
                </OptionGroup>
              )}
            </>
          ) : (
            found.map((foundCall) => (
              <FoundCallGroup key={`${foundCall.source}-${foundCall.videoId}`} call={foundCall}>
                {foundCall.hits.map((hit) => {
                  const index = row++;
                  return (
                    <HitOption
                      key={hit.segmentId || `${hit.start}-${hit.text}`}
                      hit={hit}
                      index={index}
                      id={optionId(index)}
                      selected={index === active}
                      pattern={current ? pattern : null}
                      timeScale={timeScale}
                      onChoose={openHitAt}
                    />
                  );
                })}
              </FoundCallGroup>
            ))
          )}
        </div>
      )}
      {wholeCurrent && whole.hasNextPage && (
        <button
          type="button"
          className="button small show-more"
          disabled={whole.isFetchingNextPage}
          onClick={() => whole.fetchNextPage()}
        >
          {whole.isFetchingNextPage ? 'Loading more calls…' : 'Show more calls'}
        </button>
      )}
    </div>
  );
}
