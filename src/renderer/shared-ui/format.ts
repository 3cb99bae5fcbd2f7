/**
 * Locale-aware formatting. `locale` is undefined in the app (the user's own locale) and fixed
 * in tests, so every screen formats numbers, dates and durations the same way.
 */

export function formatAmount(amount: number | null | undefined, locale?: string): string {
  if (amount === null || amount === undefined) return '—';
  // The interface gives no currency, so the amount is a plain grouped number.
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(amount);
}

export function formatDate(iso: string | null | undefined, locale?: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
}

export function formatDateTime(iso: string | null | undefined, locale?: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** Transcript timestamps and call lengths: `m:ss`, or `h:mm:ss` from an hour on. */
export function formatClock(totalSeconds: number): string {
  const whole = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const seconds = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

export function formatPercent(value: number | null | undefined, locale?: string): string {
  if (value === null || value === undefined) return '—';
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(value / 100);
}

/** SCREAMING_SNAKE enum values from the service read as words: `ON_HOLD` → `On hold`. */
export function humanize(value: string): string {
  const words = value.replaceAll('_', ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function formatElapsed(milliseconds: number): string {
  return formatClock(milliseconds / 1000);
}
