/** A calendar day as a date field writes it, `2026-12-01`, where the app runs. */
export const dayOf = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** The start of the day a date field names, where the app runs; null when it names none. */
export function startOfDay(day: string): Date | null {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return null;
  const start = new Date(year, month - 1, date);
  return Number.isNaN(start.getTime()) ? null : start;
}

function daysAfter(now: Date, days: number): Date {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  day.setDate(day.getDate() + days);
  return day;
}

/**
 * The ready-made moments a warning comes back at, each the start of a day where the app runs:
 * tomorrow, and next Monday (a week on when today is a Monday: this one has begun).
 */
export function snoozeDays(now: Date): { tomorrow: Date; nextMonday: Date } {
  const untilMonday = (8 - now.getDay()) % 7 || 7;
  return { tomorrow: daysAfter(now, 1), nextMonday: daysAfter(now, untilMonday) };
}
