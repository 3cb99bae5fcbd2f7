import { z } from 'zod';
import { Id, intParam } from './primitives';

export const SEARCH_DEFAULT_LIMIT = 25;
/** Longer queries are refused rather than scanned; no transcript sentence is this long. */
export const SEARCH_MAX_QUERY_LENGTH = 500;

/** design.md: the search text parameter is `q`. */
export const SearchQuery = z.object({
  q: z
    .string()
    .min(1, 'must be at least 1 character')
    .max(SEARCH_MAX_QUERY_LENGTH, `must be at most ${SEARCH_MAX_QUERY_LENGTH} characters`),
  video_id: Id.optional(),
  deal_id: Id.optional(),
  limit: intParam(1, 100).optional(),
});
export type SearchQuery = z.input<typeof SearchQuery>;

export const SearchSegment = z.object({
  id: Id,
  text: z.string(),
  start: z.number().nonnegative(),
  end: z.number().nonnegative(),
  video_id: z.string(),
  speaker: z.string(),
  speaker_role: z.string(),
  video_title: z.string(),
  deal_id: z.string().nullable(),
});
export type SearchSegment = z.infer<typeof SearchSegment>;
