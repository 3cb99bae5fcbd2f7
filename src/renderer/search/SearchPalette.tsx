import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { SEARCH_MAX_LIMIT, SEARCH_MAX_QUERY_LENGTH } from '../../shared/api';
import { matchesText, mayHaveMore } from '../../shared/match-count';
import { call, holdBackgroundCalls } from '../api';
import { navigate } from '../navigation/router';
import { paths } from '../navigation/routes';
import { Dialog } from '../shared-ui/Dialog';
import { ErrorState } from '../shared-ui/ErrorState';
import { UnreadableNotice } from '../shared-ui/UnreadableNotice';
import { useUiStore } from '../state/ui-store';
import { HitOption } from './HitOption';
import { OptionGroup } from './OptionGroup';
import { PaletteOption } from './PaletteOption';
import { recentSearchKeys, searchQueries } from './queries';
import { SavedSearchOption } from './SavedSearchOption';
import { SaveSearchForm } from './SaveSearchForm';
import { savedSearchQueries, useSavedSearchActions } from './saved-searches';
import { loadSavedSearch, useSearchBox } from './search-store';
import './search.css';

/** Asked for explicitly: the interface does not say how many search gives by default. */
const FIRST_RESULTS = 25;

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

function PaletteBody({ onDone, timeScale }: { onDone: () => void; timeScale: number }) {
  // The screen under the palette's backdrop reads its items once the palette closes: on the
  // Pipeline of the `large` profile each keystroke's search otherwise met their answers on the
  // service, in the host and on the page's thread.
  useEffect(() => holdBackgroundCalls(), []);
  const { text, videoId, dealId, setText, setVideoId, setDealId } = useSearchBox();
  // No debounce: every keystroke asks at once, and the search it makes stale is cancelled (queries.ts).
  const q = text.trim();
  const filters = { q, ...(videoId ? { video_id: videoId } : {}), ...(dealId ? { deal_id: dealId } : {}) };
  // "Show more" holds for the search it was asked on; a new text or filter starts with the first results again.
  const [moreFor, setMoreFor] = useState<string | null>(null);
  const filtersKey = JSON.stringify(filters);
  const params = { ...filters, limit: moreFor === filtersKey ? SEARCH_MAX_LIMIT : FIRST_RESULTS };
  const results = useQuery(searchQueries.results(params));
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
  const ids = { input: useId(), list: useId(), call: useId(), deal: useId(), status: useId() };

  const showingRecent = q === '';
  // Results of an earlier text stay in view, busy and unhighlighted, until the text now in the box has its own.
  const current = !showingRecent && results.isSuccess && !results.isPlaceholderData;
  const hits = showingRecent ? [] : (results.data?.data ?? []);
  const recents = showingRecent ? (recent.data ?? []) : [];
  const savedList = showingRecent ? (saved.data ?? []) : [];
  // With an empty box the list offers the saved searches first, then the recent ones.
  const count = showingRecent ? savedList.length + recents.length : hits.length;

  // Each new result set starts at its first row.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the results change, not on each render
  useEffect(() => setActive(0), [results.data, showingRecent]);
  // A saved search deleted from under the selection leaves it on the row that took its place.
  if (active > 0 && active >= count) setActive(count - 1);

  useEffect(() => {
    listRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  });

  const openHit = (index: number) => {
    const hit = hits[index];
    if (!hit) return;
    remember.mutate(q);
    onDone();
    navigate(paths.call(hit.video_id, { segmentId: hit.id, highlight: q }));
  };
  // The rows are memoised (HitOption), so they get one callback for every render, which opens
  // with this render's hits and text.
  const latestOpenHit = useRef(openHit);
  useLayoutEffect(() => {
    latestOpenHit.current = openHit;
  });
  const openHitAt = useCallback((index: number) => latestOpenHit.current(index), []);
  const listedDates = useMemo(
    () =>
      new Map(calls.data?.data.flatMap((video) => (video.created_at ? [[video.id, video.created_at] as const] : []))),
    [calls.data],
  );
  // Enter before the text's own results came waits for them, then opens the chosen row of those.
  const [openWhenCurrent, setOpenWhenCurrent] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: acts once, when the current results arrive
  useEffect(() => {
    if (!openWhenCurrent || showingRecent) return;
    if (results.isError) setOpenWhenCurrent(false);
    else if (current) {
      setOpenWhenCurrent(false);
      openHit(active);
    }
  }, [openWhenCurrent, current, results.isError, showingRecent]);
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
    } else if (current) openHit(index);
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
  const meta = results.data?.meta;
  const moreMayMatch = meta !== undefined && mayHaveMore(meta, hits.length);

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
        aria-describedby={ids.status}
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
          : !current && !results.isError
            ? 'Searching…'
            : meta
              ? `${matchesText(meta, hits.length)}${moreMayMatch && hits.length >= SEARCH_MAX_LIMIT ? '; narrow the search to see the rest' : ''}`
              : ''}
      </p>
      {!showingRecent && moreMayMatch && hits.length < SEARCH_MAX_LIMIT && moreFor !== filtersKey && (
        <button type="button" className="button small show-more" onClick={() => setMoreFor(filtersKey)}>
          Show more (up to {SEARCH_MAX_LIMIT})
        </button>
      )}
      {!showingRecent && <UnreadableNotice answers={[results.data]} />}
      {results.isError && !showingRecent ? (
        <ErrorState error={results.error} onRetry={() => results.refetch()} title="Search failed" />
      ) : (
        <div
          id={ids.list}
          ref={listRef}
          role="listbox"
          aria-label={showingRecent ? 'Saved and recent searches' : 'Matching segments'}
          aria-busy={!showingRecent && !current}
          className={`palette-results${results.isPlaceholderData ? ' stale' : ''}`}
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
            hits.map((hit, index) => (
              <HitOption
                key={hit.id}
                hit={hit}
                index={index}
                id={optionId(index)}
                selected={index === active}
                highlight={current ? q : ''}
                listed={calls.isPending ? undefined : listedDates}
                timeScale={timeScale}
                onChoose={openHitAt}
              />
            ))
          )}
        </div>
      )}
    </div>
  );
}
