/**
 * Locale-aware formatting. `locale` is undefined in the app (the user's own locale) and fixed
 * in tests, so every screen formats numbers, dates and durations the same way.
 */

const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

/** One formatter per locale and options: building one costs far more than using it, and a screen formats hundreds. */
function cached<F extends Intl.NumberFormat | Intl.DateTimeFormat>(key: unknown[], make: () => F): F {
  const id = JSON.stringify(key);
  let format = formatters.get(id);
  if (!format) {
    format = make();
    formatters.set(id, format);
  }
  return format as F;
}

const numberFormat = (locale: string | undefined, options: Intl.NumberFormatOptions) =>
  cached(['number', locale, options], () => new Intl.NumberFormat(locale, options));
const dateFormat = (locale: string | undefined, options: Intl.DateTimeFormatOptions) =>
  cached(['date', locale, options], () => new Intl.DateTimeFormat(locale, options));

/**
 * A forecast amount in the reader's locale. The interface gives no currency: with the one the
 * workspace names (ISO 4217) it reads as money (`€86,500`), without one as a grouped number.
 */
export function formatAmount(amount: number | null | undefined, locale?: string, currency?: string | null): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '—';
  const options: Intl.NumberFormatOptions = currency
    ? { style: 'currency', currency, maximumFractionDigits: 0 }
    : { maximumFractionDigits: 0 };
  return numberFormat(locale, options).format(amount);
}

const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date-time in the reader's zone (`timeZone` is fixed in tests). A bare calendar date (a
 * `close_date` a service may send as `2026-06-30`) is that day wherever the reader is: read as
 * UTC midnight and shown in UTC, rather than shown as the day before west of Greenwich.
 */
export function formatDate(iso: string | null | undefined, locale?: string, timeZone?: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  const zone = BARE_DATE.test(iso) ? 'UTC' : timeZone;
  return dateFormat(locale, { dateStyle: 'medium', timeZone: zone }).format(date);
}

export function formatDateTime(iso: string | null | undefined, locale?: string, timeZone?: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
}

/** Transcript timestamps and call lengths: `m:ss`, or `h:mm:ss` from an hour on. */
export function formatClock(totalSeconds: number): string {
  const whole = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const seconds = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** A count, grouped as the reader's locale groups digits: `2,467`. */
export function formatCount(value: number, locale?: string): string {
  return numberFormat(locale, {}).format(value);
}

/** A rate or ratio with one decimal: `4.2`; "—" when there is none. */
export function formatDecimal(value: number | null | undefined, locale?: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return numberFormat(locale, { maximumFractionDigits: 1 }).format(value);
}

export function formatPercent(value: number | null | undefined, locale?: string): string {
  if (value === null || value === undefined) return '—';
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(value / 100);
}

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** A size in the reader's locale and decimal units, as file managers show them: `4.2 MB`, `512 kB`. */
export function formatBytes(bytes: number, locale?: string): string {
  let unit = 0;
  let value = Math.max(0, bytes);
  while (value >= 1000 && unit < BYTE_UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return numberFormat(locale, {
    style: 'unit',
    unit: BYTE_UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 && unit > 0 ? 1 : 0,
  }).format(value);
}

export function formatElapsed(milliseconds: number): string {
  return formatClock(milliseconds / 1000);
}

/**
 * Builds the formatters the screens use. Loading the locale's number and date data takes tens of
 * milliseconds the first time; done while the app is idle, the first long transcript does not pay it.
 */
export function prepareFormatters(): void {
  formatPercent(0);
  formatDecimal(0);
  formatCount(0);
  formatAmount(0);
  formatDate('2026-01-01');
  formatDateTime('2026-01-01T00:00:00Z');
}

/** How long ago, in the calm words of a status line: "just now", "2 min ago", "3 h ago", "4 days ago". */
export function formatAgo(iso: string, now: number = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - new Date(iso).getTime()) / 1000));
  if (Number.isNaN(seconds) || seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} days ago`;
}
