import { z } from 'zod';
/**
 * The service mints request ids as `RequestId` (primitives.ts); a reader needs only the text to
 * show and copy, so any string is read. An empty one means the answer carried none.
 */
export const Meta = z.object({ request_id: z.string() });

/** Paginated collections (interface, Collection meta). */
export const PageMeta = Meta.extend({
  has_more: z.boolean(),
  next_cursor: z.string().nullable(),
});
export type PageMeta = z.infer<typeof PageMeta>;

/**
 * A count a client cannot believe (negative, a fraction, text, missing) is read as unknown
 * (null), never at the cost of the hits beside it; screens then say only what the hits prove.
 */
export const SearchMeta = Meta.extend({
  total_matches: z.int().nonnegative().nullish().catch(null),
  truncated: z.boolean().nullish().catch(null),
});
export type SearchMeta = z.infer<typeof SearchMeta>;

export function dataEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ data, meta: Meta });
}

export function pageEnvelope<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: PageMeta });
}

export function searchEnvelope<T extends z.ZodType, M extends z.ZodType = typeof SearchMeta>(item: T, meta?: M) {
  return z.object({ data: z.array(item), meta: (meta ?? SearchMeta) as M });
}

export interface Page<T> {
  data: T[];
  meta: PageMeta;
}
