import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { SavedSearch } from '../../shared/bridge';
import { navigate } from '../navigation/router';
import { paths } from '../navigation/routes';
import { newMatchesBadge } from '../search/new-matches';
import { OptionGroup } from '../search/OptionGroup';
import { PaletteOption } from '../search/PaletteOption';
import { savedSearchQueries, useSavedSearchActions } from '../search/saved-searches';
import { loadSavedSearch, useSearchBox } from '../search/search-store';
import { Dialog } from '../shared-ui/Dialog';
import { actionsOnOffer, useActionRegistrations } from '../shared-ui/screen-actions';
import { useUiStore } from '../state/ui-store';
import {
  actionItems,
  emptyPaletteItems,
  type PaletteItem,
  type PaletteItemKind,
  rankItems,
  recordItems,
} from './palette-items';
import { recentPaletteIds, rememberPaletteId } from './palette-recents';
import { paletteQueries } from './queries';
import './palette.css';

/** `Ctrl K` / ⌘K: every action of the screen on view and of the app, and the records of the local copy, by typed text. */
export function CommandPalette({ workspaceId }: { workspaceId: string }) {
  const open = useUiStore((state) => state.paletteOpen);
  const close = useUiStore((state) => state.closePalette);
  return (
    <Dialog open={open} onClose={close} title="Go to or do anything" className="command-palette">
      <PaletteBody workspaceId={workspaceId} onDone={close} />
    </Dialog>
  );
}

const kindWords: Record<PaletteItemKind, string> = {
  'screen-action': 'This screen',
  action: 'Action',
  deal: 'Deal',
  call: 'Call',
  rep: 'Rep',
  'saved-search': 'Saved search',
  tracker: 'Tracker',
};

function PaletteBody({ workspaceId, onDone }: { workspaceId: string; onDone: () => void }) {
  const [text, setText] = useState('');
  // Read at the opening, and again if a screen mounting meanwhile (the window just started) offers its own.
  const registrations = useActionRegistrations();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the registrations are what actionsOnOffer reads
  const actions = useMemo(() => actionItems(actionsOnOffer()), [registrations]);
  const [recentIds] = useState(() => recentPaletteIds(workspaceId));
  const records = useQuery(paletteQueries.records());
  const saved = useQuery(savedSearchQueries.list());
  const markSeen = useSavedSearchActions().open.mutate;
  const openSearch = useUiStore((state) => state.openSearch);
  const recordRows = useMemo(
    () =>
      records.data
        ? recordItems(records.data, {
            go: navigate,
            paths,
            runSavedSearch: (search: SavedSearch) => {
              markSeen(search.id);
              loadSavedSearch(search);
              openSearch();
            },
          })
        : [],
    [records.data, markSeen, openSearch],
  );
  const everything = useMemo(() => [...actions, ...recordRows], [actions, recordRows]);
  const q = text.trim();
  const sections: { label: string; items: PaletteItem[] }[] = useMemo(() => {
    if (q === '') {
      const empty = emptyPaletteItems(recentIds, everything);
      // The top bar's one button opens this palette: transcript search is offered first, with the saved searches' news.
      const searchRow = everything.find((item) => item.id === 'action:search-transcripts');
      const news = newMatchesBadge(saved.data);
      return [
        {
          label: 'Search',
          items: searchRow ? [{ ...searchRow, detail: news ? `${news} new in saved searches` : undefined }] : [],
        },
        { label: 'Recent', items: empty.recent.filter((item) => item !== searchRow) },
        { label: 'On this screen', items: empty.screen },
      ].filter((section) => section.items.length > 0);
    }
    const search: PaletteItem = {
      id: 'search-transcripts',
      kind: 'action',
      title: `Search transcripts for “${q}”`,
      key: '/',
      run: () => searchTranscripts(q),
    };
    return [{ label: 'Matches', items: [...rankItems(q, everything), search] }];
  }, [q, everything, recentIds, saved.data]);
  const rows = sections.flatMap((section) => section.items);
  const [active, setActive] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first row is selected again for each text
  useEffect(() => setActive(0), [q]);
  if (active > 0 && active >= rows.length) setActive(Math.max(rows.length - 1, 0));
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    listRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  });
  const ids = { input: useId(), list: useId(), status: useId() };
  const optionId = (index: number) => `${ids.list}-option-${index}`;

  const choose = (item: PaletteItem | undefined) => {
    if (!item) return;
    if (item.id !== 'search-transcripts') rememberPaletteId(workspaceId, item.id);
    onDone();
    item.run();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (rows.length === 0) return;
      setActive((current) => (current + (event.key === 'ArrowDown' ? 1 : -1) + rows.length) % rows.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(rows[active]);
    }
  };

  let index = 0;
  return (
    <div className="palette-body">
      <label htmlFor={ids.input} className="visually-hidden">
        Action, screen or record
      </label>
      <input
        id={ids.input}
        className="palette-input"
        type="text"
        role="combobox"
        aria-expanded={rows.length > 0}
        aria-controls={ids.list}
        aria-activedescendant={rows.length > 0 ? optionId(active) : undefined}
        aria-autocomplete="list"
        aria-describedby={ids.status}
        placeholder="Type an action, a screen, a deal, a call, a rep, a tracker…"
        autoComplete="off"
        maxLength={200}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <p id={ids.status} className="palette-status muted small" aria-live="polite">
        {statusLine(q, rows.length, records.data)}
      </p>
      <div id={ids.list} ref={listRef} role="listbox" aria-label="Actions and records" className="command-results">
        {sections.map((section) => (
          <OptionGroup key={section.label} label={section.label} heading={q === ''}>
            {section.items.map((item) => {
              const at = index++;
              return (
                <PaletteOption key={item.id} id={optionId(at)} selected={at === active} onChoose={() => choose(item)}>
                  <span className="command-row">
                    <span className="command-title">{item.title}</span>
                    {item.detail && <span className="muted small">{item.detail}</span>}
                    <span className="command-kind muted small">{kindWords[item.kind]}</span>
                    {item.key && <kbd className="command-key">{item.key}</kbd>}
                  </span>
                </PaletteOption>
              );
            })}
          </OptionGroup>
        ))}
      </div>
    </div>
  );
}

/** The transcript search (`/`) with the palette's text in its box. */
function searchTranscripts(q: string): void {
  useSearchBox.getState().setText(q);
  useUiStore.getState().openSearch();
}

function statusLine(q: string, count: number, records: { from: 'copy' | 'none'; capped: boolean } | undefined): string {
  const copy =
    records?.from === 'none'
      ? ' Deals, calls, reps and trackers are found in the local copy, which is off or cannot be read.'
      : records?.capped
        ? ' Only the newest deals and calls of the local copy are found here.'
        : '';
  if (q === '')
    return `Type to find an action, a screen or a record. ↑ ↓ to move, Enter to do it, Esc to close.${copy}`;
  // The last row always searches transcripts for the text.
  return `${count - 1 === 0 ? 'Nothing matches; Enter searches transcripts' : `${count - 1} matching`}.${copy}`;
}
