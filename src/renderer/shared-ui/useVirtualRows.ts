import {
  type RefCallback,
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { RowOffsets } from './row-offsets';

interface View {
  top: number;
  height: number;
  /** False until the scroller's own height is known; no rows beyond the view are rendered before. */
  laidOut: boolean;
}

export interface VirtualRows {
  /** The rows to render, `first` to `last` inclusive; none when `last` < `first`. */
  first: number;
  last: number;
  /** Heights of the spacers before and after the rendered rows. */
  before: number;
  after: number;
  /** Ref callback for every rendered row, which carries its index in `data-index`. */
  measureRow: RefCallback<HTMLElement>;
  /** Brings a row to the middle of the scroller (and into the page's view). */
  scrollToIndex: (index: number) => void;
}

/**
 * A list virtualised for a fast first paint. The rendered rows sit in the normal flow between two
 * spacers, so they are where they belong without being measured first: the first screen is one
 * render and one layout. Rows are measured by a ResizeObserver after layout, never by reading sizes
 * during a render, and only rows ever rendered are measured (RowOffsets). When rows above the
 * view are rendered taller or shorter than estimated, the browser's scroll anchoring keeps what is
 * on screen in place; the spacers are outside the list and out of anchoring, so they never suppress it.
 */
export function useVirtualRows({
  count,
  estimate,
  overscan,
  scrollRef,
  heightBeforeLayout,
}: {
  count: number;
  estimate: number;
  overscan: number;
  scrollRef: RefObject<HTMLElement | null>;
  /** The scroller's height as its CSS sets it, read before it is laid out; too short leaves a gap until then. */
  heightBeforeLayout: () => number;
}): VirtualRows {
  const offsets = useMemo(() => new RowOffsets(count, estimate), [count, estimate]);
  const offsetsRef = useRef(offsets);
  // Until the scroller is laid out its height is unknown: the caller's reading of its CSS stands
  // in, and none of the overscan yet (rows that only scrolling would show), so the first paint
  // renders and lays out only the rows it shows. Its observer corrects both after that paint.
  const [view, setView] = useState<View>(() => ({ top: 0, height: heightBeforeLayout(), laidOut: false }));
  const latest = useRef(view);
  const shown = useRef({ first: 0, last: -1 });
  const pending = useRef<number | null>(null);
  const atEnd = useRef(false);

  const rangeOf = useCallback(
    (rows: RowOffsets, { top, height, laidOut }: View) => {
      const beyond = laidOut ? overscan : 0;
      return {
        first: Math.max(0, rows.indexAt(top) - beyond),
        last: Math.min(rows.count - 1, rows.indexAt(top + height) + beyond),
      };
    },
    [overscan],
  );
  const { first, last } = rangeOf(offsets, view);

  // Renders again only when the rows to show change, not on every scroll event.
  const refresh = useCallback(() => {
    const next = rangeOf(offsetsRef.current, latest.current);
    if (next.first !== shown.current.first || next.last !== shown.current.last) setView(latest.current);
  }, [rangeOf]);

  const observer = useMemo(
    () =>
      new ResizeObserver((entries) => {
        const scroller = scrollRef.current;
        for (const entry of entries) {
          const height = entry.borderBoxSize[0]?.blockSize ?? entry.contentRect.height;
          if (entry.target === scroller) {
            latest.current = { top: scroller.scrollTop, height: scroller.clientHeight, laidOut: true };
          } else if (entry.target.isConnected) {
            offsetsRef.current.measure(Number((entry.target as HTMLElement).dataset.index), height);
          }
        }
        // Scrolled to the end (End, a drag to the bottom), the view stays there when the last rows
        // turn out taller than estimated, rather than stopping short of the last line.
        if (atEnd.current && scroller) scroller.scrollTop = scroller.scrollHeight;
        refresh();
      }),
    [scrollRef, refresh],
  );
  useEffect(() => {
    const scroller = scrollRef.current;
    if (!scroller) return;
    observer.observe(scroller);
    const onScroll = () => {
      latest.current = { ...latest.current, top: scroller.scrollTop };
      atEnd.current = scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1;
      refresh();
    };
    scroller.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      scroller.removeEventListener('scroll', onScroll);
      observer.disconnect();
    };
  }, [scrollRef, observer, refresh]);

  const measureRow = useCallback<RefCallback<HTMLElement>>(
    (row) => {
      if (!row) return;
      observer.observe(row);
      return () => observer.unobserve(row);
    },
    [observer],
  );

  // A row asked for is rendered by now: centre it by where it really is, which the estimate only approached.
  useLayoutEffect(() => {
    offsetsRef.current = offsets;
    shown.current = { first, last };
    const scroller = scrollRef.current;
    const index = pending.current;
    pending.current = null;
    const row = index === null ? null : scroller?.querySelector<HTMLElement>(`[data-index="${index}"]`);
    if (!scroller || !row) return;
    scroller.scrollTop = row.offsetTop + row.offsetHeight / 2 - scroller.clientHeight / 2;
    // The list scrolls inside its card; the page scrolls too when the row is still below the fold.
    row.scrollIntoView({ block: 'nearest' });
    latest.current = { top: scroller.scrollTop, height: scroller.clientHeight, laidOut: true };
    refresh();
  });

  const scrollToIndex = useCallback(
    (index: number) => {
      const scroller = scrollRef.current;
      const rows = offsetsRef.current;
      if (!scroller || index < 0 || index >= rows.count) return;
      pending.current = index;
      scroller.scrollTop = rows.start(index) + rows.size(index) / 2 - scroller.clientHeight / 2;
      latest.current = { top: scroller.scrollTop, height: scroller.clientHeight, laidOut: true };
      // A new view object renders even when the rows stay, so the layout effect can centre the row.
      setView({ ...latest.current });
    },
    [scrollRef],
  );

  return {
    first,
    last,
    before: offsets.start(first),
    after: last < first ? 0 : offsets.total() - offsets.start(last + 1),
    measureRow,
    scrollToIndex,
  };
}
