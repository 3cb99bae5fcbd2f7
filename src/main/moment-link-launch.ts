/**
 * How a moment link reaches the desktop app, in plain values (this file must not import electron):
 * Windows and Linux start the app with the link among its arguments (a second start hands them to
 * the running one); macOS sends `open-url` instead.
 */
import { linkTo, MOMENT_LINK_SCHEME, OPEN_LINK_PARAM, parseCallscopeLink } from '../shared/moment-link';

/** The first argument written in the link scheme, unread; null when the app was started without one. */
export function linkInArguments(argv: readonly string[]): string | null {
  return argv.find((argument) => argument.toLowerCase().startsWith(`${MOMENT_LINK_SCHEME}:`)) ?? null;
}

/**
 * The page address that opens at a link's moment or deal, or the page itself when the link is not
 * one. Only the link as this app writes it again goes into the address, never the text
 * the OS passed.
 */
export function pageUrlOpening(pageUrl: string, link: string | null): string {
  const target = link === null ? null : parseCallscopeLink(link);
  if (!target) return pageUrl;
  const url = new URL(pageUrl);
  url.searchParams.set(OPEN_LINK_PARAM, linkTo(target));
  return url.href;
}
