/** What the date inputs hold: `YYYY-MM-DD` or empty. */
export interface DateRangeInput {
  from: string;
  to: string;
}

export type DateRangeCheck =
  | { ok: true; created_after?: string; created_before?: string }
  | { ok: false; field: 'from' | 'to'; message: string };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Local midnight of a calendar day, or null when the text is not a real date. */
function startOfDay(text: string): Date | null {
  const match = DAY.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  const real = date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
  return real && year >= 1970 ? date : null;
}

/**
 * Checks the range before anything is sent, and turns inclusive calendar days into the
 * interface's strict bounds (design.md: `created_after` / `created_before` are > and <):
 * from day D means after the last millisecond before D, to day D means before the next day.
 */
export function checkDateRange({ from, to }: DateRangeInput): DateRangeCheck {
  const start = from ? startOfDay(from) : undefined;
  if (start === null) return { ok: false, field: 'from', message: 'Enter a real date, like 2026-03-31.' };
  const end = to ? startOfDay(to) : undefined;
  if (end === null) return { ok: false, field: 'to', message: 'Enter a real date, like 2026-03-31.' };
  if (start && end && start > end) return { ok: false, field: 'to', message: 'The end date is before the start date.' };
  const range: { ok: true; created_after?: string; created_before?: string } = { ok: true };
  if (start) range.created_after = new Date(start.getTime() - 1).toISOString();
  if (end) {
    const nextDay = new Date(end.getFullYear(), end.getMonth(), end.getDate() + 1);
    range.created_before = nextDay.toISOString();
  }
  return range;
}
