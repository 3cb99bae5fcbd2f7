import type { Db } from '../db/database';
import { scanNewestCalls } from './newest-calls-scan';
import { type IndexLookup, KEY_SPAN, newestMatches } from './newest-matches';
import type { ResultRow } from './scan-match';
import { splitCount } from './split-count';
import { statement } from './statement-cache';

/**
 * How the first page of an organisation-wide search is found; the tests force each way. Up to
 * `sparseMatches` matches, every match is read and sorted. When the page should fill within
 * `denseCalls` calls, the newest calls are scanned (up to twice that many). Otherwise the index
 * is read from the newest segments down, `firstStep` matches first (newest-matches.ts).
 */
export interface SearchTuning {
  sparseMatches: number;
  denseCalls: number;
  firstStep: number;
  /** From how many indexed rowids an organisation's long needles are counted in two threads (split-count.ts). */
  splitFrom: number;
}
export const defaultTuning: SearchTuning = { sparseMatches: 300, denseCalls: 8, firstStep: 64, splitFrom: 100_000 };

/** Needles up to this many characters are counted from search_gram_counts (migrations 6 and 7). */
const COUNTED_MAX_LENGTH = 4;
/** Needles up to this many characters are words of the short-substring index (migration 6). */
const SHORT_MAX_LENGTH = 2;
/** Longer needles are phrases of substrings of this many characters (migration 8). */
const LONG_WORD_LENGTH = 5;

const slotOf = 'SELECT slot FROM search_org_slots WHERE org_id = ?';
const countedSegments = 'SELECT segments FROM search_gram_counts WHERE slot = @slot AND gram = @needle';
// Rowid bounds are cast: a JavaScript number binds as REAL, and FTS5 seeks to integer bounds only.
const phraseMatches = (table: IndexLookup['table']) => `SELECT count(*) FROM ${table}
  WHERE ${table} MATCH @match AND rowid BETWEEN CAST(@from AS INTEGER) AND CAST(@to AS INTEGER)`;
const indexedRowid = (table: IndexLookup['table'], order: 'ASC' | 'DESC') => `SELECT rowid FROM ${table}
  WHERE rowid BETWEEN CAST(@base AS INTEGER) AND CAST(@base AS INTEGER) + ${KEY_SPAN - 1} ORDER BY rowid ${order} LIMIT 1`;
const searchableCalls = `SELECT count(*) FROM videos WHERE org_id = ? AND status != 'DELETED'`;

/**
 * An organisation-wide search. `total_matches` of a needle of 1-4 characters is one counter; a
 * longer needle is counted by its index. A needle of 1-2 characters is one word of the
 * short-substring index, one of 3-4 a phrase of trigrams, a longer one a phrase of 5-character
 * substrings, whose entries are far fewer than the trigrams' for a needle of common words.
 */
export function searchIndex(
  db: Db,
  orgId: string,
  needle: string,
  limit: number,
  tuning: SearchTuning,
): { rows: ResultRow[]; total: number; split: boolean } {
  const slot = statement(db, slotOf, 'pluck').get(orgId) as number | undefined;
  if (slot === undefined) return { rows: [], total: 0, split: false };
  const base = slot * KEY_SPAN;
  const characters = [...needle];
  const length = characters.length;
  const lookup = indexLookup(needle, characters);
  const { total, split } =
    length <= COUNTED_MAX_LENGTH
      ? {
          total: (statement(db, countedSegments, 'pluck').get({ slot, needle }) as number | undefined) ?? 0,
          split: false,
        }
      : countPhrase(db, lookup, base, tuning.splitFrom);
  if (total === 0) return { rows: [], total, split };
  if (total <= tuning.sparseMatches) return { rows: newestMatches(db, lookup, base, limit, total + 1), total, split };
  const calls = statement(db, searchableCalls, 'pluck').get(orgId) as number;
  const dense = limit * calls <= total * tuning.denseCalls;
  const scanned = dense ? scanNewestCalls(db, orgId, needle, limit, tuning.denseCalls * 2) : null;
  return { rows: scanned ?? newestMatches(db, lookup, base, limit, tuning.firstStep), total, split };
}

const hexWord = (text: string) => Buffer.from(text).toString('hex');

/** Where a folded needle (and its `characters`) is found, and how (the indexes of migrations 5, 6 and 8). */
function indexLookup(needle: string, characters: readonly string[]): IndexLookup {
  if (characters.length <= SHORT_MAX_LENGTH) return { table: 'transcript_search_short', match: `"${hexWord(needle)}"` };
  if (characters.length < LONG_WORD_LENGTH) {
    return { table: 'transcript_search', match: `"${needle.replaceAll('"', '""')}"` };
  }
  const words = Array.from({ length: characters.length - LONG_WORD_LENGTH + 1 }, (_, at) =>
    hexWord(characters.slice(at, at + LONG_WORD_LENGTH).join('')),
  );
  return { table: 'transcript_search_long', match: `"${words.join(' ')}"` };
}

/**
 * The segments of the organisation at `base` matching a phrase, counted in two threads at once
 * when its index spans `splitFrom` rowids or more: a needle made of the commonest substrings
 * (` the `) walks hundreds of thousands of entries (docs/decisions/service.md, "Search: needles of 5
 * characters or more are phrases of 5-character substrings").
 */
function countPhrase(
  db: Db,
  { table, match }: IndexLookup,
  base: number,
  splitFrom: number,
): { total: number; split: boolean } {
  const from = statement(db, indexedRowid(table, 'ASC'), 'pluck').get({ base }) as number | undefined;
  if (from === undefined) return { total: 0, split: false };
  const to = statement(db, indexedRowid(table, 'DESC'), 'pluck').get({ base }) as number;
  if (to - from < splitFrom) {
    return { total: statement(db, phraseMatches(table), 'pluck').get({ match, from, to }) as number, split: false };
  }
  return { total: splitCount(db, phraseMatches(table), { match }, from, to), split: true };
}
