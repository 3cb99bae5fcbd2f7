import { z } from 'zod';
import { Id, intParam } from './primitives';

export const SEARCH_DEFAULT_LIMIT = 25;
/** interface, Limits: `limit` is 1-100 on search as on every list. */
export const SEARCH_MAX_LIMIT = 100;
/** Longer queries are refused rather than scanned; no transcript sentence is this long. */
export const SEARCH_MAX_QUERY_LENGTH = 500;

/**
 * design.md: the local service names the search text parameter `q`. The interface does not
 * show the name, so a client sends it under the name its workspace's service profile gives.
 */
export const SearchQuery = z.object({
  q: z
    .string()
    .min(1, 'must be at least 1 character')
    .max(SEARCH_MAX_QUERY_LENGTH, `must be at most ${SEARCH_MAX_QUERY_LENGTH} characters`),
  video_id: Id.optional(),
  deal_id: Id.optional(),
  limit: intParam(1, SEARCH_MAX_LIMIT).optional(),
});
export type SearchQuery = z.input<typeof SearchQuery>;

/** A hit must say which segment of which call it is, to be opened; the rest may be absent. */
export const SearchSegment = z.object({
  id: Id,
  text: z.string().nullish(),
  start: z.number().nullish(),
  end: z.number().nullish(),
  video_id: Id,
  speaker: z.string().nullish(),
  speaker_role: z.string().nullish(),
  video_title: z.string().nullish(),
  deal_id: z.string().nullish(),
});
export type SearchSegment = z.infer<typeof SearchSegment>;
