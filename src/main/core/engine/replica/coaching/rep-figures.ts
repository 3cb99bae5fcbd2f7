import type { CallFigures, FigureMedians, RepCall, RepFigures, RepFiguresParams } from '../../../../../shared/bridge';
import { callStatistics, type StatisticsLine } from '../../../../../shared/call-statistics';
import { segmentTimeScale } from '../../../../../shared/segment-time';
import type { ReplicaDatabase } from '../replica-db';
import { COUNTED_CALL, callOwners } from './call-owners';

interface WindowCall {
  id: string;
  title: string | null;
  created_at: string | null;
  created_ms: number;
  deal_id: string | null;
  deal_title: string | null;
  duration_seconds: number | null;
  held: number;
  first_rowid: number | null;
  last_rowid: number | null;
}

interface HeldLine {
  text: string;
  start: number | null;
  end: number | null;
  speaker: string | null;
  speaker_role: string | null;
}

const isSellerSide = (role: string | null) => role?.trim().toUpperCase() === 'SELLER';

/**
 * A call's figures from its lines (docs/coaching.md, "The figures"), by the call page's rules
 * (shared/call-statistics.ts) for the seller side: lines whose role is SELLER in any case. Times
 * are read in seconds, or milliseconds recognised by size as on the call page.
 */
export function callFigures(held: readonly HeldLine[], durationSeconds: number | null): CallFigures {
  let latest = 0;
  for (const line of held) latest = Math.max(latest, line.start ?? 0, line.end ?? 0);
  const scale = segmentTimeScale([latest], durationSeconds);
  const lines: StatisticsLine[] = held.map((line) => ({
    text: line.text,
    start: line.start === null ? null : line.start * scale,
    end: line.end === null ? null : line.end * scale,
    speaker: line.speaker?.trim() || 'Unknown speaker',
    role: line.speaker_role,
  }));
  const stats = callStatistics(lines);
  let [spoken, sellerSpoken] = [0, 0];
  const sellers = new Set<string>();
  for (const line of lines) {
    if (line.start === null || line.end === null) continue;
    const seconds = Math.max(0, line.end - line.start);
    spoken += seconds;
    if (isSellerSide(line.role)) {
      sellerSpoken += seconds;
      sellers.add(line.speaker);
    }
  }
  const sellerQuestions = [...stats.questionsBySide.entries()]
    .filter(([role]) => isSellerSide(role))
    .reduce((sum, [, count]) => sum + count, 0);
  return {
    talkShare: spoken > 0 ? sellerSpoken / spoken : null,
    longestMonologue:
      sellers.size > 0 ? Math.max(...[...sellers].map((name) => stats.longestMonologue.get(name)!)) : null,
    questions: sellers.size > 0 ? sellerQuestions : null,
    switchesPerMinute: stats.switchesPerMinute,
  };
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const figureNames = ['talkShare', 'longestMonologue', 'questions', 'switchesPerMinute'] as const;

/** Each figure's median over the calls that have it, and how many calls had a transcript to give one. */
export function medians(figures: readonly CallFigures[]): FigureMedians {
  const of = (name: (typeof figureNames)[number]) =>
    median(figures.flatMap((figure) => (figure[name] === null ? [] : [figure[name]])));
  return {
    calls: figures.length,
    talkShare: of('talkShare'),
    longestMonologue: of('longestMonologue'),
    questions: of('questions'),
    switchesPerMinute: of('switchesPerMinute'),
  };
}

/**
 * A rep's calls of the weeks asked for, with their figures, against the team's: every call of
 * the period attributed to a member (the rep's included). Each figure is a median over calls; a
 * week's, over that week's calls. Calls whose transcript the copy does not hold are listed, and
 * counted nowhere.
 */
export function repFigures(db: ReplicaDatabase, { memberId, weeks }: RepFiguresParams): Omit<RepFigures, 'copy'> {
  const [from, to] = [weeks[0]!, weeks.at(-1)!];
  const calls = db
    .prepare<[number, number], WindowCall>(
      `SELECT c.id, c.title, c.created_at, c.created_ms, c.deal_id, d.title AS deal_title, c.duration_seconds,
         h.video_id IS NOT NULL AS held, s.first_rowid, s.last_rowid
       FROM calls c
       LEFT JOIN deals d ON d.id = c.deal_id AND d.body IS NOT NULL
       LEFT JOIN transcripts_held h ON h.video_id = c.id
       LEFT JOIN segment_spans s ON s.video_id = c.id
       WHERE ${COUNTED_CALL} AND c.created_ms >= ? AND c.created_ms < ?
       ORDER BY c.created_ms DESC, c.id DESC`,
    )
    .all(from, to);
  const owners = callOwners(
    db,
    calls.map((call) => call.id),
  );
  const linesOf = db.prepare<[number, number], HeldLine>(
    'SELECT text, start, "end", speaker, speaker_role FROM segments WHERE rowid BETWEEN ? AND ? ORDER BY rowid',
  );
  const weekOf = (at: number) => weeks.findLastIndex((start) => start <= at);
  const byWeek = weeks.slice(0, -1).map(() => ({ rep: [] as CallFigures[], team: [] as CallFigures[] }));
  const [repCalls, rep, team]: [RepCall[], CallFigures[], CallFigures[]] = [[], [], []];

  for (const call of calls) {
    const owner = owners.get(call.id);
    if (!owner?.memberId) continue;
    const lined = call.first_rowid !== null && call.last_rowid !== null;
    const figures = lined ? callFigures(linesOf.all(call.first_rowid!, call.last_rowid!), call.duration_seconds) : null;
    const ours = owner.memberId === memberId;
    if (figures) {
      team.push(figures);
      byWeek[weekOf(call.created_ms)]!.team.push(figures);
      if (ours) {
        rep.push(figures);
        byWeek[weekOf(call.created_ms)]!.rep.push(figures);
      }
    }
    if (ours) {
      repCalls.push({
        id: call.id,
        title: call.title,
        createdAt: call.created_at,
        dealId: call.deal_id,
        dealTitle: call.deal_title,
        rule: owner.rule,
        transcript: lined ? 'held' : call.held ? 'none' : 'missing',
        figures,
      });
    }
  }
  return {
    calls: repCalls,
    rep: medians(rep),
    team: medians(team),
    weeks: byWeek.map((week, index) => ({ start: weeks[index]!, rep: medians(week.rep), team: medians(week.team) })),
  };
}
