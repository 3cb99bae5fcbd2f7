import type { NavigationTarget } from './bridge';

/**
 * Links to a moment of a call, `callscope://call/<id>?t=<seconds>`, or to a deal,
 * `callscope://deal/<id>`, that a person pastes in a chat or a CRM note (a deal's review pack
 * writes one on every claim). They arrive from outside (the OS hands them to the app, or a browser
 * address carries one), so every one is read strictly here before anything navigates: exactly
 * these shapes, an id of URL-safe characters, and a time in seconds with at most millisecond
 * precision.
 */

export const MOMENT_LINK_SCHEME = 'callscope';
/** Browser mode's page address carries a link as `?open=<link>`; the Electron shell loads its page the same way. */
export const OPEN_LINK_PARAM = 'open';

const MAX_LINK_LENGTH = 2048;
const CALL_LINK = /^callscope:\/\/call\/([A-Za-z0-9._~%-]{1,400})(?:\?t=(\d{1,7}(?:\.\d{1,3})?))?$/;
const DEAL_LINK = /^callscope:\/\/deal\/([A-Za-z0-9._~%-]{1,400})$/;

/** The screens a link can open. */
export type LinkTarget = Extract<NavigationTarget, { screen: 'call' | 'deal' }>;

/** Seconds as the link writes them: whole milliseconds, no trailing zeros (`65.5`, `2`). */
const linkSeconds = (seconds: number) => String(Math.floor(Math.max(0, seconds) * 1000) / 1000);

export function momentLink(callId: string, seconds?: number | null): string {
  const base = `${MOMENT_LINK_SCHEME}://call/${encodeURIComponent(callId)}`;
  return seconds === null || seconds === undefined || !Number.isFinite(seconds)
    ? base
    : `${base}?t=${linkSeconds(seconds)}`;
}

export const dealLink = (dealId: string): string => `${MOMENT_LINK_SCHEME}://deal/${encodeURIComponent(dealId)}`;

/** A link to what `target` shows, as this app writes it (a call's segment is not a link's: the call alone). */
export function linkTo(target: LinkTarget): string {
  if (target.screen === 'deal') return dealLink(target.id);
  return momentLink(target.id, target.at && 'seconds' in target.at ? target.at.seconds : null);
}

/** A record's id as a link carries it, or null when it could read as a path or carry control characters. */
function linkId(encoded: string): string | null {
  let id: string;
  try {
    id = decodeURIComponent(encoded);
  } catch {
    return null;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (!id || /[/\\\u0000-\u001f\u007f]/.test(id) || id === '.' || id === '..') return null;
  return id;
}

/** The screen a link opens, or null for anything that is not exactly a moment or deal link. */
export function parseCallscopeLink(text: string): LinkTarget | null {
  if (text.length > MAX_LINK_LENGTH) return null;
  const deal = DEAL_LINK.exec(text);
  if (deal) {
    const id = linkId(deal[1]!);
    return id === null ? null : { screen: 'deal', id };
  }
  const match = CALL_LINK.exec(text);
  if (!match) return null;
  const id = linkId(match[1]!);
  if (id === null) return null;
  const seconds = match[2] === undefined ? null : Number(match[2]);
  return seconds === null ? { screen: 'call', id } : { screen: 'call', id, at: { seconds } };
}
