import { type AnchorHTMLAttributes, createContext, type MouseEvent, useContext, useSyncExternalStore } from 'react';
import { addressUrl, type Route, routeAt } from './routes';

/** Told when the app itself changes the address, which fires no `hashchange`. */
const changedHere = new Set<() => void>();

/**
 * A hash router: the renderer is loaded from a file in Electron and from one URL in browser
 * mode, so the address lives after `#` and needs no server support.
 */
function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  changedHere.add(onChange);
  return () => {
    window.removeEventListener('hashchange', onChange);
    changedHere.delete(onChange);
  };
}

/** The address on view, as the app keeps it after `#`. */
export const readHash = () => window.location.hash.slice(1) || '/';

export function useLocationPath(): string {
  return useSyncExternalStore(subscribe, readHash);
}

export function useRoute(): Route {
  return routeAt(useLocationPath());
}

/** Run before the app changes the address: an address held back is written first (address-when-paused.ts). */
const beforeChange = new Set<() => void>();
export function beforeAddressChange(write: () => void): void {
  beforeChange.add(write);
}

/**
 * The new screen renders in the same task as the click or key that asked for it. Through the
 * history API, not `location.hash`: that would also look for an element named by the address to
 * scroll to, laying out the screen being left. Back and Forward still fire `hashchange`.
 */
export function navigate(path: string, options: { replace?: boolean } = {}): void {
  for (const write of beforeChange) write();
  if (options.replace) window.history.replaceState(window.history.state, '', `#${path}`);
  else if (path !== readHash()) window.history.pushState(null, '', `#${path}`);
  for (const onChange of changedHere) onChange();
}

/**
 * A plain click (or the press that starts one) the browser would follow in this tab; others (a new
 * tab, a download, a menu) stay the browser's.
 */
export const followsHere = (event: MouseEvent<HTMLAnchorElement>) =>
  !event.defaultPrevented &&
  event.button === 0 &&
  !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) &&
  !event.currentTarget.target;

export function Link({
  to,
  onClick,
  ...props
}: { to: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>) {
  return (
    <a
      href={`#${to}`}
      onClick={(event) => {
        onClick?.(event);
        if (!followsHere(event)) return;
        event.preventDefault();
        navigate(to);
      }}
      {...props}
    />
  );
}

/**
 * The address of the screen around, which the shell gives each screen: a screen still mounted
 * out of sight (rendered ahead, or left until the new one is painted) keeps its own rather than
 * following the address on view, and does not render again when it changes.
 */
export const ScreenAddress = createContext('/');

/**
 * The query of the screen's address, and a way to replace it: lists keep their filters and sort
 * there, so a reload and Back come back to the same view. Replacing (not pushing) keeps Back for
 * leaving the screen rather than stepping through every keystroke of a filter.
 */
export function useAddressQuery(): [URLSearchParams, (query: string) => void] {
  const url = addressUrl(useContext(ScreenAddress));
  const setQuery = (query: string) => {
    const current = addressUrl(readHash());
    const next = `${current.pathname}${query ? `?${query}` : ''}`;
    if (next !== `${current.pathname}${current.search}`) navigate(next, { replace: true });
  };
  return [url.searchParams, setQuery];
}
