import { z } from 'zod';
import { readTimestamp } from './read-timestamp';

/** `req_` + 32 lowercase hex: a UUID without dashes (interface, common conventions 5). */
export const RequestId = z.string().regex(/^req_[0-9a-f]{32}$/, 'must be req_ followed by 32 lowercase hex characters');

export const Id = z.string().min(1).max(200);

/**
 * Any RFC 3339 date-time, `Z` or an offset, with or without fractions: what the local service
 * takes in its queries (design.md) and holds its own answers to (served.ts, always UTC with `Z`).
 */
export const Timestamp = z.iso.datetime({ offset: true });

/**
 * A date-time in an answer, as a client reads it: any form ISO 8601 allows (the interface says
 * only "ISO 8601", common conventions 6), turned into RFC 3339 UTC so the app handles one form.
 */
export const ReadTimestamp = z.string().transform((value, ctx) => {
  const read = readTimestamp(value);
  if (read === null) ctx.issues.push({ code: 'custom', message: 'must be an ISO 8601 date-time', input: value });
  return read ?? z.NEVER;
});

/** `close_date` is a date-time in the interface; a service may send a bare calendar date (`2026-06-30`). */
export const DateOrDateTime = z.union([ReadTimestamp, z.iso.date()]);

/**
 * A list inside a record whose presence the interface does not fix: missing or null reads as
 * empty, so a record without it is still a record.
 */
export function listOf<T extends z.ZodType>(item: T) {
  return z.preprocess((value) => value ?? [], z.array(item));
}

/**
 * An integer query parameter that arrives as text on the wire and as a number from typed
 * callers. Only plain digits count, so `1e2`, `0x10` and ` 5` are rejected rather than guessed.
 */
export function intParam(min: number, max: number): z.ZodType<number, number | string> {
  return z.preprocess(
    (value) => (typeof value === 'string' && /^-?\d{1,16}$/.test(value) ? Number(value) : value),
    z
      .int(`must be an integer between ${min} and ${max}`)
      .min(min, `must be between ${min} and ${max}`)
      .max(max, `must be between ${min} and ${max}`),
  ) as z.ZodType<number, number | string>;
}

/** Pagination (interface, Pagination 4): 1-100, default 25. */
export const Limit = intParam(1, 100);
export const DEFAULT_LIMIT = 25;

/** Opaque; a malformed cursor is not an error, it yields the first page (Pagination 6). */
export const Cursor = z.string();

export const PageQuery = z.object({
  cursor: Cursor.optional(),
  limit: Limit.optional(),
});
export type PageQuery = z.input<typeof PageQuery>;
