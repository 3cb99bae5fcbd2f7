import type { TrackerCall, TrackerReport } from '../../shared/trackers';

/** A row of the tracker's tables: a week, a rep or a deal, and its calls with a mention. */
export interface TrackerGroup {
  /** `week:2026-W01`, `rep:<member id>` (`rep:` alone: unattributed), `deal:<deal id>`. */
  key: string;
  calls: TrackerCall[];
  mentions: number;
}

export type GroupKind = 'week' | 'rep' | 'deal';

const keyOf: Record<GroupKind, (call: TrackerCall) => string | null> = {
  week: (call) => (call.week === null ? null : `week:${call.week}`),
  rep: (call) => `rep:${call.memberId ?? ''}`,
  deal: (call) => (call.dealId === null ? null : `deal:${call.dealId}`),
};

/** The calls with a mention grouped by week, rep or deal: the most mentions first (weeks in order). */
export function trackerGroups(report: TrackerReport, kind: GroupKind): TrackerGroup[] {
  const groups = new Map<string, TrackerGroup>();
  for (const call of report.calls) {
    const key = keyOf[kind](call);
    if (key === null) continue;
    const group = groups.get(key) ?? { key, calls: [], mentions: 0 };
    group.calls.push(call);
    group.mentions += call.mentions;
    groups.set(key, group);
  }
  const list = [...groups.values()];
  return kind === 'week'
    ? list.sort((a, b) => a.key.localeCompare(b.key))
    : list.sort((a, b) => b.mentions - a.mentions || a.key.localeCompare(b.key));
}

/** The calls of one group, as Enter on its row lists them. */
export function callsOfGroup(report: TrackerReport, key: string): TrackerCall[] {
  const kind = key.slice(0, key.indexOf(':')) as GroupKind;
  const pick = keyOf[kind];
  return pick ? report.calls.filter((call) => pick(call) === key) : [];
}

/**
 * Each week's mentions per call searched here (the chart's line), and its mentions by rep (the
 * bars): the copy's calls and the service's alike. `reps`: the reps drawn, the most mentions first.
 */
export function chartWeeks(report: TrackerReport): { rows: Record<string, number | string | null>[]; reps: string[] } {
  const reps = trackerGroups(report, 'rep').map((group) => group.key);
  const byWeek = new Map<string, Record<string, number>>();
  for (const call of report.calls) {
    if (call.week === null) continue;
    const week = byWeek.get(call.week) ?? {};
    const rep = keyOf.rep(call)!;
    week[rep] = (week[rep] ?? 0) + call.mentions;
    byWeek.set(call.week, week);
  }
  const rows = report.weeks.map((week) => ({
    week: week.week,
    perCall: week.calls === 0 ? null : week.mentions / week.calls,
    ...byWeek.get(week.week),
  }));
  return { rows, reps };
}
