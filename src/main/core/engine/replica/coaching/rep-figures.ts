import type { CallFigures, FigureMedians, RepCall, RepFigures, RepFiguresParams } from '../../../../../shared/bridge';
import type { ReplicaDatabase } from '../replica-db';
import { scaledFigures } from './call-figures';
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
  latest: number | null;
  talk_share: number | null;
  longest_monologue: number | null;
  questions: number | null;
  switches_per_minute: number | null;
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
 * week's, over that week's calls; each call's figures as stored with its lines (call-figures.ts).
 * Calls whose transcript the copy does not hold are listed, and counted nowhere.
 */
export function repFigures(db: ReplicaDatabase, { memberId, weeks }: RepFiguresParams): Omit<RepFigures, 'copy'> {
  const [from, to] = [weeks[0]!, weeks.at(-1)!];
  const calls = db
    .prepare<[number, number], WindowCall>(
      `SELECT c.id, c.title, c.created_at, c.created_ms, c.deal_id, d.title AS deal_title, c.duration_seconds,
         h.video_id IS NOT NULL AS held, f.latest, f.talk_share, f.longest_monologue, f.questions,
         f.switches_per_minute
       FROM calls c
       LEFT JOIN deals d ON d.id = c.deal_id AND d.body IS NOT NULL
       LEFT JOIN transcripts_held h ON h.video_id = c.id
       LEFT JOIN call_figures f ON f.video_id = c.id
       WHERE ${COUNTED_CALL} AND c.created_ms >= ? AND c.created_ms < ?
       ORDER BY c.created_ms DESC, c.id DESC`,
    )
    .all(from, to);
  const owners = callOwners(
    db,
    calls.map((call) => call.id),
  );
  const weekOf = (at: number) => weeks.findLastIndex((start) => start <= at);
  const byWeek = weeks.slice(0, -1).map(() => ({ rep: [] as CallFigures[], team: [] as CallFigures[] }));
  const [repCalls, rep, team]: [RepCall[], CallFigures[], CallFigures[]] = [[], [], []];

  for (const call of calls) {
    const owner = owners.get(call.id);
    if (!owner?.memberId) continue;
    const lined = call.latest !== null;
    const figures = lined
      ? scaledFigures(
          {
            latest: call.latest!,
            talkShare: call.talk_share,
            longestMonologue: call.longest_monologue,
            questions: call.questions,
            switchesPerMinute: call.switches_per_minute,
          },
          call.duration_seconds,
        )
      : null;
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
