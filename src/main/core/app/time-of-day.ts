import type { QuietHours, TimeOfDay } from '../../../shared/notification-rules';

/** Local time of day on the machine's clock: the manager picks "8:30" where they are. */
const minutesOf = (time: TimeOfDay) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

function atTimeOn(day: number, time: TimeOfDay): number {
  const moment = new Date(day);
  moment.setHours(0, minutesOf(time), 0, 0);
  return moment.getTime();
}

/** The first moment after `now` that is `time` local time. */
export function nextTimeOfDay(now: number, time: TimeOfDay): number {
  const today = atTimeOn(now, time);
  if (today > now) return today;
  const tomorrow = new Date(today);
  tomorrow.setDate(tomorrow.getDate() + 1);
  return atTimeOn(tomorrow.getTime(), time);
}

/** The last moment at or before `now` that was `time` local time. */
export function lastTimeOfDay(now: number, time: TimeOfDay): number {
  const today = atTimeOn(now, time);
  if (today <= now) return today;
  const yesterday = new Date(today);
  yesterday.setDate(yesterday.getDate() - 1);
  return atTimeOn(yesterday.getTime(), time);
}

/** Whether `now` falls in quiet hours (from included, to excluded; from after to spans midnight; equal: none). */
export function inQuietHours(now: number, quiet: QuietHours | null): boolean {
  if (!quiet || quiet.from === quiet.to) return false;
  const date = new Date(now);
  const minute = date.getHours() * 60 + date.getMinutes();
  const [from, to] = [minutesOf(quiet.from), minutesOf(quiet.to)];
  return from < to ? minute >= from && minute < to : minute >= from || minute < to;
}
