import { humanize } from '../../../shared/humanize';
import { oneLine } from '../../../shared/one-line';
import { formatClock } from '../../shared-ui/format';
import type { TranscriptLine } from '../transcript-lines';

/** What an export says about the call it comes from; either may be missing from a service's answer. */
export interface ExportedCall {
  title: string | null | undefined;
  /** When the call was recorded, already written for the reader; null when unknown. */
  recorded: string | null;
}

/**
 * A title, a speaker and a segment are each one line in every format: a line break of theirs would
 * start a new line, cue, heading or record, and could pass for the file's own structure.
 */
const callTitle = (call: ExportedCall) => oneLine(call.title ?? '') || 'Untitled call';
const speakerOf = (line: TranscriptLine) => oneLine(line.speaker);
const roleOf = (line: TranscriptLine) => oneLine(line.role ?? '');
const speakerWithRole = (line: TranscriptLine) =>
  roleOf(line) ? `${speakerOf(line)} (${humanize(roleOf(line))})` : speakerOf(line);
const clockOf = (seconds: number | null) => (seconds === null ? '—' : formatClock(seconds));

/** Characters that would turn a spoken sentence into Markdown markup (emphasis, links, HTML, headings, tables). */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>#|~]/g, (character) => `\\${character}`);
}

/** The title as a Markdown heading and the recording date under it; the summary export starts the same way. */
export function markdownHeader(call: ExportedCall, what: string): string[] {
  return [
    `# ${escapeMarkdown(callTitle(call))}: ${what}`,
    '',
    ...(call.recorded ? [`Recorded ${call.recorded}`, ''] : []),
  ];
}

/** `# Title: transcript`, then one paragraph per segment: `**[0:12] Ana (Seller):** text`. */
export function transcriptMarkdown(call: ExportedCall, lines: readonly TranscriptLine[]): string {
  const body = lines.map(
    (line) =>
      `**[${clockOf(line.start)}] ${escapeMarkdown(speakerWithRole(line))}:** ${escapeMarkdown(oneLine(line.text))}`,
  );
  return `${[...markdownHeader(call, 'transcript'), ...body.flatMap((paragraph) => [paragraph, ''])].join('\n').trimEnd()}\n`;
}

/** The title, then one line per segment: `[0:12] Ana (Seller): text`. */
export function transcriptPlainText(call: ExportedCall, lines: readonly TranscriptLine[]): string {
  const head = [`${callTitle(call)}: transcript`, ...(call.recorded ? [`Recorded ${call.recorded}`] : []), ''];
  const body = lines.map((line) => `[${clockOf(line.start)}] ${speakerWithRole(line)}: ${oneLine(line.text)}`);
  return `${[...head, ...body].join('\n')}\n`;
}

/** WebVTT's `hh:mm:ss.ttt`. */
export function vttTimestamp(seconds: number): string {
  const millis = Math.round(Math.max(0, seconds) * 1000);
  const hours = Math.floor(millis / 3_600_000);
  const minutes = Math.floor((millis % 3_600_000) / 60_000);
  const secs = Math.floor((millis % 60_000) / 1000);
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(hours)}:${pad(minutes)}:${pad(secs)}.${pad(millis % 1000, 3)}`;
}

/** Cue text and voice names are HTML-like in WebVTT: &, < and > must be escaped, and "-->" cannot appear. */
const vttEscape = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('-->', '--&gt;');

/**
 * One cue per segment with the speaker as its voice (`<v Ana>`). A cue needs both times and an
 * end after its start, so segments without them are left out: a subtitle file cannot place them.
 */
export function transcriptWebVtt(lines: readonly TranscriptLine[]): string {
  const cues = lines.flatMap((line) => {
    if (line.start === null || line.end === null || line.end <= line.start) return [];
    return [
      `${vttTimestamp(line.start)} --> ${vttTimestamp(line.end)}\n<v ${vttEscape(speakerOf(line))}>${vttEscape(oneLine(line.text))}`,
    ];
  });
  return `WEBVTT\n\n${cues.map((cue, index) => `${index + 1}\n${cue}`).join('\n\n')}\n`;
}

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return) as a formula,
 * and some read a leading NUL as the end of the cell and whatever follows as the next; a quote in
 * front keeps spoken words words (OWASP, CSV injection).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is one of the characters to defuse
const defuse = (text: string) => (/^[=+\-@\t\r\u0000]/.test(text) ? `'${text}` : text);
const csvCell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
const csvSeconds = (seconds: number | null) => (seconds === null ? '' : String(Math.round(seconds * 1000) / 1000));

/**
 * RFC 4180: `speaker,role,start,end,text`, times in seconds, CRLF between records. It starts with
 * a byte order mark, without which Excel reads UTF-8 names as another encoding.
 */
export function transcriptCsv(lines: readonly TranscriptLine[]): string {
  const rows = lines.map((line) =>
    [
      csvCell(defuse(speakerOf(line))),
      csvCell(defuse(roleOf(line))),
      csvSeconds(line.start),
      csvSeconds(line.end),
      csvCell(defuse(line.text)),
    ].join(','),
  );
  return `\uFEFF${['speaker,role,start,end,text', ...rows].join('\r\n')}\r\n`;
}
