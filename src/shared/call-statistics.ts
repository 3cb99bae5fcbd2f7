/**
 * Call statistics from the transcript alone, by the rules in docs/decisions/renderer.md ("Call statistics"):
 * only lines with both times count, taken in order of their start; a line that ends before it
 * starts counts as said in no time. The call page shows them per call; the local engine weighs a
 * rep's calls with the same rules (docs/coaching.md), so the two never differ.
 */

/** A transcript line as the statistics read it: times in seconds, the speaker's name and side as given. */
export interface StatisticsLine {
  text: string;
  start: number | null;
  end: number | null;
  speaker: string;
  role: string | null;
}

export interface CallStatistics {
  /** Seconds of each speaker's longest run of lines with no other speaker between them. */
  longestMonologue: Map<string, number>;
  /** Questions per side (the speaker role as given; null for lines without one). */
  questionsBySide: Map<string | null, number>;
  /** Changes of speaker between consecutive lines per minute of the call's span; null when it spans no time. */
  switchesPerMinute: number | null;
}

type TimedLine = StatisticsLine & { start: number; end: number };

/**
 * A question is a run of question marks ("Really?? Why?" asks two): Latin ?, fullwidth ？, Arabic ؟
 * and the Greek question mark.
 */
export function countQuestions(text: string): number {
  return text.match(/[?\uFF1F\u061F\u037E]+/g)?.length ?? 0;
}

export function callStatistics(lines: readonly StatisticsLine[]): CallStatistics {
  const timed = lines
    .filter((line): line is TimedLine => line.start !== null && line.end !== null)
    .sort((a, b) => a.start - b.start);
  const longestMonologue = new Map<string, number>();
  const questionsBySide = new Map<string | null, number>();
  let switches = 0;
  let run: { speaker: string; start: number; end: number } | null = null;

  const closeRun = () => {
    if (!run) return;
    const seconds = Math.max(0, run.end - run.start);
    longestMonologue.set(run.speaker, Math.max(longestMonologue.get(run.speaker) ?? 0, seconds));
  };
  for (const line of timed) {
    const end = Math.max(line.start, line.end);
    if (run && run.speaker === line.speaker) {
      run.end = Math.max(run.end, end);
    } else {
      if (run) switches += 1;
      closeRun();
      run = { speaker: line.speaker, start: line.start, end };
    }
    questionsBySide.set(line.role, (questionsBySide.get(line.role) ?? 0) + countQuestions(line.text));
  }
  closeRun();

  const first = timed[0]?.start;
  const last = timed.reduce((latest, line) => Math.max(latest, line.end), Number.NEGATIVE_INFINITY);
  const minutes = first === undefined ? 0 : (last - first) / 60;
  return { longestMonologue, questionsBySide, switchesPerMinute: minutes > 0 ? switches / minutes : null };
}
