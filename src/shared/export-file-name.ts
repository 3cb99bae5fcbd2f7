/**
 * Names of exported files, safe on every OS. The renderer makes them from a call's title and
 * date; main checks a name again before it suggests it in a save dialog, so a name that reaches
 * the disk is one of these whatever the page sent.
 */

/**
 * The kinds of file Callscope writes: its exports' formats. Nothing a system would run, or open as
 * a page that runs scripts, can be written through the save dialog, whatever the page asks.
 */
export const EXPORT_EXTENSIONS = ['md', 'txt', 'vtt', 'csv', 'html'] as const;
export type ExportExtension = (typeof EXPORT_EXTENSIONS)[number];

/** Most file systems cap a name at 255 bytes; leaving room for "(1)" and the like a system may add. */
const MAX_NAME_BYTES = 200;
/**
 * Refused by Windows (and awkward everywhere): path separators, : * ? " < > |, and the C0 and C1
 * control characters (DEL between them); each becomes a space.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what must go
const FORBIDDEN = /[\\/:*?"<>|\u0000-\u001f\u007f-\u009f]/;
/**
 * Invisible characters that change how a name reads without showing: bidi controls (U+202E makes
 * `Acme\u202Etxt.exe` read `Acmeexe.txt`), marks (U+200E, U+200F, U+061C) and zero-width characters
 * (U+200B-U+200D, U+2060, U+FEFF). They are dropped.
 */
const INVISIBLE = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\u200b-\u200d\u2060\ufeff]/;
/** Windows reserves these device names with any extension, in any case. */
const RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

const isExportExtension = (extension: string): extension is ExportExtension =>
  (EXPORT_EXTENSIONS as readonly string[]).includes(extension);

const bytesOf = (text: string) => new TextEncoder().encode(text).length;

/** Cuts whole characters (never half a surrogate pair) until the text fits in `maxBytes`. */
function cutToBytes(text: string, maxBytes: number): string {
  const characters = Array.from(text);
  while (characters.length > 0 && bytesOf(characters.join('')) > maxBytes) characters.pop();
  return characters.join('');
}

/**
 * A title as part of a file name: invisible characters dropped, forbidden ones spaces, runs of
 * space one, no dots or spaces at the ends.
 */
function cleanPart(text: string): string {
  return text
    .normalize('NFC')
    .replace(new RegExp(INVISIBLE.source, 'g'), '')
    .replace(new RegExp(FORBIDDEN.source, 'g'), ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '');
}

/** The calendar day of `iso` in `timeZone` (the reader's own when undefined) as YYYY-MM-DD, or null. */
export function fileDate(iso: string | null | undefined, timeZone?: string): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }).format(date);
}

/**
 * `<title> <YYYY-MM-DD> <what>.<extension>`, e.g. `Acme renewal 2026-03-04 transcript.vtt`.
 * A title that is missing or cleans away to nothing reads "Call".
 */
export function exportFileName(parts: {
  title: string | null | undefined;
  date: string | null;
  what: string;
  extension: string;
}): string {
  const extension = parts.extension.toLowerCase();
  if (!isExportExtension(extension)) throw new Error(`not an export's file extension: ${parts.extension}`);
  const tail = [parts.date, cleanPart(parts.what)].filter(Boolean).join(' ');
  const room = MAX_NAME_BYTES - bytesOf(` ${tail}.${extension}`);
  const title = cleanPart(cutToBytes(cleanPart(parts.title ?? ''), room)) || 'Call';
  const stem = [title, tail].filter(Boolean).join(' ');
  return `${RESERVED.test(stem) ? `_${stem}` : stem}.${extension}`;
}

/**
 * True for a bare file name that `exportFileName` could have made: no path, nothing any OS
 * refuses, nothing invisible. Its extension is checked apart (`hasExportExtension`), so a refusal
 * says which rule the name broke.
 */
export function isSafeFileName(name: string): boolean {
  return (
    name.length > 0 &&
    bytesOf(name) <= MAX_NAME_BYTES &&
    name === name.normalize('NFC') &&
    !FORBIDDEN.test(name) &&
    !INVISIBLE.test(name) &&
    !/^[\s.]|[\s.]$/.test(name) &&
    !RESERVED.test(name)
  );
}

/** True for a name ending in one of the exports' extensions, in lower case as `exportFileName` writes it. */
export function hasExportExtension(name: string): boolean {
  const dot = name.lastIndexOf('.');
  return dot > 0 && isExportExtension(name.slice(dot + 1));
}
