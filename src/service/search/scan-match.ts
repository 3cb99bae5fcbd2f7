import type { ServedSearchSegment } from '../../shared/api/served';
import { foldsInto } from './fold-case';

/**
 * The SQL test "segment `s` contains the folded needle" for scans. SQLite's `lower` folds ASCII
 * only, so `instr(lower(text), needle)` never gives a false match, and misses a match only where
 * the line holds a non-ASCII character that folds into one of the needle's characters (É for é,
 * K for k). Only lines holding one of those go to the exact, slower JavaScript fold, so most lines
 * never leave SQLite. A needle holding U+0000, where SQLite's text functions stop, goes to the
 * JavaScript fold alone.
 */
export function scanMatch(needle: string): { sql: string; parameters: Record<string, string> } {
  const exact = 'callscope_folded_contains(s.text, @needle)';
  if (needle.includes('\0')) return { sql: exact, parameters: { needle } };
  const unfolded = [...new Set([...needle].flatMap((character) => foldsInto(character)))];
  const parameters: Record<string, string> = { needle };
  const candidates = unfolded.map((character, index) => {
    parameters[`unfolded${index}`] = character;
    return `instr(s.text, @unfolded${index}) > 0`;
  });
  const fallback = candidates.length ? ` OR ((${candidates.join(' OR ')}) AND ${exact})` : '';
  return { sql: `(instr(lower(s.text), @needle) > 0${fallback})`, parameters };
}

/** Newest call first, then by time within the call (interface, Search); ties broken stably. */
export const searchOrder = 's.video_created_at DESC, s.video_id DESC, s.start, s.rowid';

/** The columns of a result row, with `s` the segment and `v` its video. */
export const resultColumns = `s.rowid AS rowid, s.text, s.start, s.end, s.video_id, s.speaker, s.speaker_role,
  v.title AS video_title, v.deal_id`;

export interface ResultRow extends Omit<ServedSearchSegment, 'id'> {
  rowid: number;
}
