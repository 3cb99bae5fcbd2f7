/**
 * ISO 8601 date-times in any of the forms the standard allows, read into the one form the app
 * works with: RFC 3339 in UTC, `YYYY-MM-DDTHH:MM:SS.sss…Z` (what `Date.parse`, sorting and the
 * replica's instants expect). The interface says only "ISO 8601 date-time" (common conventions 6).
 *
 * Read: calendar (`2024-02-01`, `20240201`), ordinal (`2024-032`) and week (`2024-W05-4`) dates;
 * `T`, `t` or a space; hours, hours and minutes, or hours, minutes and seconds, extended
 * (`10:15:00`) or basic (`101500`), the last with a fraction of any length after `.` or `,`;
 * `24:00` as the end of the day; a leap second; `Z`, `z`, `±hh:mm`, `±hhmm` or `±hh`, with `−`
 * (U+2212) as a minus. A time without a zone is read as UTC, the one reading an API's clock allows.
 */

const DATE = /^(\d{4})(?:-(\d{2})-(\d{2})|(\d{2})(\d{2})|-(\d{3})|(\d{3})|-W(\d{2})-(\d)|W(\d{2})(\d))[Tt ](.+)$/;
const TIME = /^(\d{2})(?::?(\d{2})(?::?(\d{2}))?)?(?:[.,](\d+))?(Z|z|[+\-−]\d{2}(?::?\d{2})?)?$/;
const OFFSET = /^([+\-−])(\d{2}):?(\d{2})?$/;

const DAY_MS = 86_400_000;
const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const daysIn = (year: number, month: number) =>
  month === 2 ? (isLeap(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;

/** Midnight UTC of a day, for any year 0-9999 (Date.UTC reads 0-99 as 1900-1999); `month` from 1. */
function midnight(year: number, month: number, day: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getTime();
}

/** ISO weeks: week 1 holds the year's first Thursday; a year has 53 when it starts on one (or, leap, on a Wednesday). */
function weekDate(year: number, week: number, weekday: number): number | null {
  const jan1Weekday = new Date(midnight(year, 1, 1)).getUTCDay() || 7;
  const weeks = jan1Weekday === 4 || (jan1Weekday === 3 && isLeap(year)) ? 53 : 52;
  if (week < 1 || week > weeks || weekday < 1 || weekday > 7) return null;
  const firstMonday = midnight(year, 1, jan1Weekday <= 4 ? 2 - jan1Weekday : 9 - jan1Weekday);
  return firstMonday + ((week - 1) * 7 + weekday - 1) * DAY_MS;
}

/** Midnight UTC of the date, or null when no such day exists. */
function dayOf(match: RegExpExecArray): number | null {
  const year = Number(match[1]);
  const month = match[2] ?? match[4];
  const day = match[3] ?? match[5];
  if (month !== undefined && day !== undefined) {
    const m = Number(month);
    const d = Number(day);
    if (m < 1 || m > 12 || d < 1 || d > daysIn(year, m)) return null;
    return midnight(year, m, d);
  }
  const ordinal = match[6] ?? match[7];
  if (ordinal !== undefined) {
    const n = Number(ordinal);
    if (n < 1 || n > (isLeap(year) ? 366 : 365)) return null;
    return midnight(year, 1, n);
  }
  return weekDate(year, Number(match[8] ?? match[10]), Number(match[9] ?? match[11]));
}

function offsetMinutes(zone: string | undefined): number | null {
  if (zone === undefined || zone === 'Z' || zone === 'z') return 0;
  const match = OFFSET.exec(zone);
  if (!match) return null;
  const hours = Number(match[2]);
  const minutes = Number(match[3] ?? 0);
  if (hours > 23 || minutes > 59) return null;
  return (match[1] === '+' ? 1 : -1) * (hours * 60 + minutes);
}

/**
 * The instant as RFC 3339 UTC, or null when the text is not an ISO 8601 date-time or names no
 * real moment (a 30th of February, 25:00). A fraction of a second keeps its digits (at least
 * three, so a whole second reads `.000`, as the local service writes it); a fraction of an hour
 * or a minute is turned into milliseconds.
 */
export function readTimestamp(text: string): string | null {
  if (text.length > 64) return null;
  const date = DATE.exec(text.trim());
  if (!date) return null;
  const time = TIME.exec(date[12]!);
  const day = dayOf(date);
  if (!time || day === null) return null;
  const [, hh, mm, ss, fraction, zone] = time;
  const hours = Number(hh);
  const minutes = Number(mm ?? 0);
  const seconds = Number(ss ?? 0);
  const offset = offsetMinutes(zone);
  if (offset === null || minutes > 59 || seconds > 60) return null;
  if (hours > 24 || (hours === 24 && (minutes > 0 || seconds > 0 || /[1-9]/.test(fraction ?? '')))) return null;

  // A fraction belongs to the last unit given. Of a second, its digits are kept (cut to
  // milliseconds for the instant, so the two agree); of a minute or an hour, it becomes milliseconds.
  const ofSecond = ss !== undefined ? (fraction ?? '').replace(/0+$/, '') : '';
  const unitMs = mm === undefined ? 3_600_000 : 60_000;
  const fractionMs =
    ss !== undefined ? Number(ofSecond.padEnd(3, '0').slice(0, 3)) : Math.round(Number(`0.${fraction ?? 0}`) * unitMs);
  const instant = day + ((hours * 60 + minutes - offset) * 60 + seconds) * 1000 + fractionMs;
  const iso = new Date(instant).toISOString();
  if (!/^\d{4}-/.test(iso)) return null;
  return `${iso.slice(0, 20)}${ofSecond.length > 3 ? ofSecond : iso.slice(20, 23)}Z`;
}
