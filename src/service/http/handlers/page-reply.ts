import type { Page } from '../../queries/keyset-page';

/** interface, Collection meta: has_more and next_cursor (null on the last page). */
export function pageReply<T>(page: Page<T>) {
  return { data: page.items, meta: { has_more: page.hasMore, next_cursor: page.nextCursor } };
}
