import type { NavigationTarget } from './bridge';

/**
 * Links to a moment of a call, `callscope://call/<id>?t=<seconds>`, that a person pastes in a chat
 * or a CRM note. They arrive from outside (the OS hands them to the app, or a browser address
 * carries one), so every one is read strictly here before anything navigates: exactly this shape,
 * an id of URL-safe characters, and a time in seconds with at most millisecond precision.
 */

export const MOMENT_LINK_SCHEME = 'callscope';
/** Browser mode's page address carries a link as `?open=<link>`; the Electron shell loads its page the same way. */
export const OPEN_LINK_PARAM = 'open';

const MAX_LINK_LENGTH = 2048;
const LINK = /^callscope:\/\/call\/([A-Za-z0-9._~%-]{1,400})(?:\?t=(\d{1,7}(?:\.\d{1,3})?))?$/;

/** Seconds as the link writes them: whole milliseconds, no trailing zeros (`65.5`, `2`). */
const linkSeconds = (seconds: number) => String(Math.floor(Math.max(0, seconds) * 1000) / 1000);

export function momentLink(callId: string, seconds?: number | null): string {
  const base = `${MOMENT_LINK_SCHEME}://call/${encodeURIComponent(callId)}`;
  return seconds === null || seconds === undefined || !Number.isFinite(seconds)
    ? base
    : `${base}?t=${linkSeconds(seconds)}`;
}

/** The screen a link opens, or null for anything that is not exactly a moment link. */
export function parseMomentLink(text: string): Extract<NavigationTarget, { screen: 'call' }> | null {
  if (text.length > MAX_LINK_LENGTH) return null;
  const match = LINK.exec(text);
  if (!match) return null;
  let id: string;
  try {
    id = decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
  // An id names one record: nothing that could read as a path or carry control characters.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (!id || /[/\\\u0000-\u001f\u007f]/.test(id) || id === '.' || id === '..') return null;
  const seconds = match[2] === undefined ? null : Number(match[2]);
  return seconds === null ? { screen: 'call', id } : { screen: 'call', id, at: { seconds } };
}
