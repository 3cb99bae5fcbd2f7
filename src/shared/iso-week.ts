const DAY_MS = 86_400_000;

/**
 * The ISO 8601 week an instant falls in, in UTC: weeks start on Monday, and week 1 is the one
 * holding the year's first Thursday, so 31 Dec can be week 1 of the next year and 1 Jan week 52
 * or 53 of the one before. `start`: that Monday at 00:00 UTC.
 */
export function isoWeek(ms: number): { key: string; start: number } {
  const day = Math.floor(ms / DAY_MS) * DAY_MS;
  const weekday = (new Date(day).getUTCDay() + 6) % 7;
  const start = day - weekday * DAY_MS;
  const thursday = new Date(start + 3 * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS)) + 1;
  return { key: `${year}-W${String(week).padStart(2, '0')}`, start };
}

/** The Monday a week later. */
export const nextWeekStart = (start: number) => start + 7 * DAY_MS;
