import { useId } from 'react';
import type { Bookmarks } from '../../shared/bookmarks';
import { BookmarkOptions } from '../bookmarks/BookmarkOptions';
import { formatDate } from '../shared-ui/format';

/** `YYYY-MM-DD` of a moment, on this machine's calendar (a date field's value). */
function localDay(iso: string): string {
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The start of a calendar day on this machine's calendar, as an instant. */
function startOfDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date).toISOString();
}

const A_DAY = 'day';

/**
 * From when the roll-up counts the deals that slipped out of a month: the start of the range, one
 * of the manager's bookmarks (my last look, last Monday 9:00, a named one, as What changed offers
 * them), or a day they pick.
 */
export function SinceControl({
  since,
  defaultSince,
  bookmarks,
  onChange,
}: {
  /** The view's since: an ISO instant, a bookmark (`last-look`, `monday`, `bookmark:<id>`), or null: `defaultSince`. */
  since: string | null;
  /** The start of the range's first month. */
  defaultSince: string;
  bookmarks: Bookmarks | undefined;
  onChange(since: string | null): void;
}) {
  const ids = { since: useId(), day: useId() };
  const isDay = since !== null && !Number.isNaN(Date.parse(since));
  const value = isDay ? A_DAY : (since ?? '');
  return (
    <div className="field">
      <label htmlFor={ids.since}>Slipped since</label>
      <select
        id={ids.since}
        value={value}
        onChange={(event) => {
          const next = event.target.value;
          onChange(next === '' ? null : next === A_DAY ? defaultSince : next);
        }}
      >
        <option value="">The range's start ({formatDate(defaultSince)})</option>
        <BookmarkOptions bookmarks={bookmarks} value={value} lastLookValue="last-look" lastLookNeedsMark />
        <option value={A_DAY}>A day…</option>
      </select>
      {isDay && (
        <>
          <label htmlFor={ids.day} className="visually-hidden">
            Slipped since the day
          </label>
          <input
            id={ids.day}
            type="date"
            value={localDay(since)}
            onChange={(event) => onChange(event.target.value ? startOfDay(event.target.value) : null)}
          />
        </>
      )}
    </div>
  );
}
