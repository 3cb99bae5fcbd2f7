import { beforeAddressChange, navigate } from '../router';

/** How long typing must pause before its address is written. */
const TYPING_PAUSE_MS = 400;
let addressWhenPaused: { path: string; timer: number } | null = null;

/**
 * Address when paused: replaces the address once the person pauses, for a screen whose fields are
 * its own state (the search box). Each write is a same-document navigation the browser process and
 * everything watching the page take part in, which on every key cost the keystroke's results
 * about a fifth of their time. Measured by docs/benchmarks.md, "Local-first in the browser":
 * "Keystroke → local search results painted". Any navigation writes it first, so Back from a call
 * opened meanwhile comes back to the text typed; Back or Forward drop it, as the entry it was for
 * is no longer on view.
 */
export function replaceWhenPaused(path: string): void {
  dropAddressWhenPaused();
  addressWhenPaused = { path, timer: window.setTimeout(writeAddressNow, TYPING_PAUSE_MS) };
}

function writeAddressNow(): void {
  const pending = addressWhenPaused;
  if (!pending) return;
  dropAddressWhenPaused();
  navigate(pending.path, { replace: true });
}

function dropAddressWhenPaused(): void {
  if (addressWhenPaused) window.clearTimeout(addressWhenPaused.timer);
  addressWhenPaused = null;
}
beforeAddressChange(writeAddressNow);
window.addEventListener('popstate', dropAddressWhenPaused);
