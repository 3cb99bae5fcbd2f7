import { describe, expect, it } from 'vitest';
import { exportFileName, fileDate, isSafeFileName } from './export-file-name';

const name = (title: string | null, what = 'transcript', extension = 'md') =>
  exportFileName({ title, date: '2026-03-04', what, extension });

describe('export file names', () => {
  it('are the title, the day and what the file holds', () => {
    expect(name('Acme renewal')).toBe('Acme renewal 2026-03-04 transcript.md');
    expect(exportFileName({ title: 'Acme', date: null, what: 'transcript', extension: 'VTT' })).toBe(
      'Acme transcript.vtt',
    );
  });

  it('replace what Windows, macOS or Linux refuse, and trim dots and spaces at the ends', () => {
    expect(name('Q3: pricing / "final" <draft>?*|\\')).toBe('Q3 pricing final draft 2026-03-04 transcript.md');
    expect(name('line\nbreak\ttab\u0000nul')).toBe('line break tab nul 2026-03-04 transcript.md');
    expect(name('  ..hidden.. ')).toBe('hidden 2026-03-04 transcript.md');
  });

  it('read "Call" when the title is missing or nothing of it is left', () => {
    expect(name(null)).toBe('Call 2026-03-04 transcript.md');
    expect(name('///')).toBe('Call 2026-03-04 transcript.md');
  });

  it('never make a Windows device name', () => {
    expect(exportFileName({ title: 'con', date: null, what: '', extension: 'txt' })).toBe('_con.txt');
    expect(isSafeFileName('aux.md')).toBe(false);
  });

  it('cut a long title on a whole character to stay within 200 bytes', () => {
    const long = name('🎧'.repeat(100));
    expect(new TextEncoder().encode(long).length).toBeLessThanOrEqual(200);
    expect(long).toMatch(/^(🎧)+ 2026-03-04 transcript\.md$/u);
  });

  it('are all safe, and a path or a bare word is not', () => {
    for (const title of ['Acme', 'a/b', '  ', 'x'.repeat(400), 'Ünïcødé'])
      expect(isSafeFileName(name(title))).toBe(true);
    expect(isSafeFileName('../secrets.md')).toBe(false);
    expect(isSafeFileName('C:\\Windows\\evil.md')).toBe(false);
    expect(isSafeFileName('no-extension')).toBe(false);
    expect(isSafeFileName('.bashrc')).toBe(false);
    expect(isSafeFileName('')).toBe(false);
  });

  it('date a call by its calendar day in the given zone', () => {
    expect(fileDate('2026-03-04T23:30:00Z', 'UTC')).toBe('2026-03-04');
    expect(fileDate('2026-03-04T23:30:00Z', 'Asia/Tokyo')).toBe('2026-03-05');
    expect(fileDate('not a date')).toBeNull();
    expect(fileDate(null)).toBeNull();
  });
});
