import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import { humanize } from '../../shared/humanize';
import { momentLink } from '../../shared/moment-link';
import { formatClock } from '../shared-ui/format';
import { Highlighted } from '../shared-ui/Highlighted';
import { useKeyShortcut } from '../shared-ui/key-shortcut';
import { roleClass } from './speaker-role';
import type { TranscriptFocus } from './transcript-focus';
import type { TranscriptLine } from './transcript-lines';
import { findSegmentMatches } from './transcript-lookup';

/**
 * The whole transcript in a virtualised list: only the rows on screen exist in the DOM, so ten
 * thousand segments scroll as smoothly as ten. Find moves between matching segments.
 */
export function Transcript({
  callId,
  segments,
  focus,
}: {
  callId: string;
  segments: TranscriptLine[];
  focus: TranscriptFocus | null;
}) {
  const scrollRef = useRef<HTMLElement>(null);
  const [find, setFind] = useState('');
  const deferredFind = useDeferredValue(find);
  const matches = useMemo(() => findSegmentMatches(segments, deferredFind), [segments, deferredFind]);
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
  useKeyShortcut('l', () => {
    const segment = current === null ? undefined : segments[current];
    if (segment) void copyLink(segment);
  });

  const virtualizer = useVirtualizer({
    count: segments.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 64,
    overscan: 8,
  });

  const show = (index: number) => {
    setCurrent(index);
    virtualizer.scrollToIndex(index, { align: 'center' });
  };

  useEffect(() => {
    if (!focus) return;
    const index = segments.findIndex((segment) => segment.id === focus.segmentId);
    if (index < 0) return;
    setCurrent(index);
    virtualizer.scrollToIndex(index, { align: 'center' });
    // The list scrolls inside its card; the page scrolls too when the line is still below the fold.
    const frame = requestAnimationFrame(() =>
      scrollRef.current?.querySelector(`[data-index="${index}"]`)?.scrollIntoView({ block: 'nearest' }),
    );
    return () => cancelAnimationFrame(frame);
  }, [focus, segments, virtualizer]);

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
        aria-label={`Transcript, ${segments.length} segments`}
      >
        <ol className="transcript-rows" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((row) => {
            const segment = segments[row.index]!;
            return (
              <li
                key={segment.id}
                ref={virtualizer.measureElement}
                data-index={row.index}
                data-segment-id={segment.id}
                aria-setsize={segments.length}
                aria-posinset={row.index + 1}
                aria-current={row.index === current ? 'true' : undefined}
                className={`segment ${roleClass(segment.role)}`}
                style={{ transform: `translateY(${row.start}px)` }}
              >
                <span className="segment-time">{segment.start === null ? '—' : formatClock(segment.start)}</span>
                <span className="segment-speaker">
                  {segment.speaker} {segment.role && <span className="muted small">{humanize(segment.role)}</span>}
                </span>
                <span className="segment-text">
                  <Highlighted text={segment.text} query={highlight} />
                </span>
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
      </section>
    </div>
  );
}
