import { monthStart } from '../../shared/rollup';

const formats = new Map<string, Intl.DateTimeFormat>();

/** A month in the reader's words: `Nov 2026` (short) for a column, `November 2026` for a heading. */
export function monthWords(month: string, style: 'short' | 'long' = 'short', locale?: string): string {
  const key = `${style} ${locale ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { month: style, year: 'numeric' });
    formats.set(key, format);
  }
  return format.format(monthStart(month));
}

/** A range of months in words: one month, or its first and last (`Oct – Dec 2026`). */
export function rangeWords(months: readonly string[], locale?: string): string {
  const [first, last] = [months[0], months.at(-1)];
  if (!first || !last) return '';
  if (first === last) return monthWords(first, 'long', locale);
  return `${monthWords(first, 'short', locale)} – ${monthWords(last, 'short', locale)}`;
}
