import { describe, expect, it } from 'vitest';
import type { TranscriptLine } from '../transcript-lines';
import {
  escapeMarkdown,
  transcriptCsv,
  transcriptMarkdown,
  transcriptPlainText,
  transcriptWebVtt,
  vttTimestamp,
} from './transcript-export';

const line = (fields: Partial<TranscriptLine>): TranscriptLine => ({
  id: 'seg',
  text: 'Hello',
  start: 0,
  end: 1,
  speaker: 'Ana',
  role: 'SELLER',
  ...fields,
});

const lines = [
  line({ id: 's1', text: 'Hi, thanks for joining.', start: 2, end: 5.25 }),
  line({
    id: 's2',
    text: 'Sure — what does it *cost*?\nPer seat?',
    start: 65.5,
    end: 3725.1,
    speaker: 'Bo',
    role: 'BUYER',
  }),
  line({ id: 's3', text: 'No times here', start: null, end: null, speaker: 'Unknown speaker', role: null }),
];
const call = { title: 'Acme <renewal>', recorded: 'Mar 4, 2026, 10:00 AM' };

describe('transcript exports', () => {
  it('Markdown: a heading, then each segment as a paragraph with its time and speaker, markup escaped', () => {
    expect(transcriptMarkdown(call, lines)).toBe(
      [
        '# Acme \\<renewal\\>: transcript',
        '',
        'Recorded Mar 4, 2026, 10:00 AM',
        '',
        '**[0:02] Ana (Seller):** Hi, thanks for joining.',
        '',
        '**[1:05] Bo (Buyer):** Sure — what does it \\*cost\\*? Per seat?',
        '',
        '**[—] Unknown speaker:** No times here',
        '',
      ].join('\n'),
    );
  });

  it('plain text: one line per segment', () => {
    expect(transcriptPlainText({ title: null, recorded: null }, lines)).toBe(
      [
        'Untitled call: transcript',
        '',
        '[0:02] Ana (Seller): Hi, thanks for joining.',
        '[1:05] Bo (Buyer): Sure — what does it *cost*? Per seat?',
        '[—] Unknown speaker: No times here',
        '',
      ].join('\n'),
    );
  });

  it('WebVTT: numbered cues with voices; segments a subtitle cannot place are left out', () => {
    expect(transcriptWebVtt([...lines, line({ text: 'a <b> & --> c', start: 9, end: 9 })])).toBe(
      [
        'WEBVTT',
        '',
        '1',
        '00:00:02.000 --> 00:00:05.250',
        '<v Ana>Hi, thanks for joining.',
        '',
        '2',
        '00:01:05.500 --> 01:02:05.100',
        '<v Bo>Sure — what does it *cost*? Per seat?',
        '',
      ].join('\n'),
    );
    expect(transcriptWebVtt([line({ text: 'a <b> & --> c', speaker: 'R&D <x>' })])).toContain(
      '<v R&amp;D &lt;x&gt;>a &lt;b&gt; &amp; --&gt; c',
    );
    expect(vttTimestamp(3723.4567)).toBe('01:02:03.457');
  });

  it('CSV: RFC 4180 quoting, seconds, a byte order mark, and no formulas', () => {
    const csv = transcriptCsv([
      ...lines,
      line({ text: '=HYPERLINK("http://x")', speaker: '+Eve', role: null, start: 1.23456, end: 2 }),
    ]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'speaker,role,start,end,text',
      'Ana,SELLER,2,5.25,"Hi, thanks for joining."',
      'Bo,BUYER,65.5,3725.1,"Sure — what does it *cost*?\nPer seat?"',
      'Unknown speaker,,,,No times here',
      `'+Eve,,1.235,2,"'=HYPERLINK(""http://x"")"`,
      '',
    ]);
  });

  describe('a title, speaker or role with line breaks of any kind stays on one line', () => {
    const breaks = ['\r', '\n', '\r\n', '\u2028', '\u2029', '\u0085'];
    const broken = breaks.map((separator, index) =>
      line({
        id: `b${index}`,
        speaker: `Ana${separator}Lima`,
        role: `SELLER${separator}LEAD`,
        start: index,
        end: index + 1,
      }),
    );
    const brokenCall = { title: `Acme${breaks.join('')}renewal`, recorded: null };
    const lineSeparators = /[\r\n\u2028\u2029\u0085]/;

    it('in Markdown and plain text: one line per segment, and the title on its own', () => {
      const markdown = transcriptMarkdown(brokenCall, broken).split('\n');
      expect(markdown[0]).toBe('# Acme renewal: transcript');
      expect(markdown.filter((text) => text.startsWith('**['))).toEqual(
        breaks.map((_, index) => `**[0:0${index}] Ana Lima (Seller lead):** Hello`),
      );
      const text = transcriptPlainText(brokenCall, broken).split('\n');
      expect(text[0]).toBe('Acme renewal: transcript');
      expect(text.slice(2, -1)).toEqual(breaks.map((_, index) => `[0:0${index}] Ana Lima (Seller lead): Hello`));
      for (const part of [...markdown, ...text]) expect(part).not.toMatch(lineSeparators);
    });

    it('in WebVTT: one voice per cue', () => {
      const cues = transcriptWebVtt(broken)
        .split('\n')
        .filter((text) => text.startsWith('<v '));
      expect(cues).toEqual(breaks.map(() => '<v Ana Lima>Hello'));
      expect(transcriptWebVtt(broken)).not.toMatch(/[\r\u2028\u2029\u0085]/);
    });

    it('in CSV: one record per segment, speaker and role unquoted', () => {
      const records = transcriptCsv(broken).slice(1).split('\r\n');
      expect(records.slice(1, -1)).toEqual(
        breaks.map((_, index) => `Ana Lima,SELLER LEAD,${index},${index + 1},Hello`),
      );
    });
  });

  it('CSV: defuses a cell that starts with NUL, as it does a formula', () => {
    const records = transcriptCsv([
      line({ speaker: '\u0000=cmd', role: '\u0000', text: '\u0000@SUM(A1)' }),
      line({ speaker: '-2', role: '@x', text: '\tTab' }),
    ])
      .slice(1)
      .split('\r\n');
    expect(records.slice(1, -1)).toEqual(["'\u0000=cmd,'\u0000,0,1,'\u0000@SUM(A1)", "'-2,'@x,0,1,'\tTab"]);
  });

  it('escapes every character that would become Markdown markup', () => {
    expect(escapeMarkdown('a_b *c* [d](e) <f> # | ~ ` \\')).toBe(
      'a\\_b \\*c\\* \\[d\\](e) \\<f\\> \\# \\| \\~ \\` \\\\',
    );
  });
});
