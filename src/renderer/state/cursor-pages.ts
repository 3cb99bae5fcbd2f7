/** A page of a cursor list as the bridge gives it (interface, Pagination). */
interface CursorPage {
  data: readonly { id?: unknown }[];
  meta: { next_cursor?: string | null };
}

/**
 * The most pages any list is read to: 20,000 records at the interface's largest page. A list longer
 * than that is shown as far as it was read, its counts as "at least".
 */
export const MAX_PAGES = 200;

/**
 * The next page's cursor for every cursor list: the service's, passed back verbatim; none when the
 * list ended (null) or when it goes round, which a service that nobody here wrote may do (a
 * cursor given before, or a page of nothing the earlier pages lacked), or past `MAX_PAGES`. Without
 * this, a list whose `next_cursor` never ends is read for as long as the screen is open.
 */
export function nextCursor(
  last: CursorPage,
  pages: readonly CursorPage[],
  _lastCursor: unknown,
  cursors: readonly unknown[],
): string | undefined {
  const next = last.meta.next_cursor;
  if (!next || cursors.includes(next) || pages.length >= MAX_PAGES) return undefined;
  const seen = new Set(pages.slice(0, -1).flatMap((page) => page.data.map((record) => record.id)));
  return pages.length > 1 && last.data.every((record) => seen.has(record.id)) ? undefined : next;
}

/**
 * Every record of the pages read, each once: a list that went round (its last page read again
 * records of earlier ones) must not show or count a record twice.
 */
export function recordsOf<T extends { id?: unknown }>(pages: readonly { data: readonly T[] }[]): T[] {
  const seen = new Set<unknown>();
  return pages.flatMap((page) => page.data.filter((record) => !seen.has(record.id) && seen.add(record.id)));
}

/** True when the list was read to the end the service gave; false when reading stopped short of it. */
export function listEnded(pages: readonly CursorPage[]): boolean {
  return !pages.at(-1)?.meta.next_cursor;
}

/**
 * The pace of loops that read every page of a list (a status's totals, calls sorted by a column):
 * ten pages at once, then four a second, shared by every such loop on screen. A list the local
 * copy holds is read at once; one the service pages slowly, or without end, costs it a few
 * requests a second, not thousands a minute.
 */
const BURST = 10;
const PER_SECOND = 4;
let tokens = BURST;
let filledAt = 0;

/** How long to wait before the next page of a read-every-page loop (0: now); takes its slot. */
export function waitForPageSlot(now: number = Date.now()): number {
  tokens = Math.min(BURST, tokens + ((now - filledAt) / 1000) * PER_SECOND);
  filledAt = now;
  tokens -= 1;
  return tokens >= 0 ? 0 : Math.ceil((-tokens / PER_SECOND) * 1000);
}
