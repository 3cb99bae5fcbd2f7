import { type KeyboardEvent, useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import { humanize } from '../../shared/humanize';
import { momentLink } from '../../shared/moment-link';
import type { PrivateNote } from '../../shared/private-notes';
import { formatClock } from '../shared-ui/format';
import { Highlighted } from '../shared-ui/Highlighted';
import { useKeyShortcut } from '../shared-ui/key-shortcut';
import { copyLinkSaying, useScreenActions } from '../shared-ui/screen-actions';
import { useVirtualRows } from '../shared-ui/useVirtualRows';
import { roleClass } from './speaker-role';
import type { TranscriptFocus } from './transcript-focus';
import type { TranscriptLine, TranscriptLines } from './transcript-lines';
import { findSegmentMatches } from './transcript-lookup';

const NO_MATCHES: number[] = [];
/** A one-line row's height in px; rows are measured as they are rendered, this places the others. */
const ROW_ESTIMATE = 59;
/** `.transcript-scroll`'s height in calls.css: what the first paint fills with rows. */
const scrollerHeight = () => Math.max(360, window.innerHeight - 330);

/**
 * The whole transcript in a virtualised list: only the rows on screen exist in the DOM, so ten
 * thousand segments scroll as smoothly as ten, and the first screen is painted from the lines it
 * shows alone. Find moves between matching segments.
 */
export function Transcript({
  callId,
  transcript,
  focus,
  lineNotes,
  onCurrent,
}: {
  callId: string;
  transcript: TranscriptLines;
  focus: TranscriptFocus | null;
  /** The manager's notes on lines, by segment id, shown under each line. */
  lineNotes: ReadonlyMap<string, readonly PrivateNote[]>;
  /** The marked line changed (a jump, a find): what `N` writes a note on. */
  onCurrent: (line: TranscriptLine | null) => void;
}) {
  const scrollRef = useRef<HTMLElement>(null);
  const [find, setFind] = useState('');
  const deferredFind = useDeferredValue(find);
  // Only a find reads every line: an empty box converts none.
  const matches = useMemo(
    () => (deferredFind.trim() ? findSegmentMatches(transcript.all(), deferredFind) : NO_MATCHES),
    [transcript, deferredFind],
  );
  const [matchCursor, setMatchCursor] = useState(0);
  const [current, setCurrent] = useState<number | null>(null);
  const findId = useId();
  const [copiedId, setCopiedId] = useState<string | null>(null);
  const copyLink = async (segment: TranscriptLine) => {
    try {
      await navigator.clipboard.writeText(momentLink(callId, segment.start));
      setCopiedId(segment.id);
    } catch {
      setCopiedId(null);
    }
  };
  useEffect(() => {
    onCurrent(current !== null && current < transcript.length ? transcript.at(current) : null);
  }, [current, transcript, onCurrent]);
  useKeyShortcut('l', () => {
    if (current !== null && current < transcript.length) void copyLink(transcript.at(current));
  });
  const marked = current !== null && current < transcript.length ? transcript.at(current) : null;
  useScreenActions([
    {
      id: 'call.copy-moment-link',
      title: 'Copy a link to the marked moment',
      key: 'L',
      keywords: 'line callscope share',
      enabled: marked !== null,
      run: () => {
        if (marked)
          void copyLinkSaying(
            momentLink(callId, marked.start),
            `the moment at ${marked.start === null ? 'this line' : formatClock(marked.start)}`,
          );
      },
    },
  ]);

  const rows = useVirtualRows({
    count: transcript.length,
    estimate: ROW_ESTIMATE,
    overscan: 8,
    scrollRef,
    heightBeforeLayout: scrollerHeight,
  });
  const { scrollToIndex } = rows;

  const show = (index: number) => {
    setCurrent(index);
    scrollToIndex(index);
  };

  useEffect(() => {
    if (!focus) return;
    const index = transcript.indexOf(focus.segmentId);
    if (index < 0) return;
    setCurrent(index);
    scrollToIndex(index);
  }, [focus, transcript, scrollToIndex]);

  const step = (direction: 1 | -1) => {
    if (matches.length === 0) return;
    const next = (matchCursor + direction + matches.length) % matches.length;
    setMatchCursor(next);
    show(matches[next]!);
  };
  const onFindKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    step(event.shiftKey ? -1 : 1);
  };

  const highlight = deferredFind.trim() ? deferredFind : (focus?.highlight ?? '');
  const matchStatus = !deferredFind.trim()
    ? ''
    : matches.length === 0
      ? 'No matches'
      : matchCursor < 0
        ? `${matches.length} matching segments`
        : `${matchCursor + 1} of ${matches.length}`;
  return (
    <div className="transcript">
      <search className="find-bar" aria-label="Find in transcript">
        <label htmlFor={findId} className="visually-hidden">
          Find in transcript
        </label>
        <input
          id={findId}
          type="search"
          placeholder="Find in transcript"
          value={find}
          onChange={(event) => {
            setFind(event.target.value);
            setMatchCursor(-1);
          }}
          onKeyDown={onFindKey}
        />
        <output className="find-count muted" aria-live="polite">
          {matchStatus}
        </output>
        <button type="button" className="button small" onClick={() => step(-1)} disabled={matches.length === 0}>
          Previous
        </button>
        <button type="button" className="button small" onClick={() => step(1)} disabled={matches.length === 0}>
          Next
        </button>
      </search>
      <section
        ref={scrollRef}
        className="transcript-scroll"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        aria-label={`Transcript, ${transcript.length} segments`}
        onKeyDown={(event) => {
          // The browser's own End goes to the end of the rows estimated so far, short of the last line
          // when the rows rendered last are taller, and its Home scrolls smoothly, so rows measured on
          // the way move the scroll anchor and it stops short of the first line: these go to the line.
          const edge = { End: transcript.length - 1, Home: 0 }[event.key];
          if (edge === undefined || event.target !== event.currentTarget || event.ctrlKey || event.metaKey) return;
          event.preventDefault();
          scrollToIndex(edge);
        }}
      >
        <div className="transcript-spacer" style={{ height: rows.before }} />
        <ol className="transcript-rows">
          {Array.from({ length: rows.last - rows.first + 1 }, (_, offset) => {
            const index = rows.first + offset;
            const segment = transcript.at(index);
            return (
              <li
                key={segment.id}
                ref={rows.measureRow}
                data-index={index}
                data-segment-id={segment.id}
                aria-setsize={transcript.length}
                aria-posinset={index + 1}
                aria-current={index === current ? 'true' : undefined}
                className={`segment ${roleClass(segment.role)}`}
              >
                <span className="segment-time">{segment.start === null ? '—' : formatClock(segment.start)}</span>
                <span className="segment-speaker">
                  {segment.speaker} {segment.role && <span className="muted small">{humanize(segment.role)}</span>}
                </span>
                <span className="segment-text">
                  <Highlighted text={segment.text} query={highlight} />
                </span>
                {lineNotes.get(segment.id)?.map((note) => (
                  <p key={note.id} className="segment-note small">
                    <span className="visually-hidden">Your note: </span>
                    {note.body}
                  </p>
                ))}
                <button
                  type="button"
                  className="button small segment-link"
                  onClick={() => copyLink(segment)}
                  aria-label={`Copy link to ${segment.start === null ? 'this line' : formatClock(segment.start)}`}
                >
                  {copiedId === segment.id ? 'Copied' : 'Copy link'}
                </button>
              </li>
            );
          })}
        </ol>
        <div className="transcript-spacer" style={{ height: rows.after }} />
      </section>
    </div>
  );
}
