import type { CallFigures } from '../../../../../shared/bridge';
import { callStatistics, type StatisticsLine } from '../../../../../shared/call-statistics';
import { segmentTimeScale } from '../../../../../shared/segment-time';
import type { ReplicaDatabase } from '../replica-db';

/** A transcript line as the copy holds it. */
export interface HeldLine {
  text: string;
  start: number | null;
  end: number | null;
  speaker: string | null;
  speaker_role: string | null;
}

/** A call's figures in its transcript's own unit of time, with the latest time it gives (to tell the unit by). */
export interface RawFigures extends CallFigures {
  latest: number;
}

const isSellerSide = (role: string | null) => role?.trim().toUpperCase() === 'SELLER';

/**
 * A call's figures from its lines (docs/coaching.md, "The figures"), by the call page's rules
 * (shared/call-statistics.ts) for the seller side: lines whose role is SELLER in any case. In the
 * transcript's unit: monologues scale with it and switches per minute against it, so the unit can
 * be told later, when the call's length is known (`scaledFigures`).
 */
export function rawFigures(held: readonly HeldLine[]): RawFigures {
  let latest = 0;
  const lines: StatisticsLine[] = held.map((line) => {
    latest = Math.max(latest, line.start ?? 0, line.end ?? 0);
    return {
      text: line.text,
      start: line.start,
      end: line.end,
      speaker: line.speaker?.trim() || 'Unknown speaker',
      role: line.speaker_role,
    };
  });
  const stats = callStatistics(lines);
  let [spoken, sellerSpoken] = [0, 0];
  const sellers = new Set<string>();
  for (const line of lines) {
    if (line.start === null || line.end === null) continue;
    const time = Math.max(0, line.end - line.start);
    spoken += time;
    if (isSellerSide(line.role)) {
      sellerSpoken += time;
      sellers.add(line.speaker);
    }
  }
  const sellerQuestions = [...stats.questionsBySide.entries()]
    .filter(([role]) => isSellerSide(role))
    .reduce((sum, [, count]) => sum + count, 0);
  return {
    latest,
    talkShare: spoken > 0 ? sellerSpoken / spoken : null,
    longestMonologue:
      sellers.size > 0 ? Math.max(...[...sellers].map((name) => stats.longestMonologue.get(name)!)) : null,
    questions: sellers.size > 0 ? sellerQuestions : null,
    switchesPerMinute: stats.switchesPerMinute,
  };
}

/** The figures in seconds: the unit told as the call page tells it, by times far past the call's length. */
export function scaledFigures(raw: RawFigures, durationSeconds: number | null): CallFigures {
  const scale = segmentTimeScale([raw.latest], durationSeconds);
  return {
    talkShare: raw.talkShare,
    longestMonologue: raw.longestMonologue === null ? null : raw.longestMonologue * scale,
    questions: raw.questions,
    switchesPerMinute: raw.switchesPerMinute === null ? null : raw.switchesPerMinute / scale,
  };
}

export const callFigures = (held: readonly HeldLine[], durationSeconds: number | null): CallFigures =>
  scaledFigures(rawFigures(held), durationSeconds);

/**
 * Keeps `call_figures` in step with the transcript lines held: written with the lines, in the
 * same transaction, so a rep's page reads one row per call instead of every line of it.
 */
export function callFiguresWriter(db: ReplicaDatabase) {
  const clear = db.prepare<[string]>('DELETE FROM call_figures WHERE video_id = ?');
  const insert = db.prepare(
    `INSERT INTO call_figures (video_id, latest, talk_share, longest_monologue, questions, switches_per_minute)
     VALUES (@videoId, @latest, @talkShare, @longestMonologue, @questions, @switchesPerMinute)`,
  );
  return (videoId: string, lines: readonly HeldLine[]) => {
    clear.run(videoId);
    if (lines.length > 0) insert.run({ videoId, ...rawFigures(lines) });
  };
}

/** Fills `call_figures` for every transcript the copy holds lines of (a copy from before it). */
export function fillCallFigures(db: ReplicaDatabase): void {
  const write = callFiguresWriter(db);
  const lines = db.prepare<[number, number], HeldLine>(
    'SELECT text, start, "end", speaker, speaker_role FROM segments WHERE rowid BETWEEN ? AND ? ORDER BY rowid',
  );
  const spans = db
    .prepare<[], { video_id: string; first_rowid: number; last_rowid: number }>('SELECT * FROM segment_spans')
    .all();
  for (const span of spans) write(span.video_id, lines.all(span.first_rowid, span.last_rowid));
}
