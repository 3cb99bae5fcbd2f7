import { describe, expect, it } from 'vitest';
import { formatAgo, formatAmount, formatBytes, formatClock, formatDate, formatPercent } from './format';

describe('formatting', () => {
  it('groups amounts by the locale and shows a dash for no amount', () => {
    expect(formatAmount(1234567, 'en-US')).toBe('1,234,567');
    expect(formatAmount(1234567, 'de-DE')).toBe('1.234.567');
    expect(formatAmount(null, 'en-US')).toBe('—');
    expect(formatAmount(86500, 'en-US', 'EUR')).toBe('€86,500');
    expect(formatAmount(86500, 'de-DE', 'EUR')).toBe('86.500\u00a0€');
    expect(formatAmount(86500, 'ja-JP', 'JPY')).toBe('￥86,500');
  });

  it('formats a close date in the locale and ignores unparsable dates', () => {
    expect(formatDate('2026-03-05T12:00:00Z', 'en-US')).toBe('Mar 5, 2026');
    expect(formatDate('not a date', 'en-US')).toBe('—');
  });

  it('shows a bare calendar date as that day in any timezone, and a date-time in the reader’s', () => {
    // West of Greenwich, UTC midnight is still the day before.
    expect(formatDate('2026-06-30', 'en-US', 'America/Los_Angeles')).toBe('Jun 30, 2026');
    expect(formatDate('2026-06-30T02:00:00Z', 'en-US', 'America/Los_Angeles')).toBe('Jun 29, 2026');
  });

  it('writes call positions as m:ss below an hour and h:mm:ss above', () => {
    expect(formatClock(65.9)).toBe('1:05');
    expect(formatClock(3725)).toBe('1:02:05');
    expect(formatClock(-3)).toBe('0:00');
  });

  it('shows a 0-100 probability as a whole percentage', () => {
    expect(formatPercent(42.4, 'en-US')).toBe('42%');
    expect(formatPercent(null, 'en-US')).toBe('—');
  });

  it('says how long ago in minutes, hours, then days', () => {
    const now = Date.parse('2026-03-05T12:00:00Z');
    expect(formatAgo('2026-03-05T11:59:30Z', now)).toBe('just now');
    expect(formatAgo('2026-03-05T11:58:00Z', now)).toBe('2 min ago');
    expect(formatAgo('2026-03-05T09:00:00Z', now)).toBe('3 h ago');
    expect(formatAgo('2026-03-01T12:00:00Z', now)).toBe('4 days ago');
  });

  it('writes sizes in decimal units with one decimal below ten', () => {
    expect(formatBytes(0, 'en-US')).toBe('0 byte');
    expect(formatBytes(999, 'en-US')).toBe('999 byte');
    expect(formatBytes(4_200_000, 'en-US')).toBe('4.2 MB');
    expect(formatBytes(512_000, 'en-US')).toBe('512 kB');
    expect(formatBytes(1_234_000_000, 'de-DE')).toBe('1,2\u00a0GB');
  });
});
