import { describe, expect, it } from 'vitest';
import { EXPORT_EXTENSIONS, exportFileName, fileDate, hasExportExtension, isSafeFileName } from './export-file-name';

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

  it('drop bidi controls, marks and zero-width characters, which change how a name reads unseen', () => {
    expect(name('Acme\u202Egnp.exe')).toBe('Acmegnp.exe 2026-03-04 transcript.md');
    for (const invisible of [
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u202E',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
    ]) {
      expect(name(`Q3${invisible} plan`)).toBe('Q3 plan 2026-03-04 transcript.md');
    }
    for (const invisible of ['\u200E', '\u200F', '\u061C', '\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF']) {
      expect(name(`Q3${invisible}plan`)).toBe('Q3plan 2026-03-04 transcript.md');
    }
  });

  it('turn C1 control characters into spaces, as C0 ones', () => {
    expect(name('first\u0085second\u009Bthird\u0080')).toBe('first second third 2026-03-04 transcript.md');
  });

  it('read "Call" when the title is missing or nothing of it is left', () => {
    expect(name(null)).toBe('Call 2026-03-04 transcript.md');
    expect(name('///')).toBe('Call 2026-03-04 transcript.md');
    expect(name('\u202E\u200B\u0085 \u2066.')).toBe('Call 2026-03-04 transcript.md');
  });

  it('are made only with an export’s extension', () => {
    for (const extension of EXPORT_EXTENSIONS)
      expect(name('Acme', 'transcript', extension)).toMatch(/\.(md|txt|vtt|csv|html)$/);
    expect(() => name('Acme', 'transcript', 'exe')).toThrow(/not an export/);
    expect(() => name('Acme', 'transcript', 'htm')).toThrow(/not an export/);
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
    expect(isSafeFileName('.bashrc')).toBe(false);
    expect(isSafeFileName('')).toBe(false);
  });

  it('are not safe with anything invisible or a C1 control character in them', () => {
    for (const character of [
      '\u202E',
      '\u2066',
      '\u200F',
      '\u061C',
      '\u200B',
      '\u2060',
      '\uFEFF',
      '\u0085',
      '\u009F',
    ]) {
      expect(isSafeFileName(`Acme${character} transcript.md`)).toBe(false);
    }
  });

  it('end in an export’s extension, in lower case', () => {
    for (const good of ['a.md', 'a.txt', 'a b.vtt', 'a.b.csv', 'a review pack.html'])
      expect(hasExportExtension(good)).toBe(true);
    for (const bad of ['no-extension', 'a.exe', 'a.htm', 'a.HTML', 'a.MD', 'a.md.sh', 'a.', '.md', 'md']) {
      expect(hasExportExtension(bad)).toBe(false);
    }
  });

  it('date a call by its calendar day in the given zone', () => {
    expect(fileDate('2026-03-04T23:30:00Z', 'UTC')).toBe('2026-03-04');
    expect(fileDate('2026-03-04T23:30:00Z', 'Asia/Tokyo')).toBe('2026-03-05');
    expect(fileDate('not a date')).toBeNull();
    expect(fileDate(null)).toBeNull();
  });
});
