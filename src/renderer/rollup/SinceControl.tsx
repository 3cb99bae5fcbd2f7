import { useId } from 'react';

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

/**
 * From when the roll-up counts the deals that slipped out of a month: a day, from its start. Its
 * own small component on purpose: the manager's bookmarks ("my last look", named ones) take its
 * place, with the same props, when they land.
 */
export function SinceControl({
  since,
  defaultSince,
  onChange,
}: {
  /** The bookmark chosen (an ISO instant); null: `defaultSince`. */
  since: string | null;
  /** The start of the range's first month. */
  defaultSince: string;
  onChange(since: string | null): void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>Slipped since</label>
      <input
        id={id}
        type="date"
        value={localDay(since ?? defaultSince)}
        onChange={(event) => onChange(event.target.value ? startOfDay(event.target.value) : null)}
      />
    </div>
  );
}
