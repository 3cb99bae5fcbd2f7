/**
 * Names of exported files, safe on every OS. The renderer makes them from a call's title and
 * date; main checks a name again before it suggests it in a save dialog, so a name that reaches
 * the disk is one of these whatever the page sent.
 */

/** Most file systems cap a name at 255 bytes; leaving room for "(1)" and the like a system may add. */
const MAX_NAME_BYTES = 200;
/** Refused by Windows (and awkward everywhere): \ / : * ? " < > | and control characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what must go
const FORBIDDEN = /[\\/:*?"<>|\u0000-\u001f\u007f]/;
/** Windows reserves these device names with any extension, in any case. */
const RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;
const EXTENSION = /^[a-z0-9]{1,8}$/;

const bytesOf = (text: string) => new TextEncoder().encode(text).length;

/** Cuts whole characters (never half a surrogate pair) until the text fits in `maxBytes`. */
function cutToBytes(text: string, maxBytes: number): string {
  const characters = Array.from(text);
  while (characters.length > 0 && bytesOf(characters.join('')) > maxBytes) characters.pop();
  return characters.join('');
}

/** A title as part of a file name: forbidden characters become spaces, runs of space one, no dots or spaces at the ends. */
function cleanPart(text: string): string {
  return text
    .normalize('NFC')
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
  if (!EXTENSION.test(extension)) throw new Error(`not a file extension: ${parts.extension}`);
  const tail = [parts.date, cleanPart(parts.what)].filter(Boolean).join(' ');
  const room = MAX_NAME_BYTES - bytesOf(` ${tail}.${extension}`);
  const title = cleanPart(cutToBytes(cleanPart(parts.title ?? ''), room)) || 'Call';
  const stem = [title, tail].filter(Boolean).join(' ');
  return `${RESERVED.test(stem) ? `_${stem}` : stem}.${extension}`;
}

/** True for a bare file name that `exportFileName` could have made: no path, nothing any OS refuses. */
export function isSafeFileName(name: string): boolean {
  return (
    name.length > 0 &&
    bytesOf(name) <= MAX_NAME_BYTES &&
    name === name.normalize('NFC') &&
    !FORBIDDEN.test(name) &&
    !/^[\s.]|[\s.]$/.test(name) &&
    !RESERVED.test(name) &&
    /\.[a-z0-9]{1,8}$/.test(name)
  );
}
