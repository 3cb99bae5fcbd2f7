import { ApiError } from './api-error';

/** A walk reads at most this many pages unless told otherwise: 100 at a time, a million records. */
export const DEFAULT_MAX_PAGES = 10_000;

/** Pages in a row that bring no record not seen before, after which the walk is not going anywhere. */
const MAX_PAGES_WITHOUT_NEWS = 3;

export interface PageWalkOptions {
  /** Pages the walk may read in all; a caller that knows the list's size passes, say, twice its pages. */
  maxPages?: number;
}

export interface PageWalk {
  /**
   * Told each page as it is read (its `meta`, and its records' ids when the caller has them),
   * gives the cursor to ask for next, or null when the list ended. Throws an ApiError
   * `endless_pages` when the pages do not end: a cursor sent before, pages that bring nothing
   * new, or more pages than `maxPages`.
   */
  next(
    meta: { has_more?: boolean | null; next_cursor?: string | null; request_id?: string },
    ids?: readonly string[],
  ): string | null;
  /** Pages read so far. */
  readonly pages: number;
}

/** `requestId`: the last page's, for support. */
export function endlessPagesError(reason: string, requestId: string | null = null): ApiError {
  return new ApiError({
    code: 'endless_pages',
    message: `The service’s pages do not end (${reason}); Callscope stopped reading them.`,
    requestId,
  });
}

/**
 * The bounds of one walk through a cursor-paginated list. The interface promises that no id
 * appears on two pages and that the last page says `has_more` false, but a service that breaks
 * it (a cursor that comes back, a malformed cursor answered by the first page again, Pagination 6)
 * must not keep a loop asking for ever.
 */
export function createPageWalk(options: PageWalkOptions = {}): PageWalk {
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  const cursors = new Set<string>();
  const seen = new Set<string>();
  let pages = 0;
  let withoutNews = 0;
  return {
    next(meta, ids) {
      pages++;
      if (ids) {
        const before = seen.size;
        for (const id of ids) seen.add(id);
        withoutNews = seen.size > before ? 0 : withoutNews + 1;
      }
      const cursor = meta.has_more ? (meta.next_cursor ?? null) : null;
      if (cursor === null || cursor === '') return null;
      const requestId = meta.request_id || null;
      if (cursors.has(cursor)) throw endlessPagesError('a cursor came back', requestId);
      if (withoutNews >= MAX_PAGES_WITHOUT_NEWS)
        throw endlessPagesError(`${withoutNews} pages in a row brought nothing new`, requestId);
      if (pages >= maxPages) throw endlessPagesError(`more than ${maxPages} pages`, requestId);
      cursors.add(cursor);
      return cursor;
    },
    get pages() {
      return pages;
    },
  };
}
