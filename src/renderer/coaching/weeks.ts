/** How many weeks a rep's page weighs: the current one and the seven before it. */
export const REP_WEEKS = 8;

/**
 * Where each of the last `count` weeks starts, Monday at midnight where the app runs (the current
 * week last), and where the current one ends: `count + 1` instants, as the engine's figures ask.
 */
export function lastWeeks(now: number, count = REP_WEEKS): number[] {
  const monday = new Date(now);
  monday.setHours(0, 0, 0, 0);
  monday.setDate(monday.getDate() - ((monday.getDay() + 6) % 7));
  return Array.from({ length: count + 1 }, (_, index) => {
    const start = new Date(monday);
    start.setDate(monday.getDate() + (index - count + 1) * 7);
    return start.getTime();
  });
}
