import { type AnchorHTMLAttributes, useSyncExternalStore } from 'react';
import { matchRoute, type Route } from './routes';

/**
 * A hash router: the renderer is loaded from a file in Electron and from one URL in browser
 * mode, so the address lives after `#` and needs no server support.
 */
function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

const readHash = () => window.location.hash.slice(1) || '/';

export function useLocationPath(): string {
  return useSyncExternalStore(subscribe, readHash);
}

export function useRoute(): Route {
  const url = new URL(useLocationPath(), 'http://app');
  return matchRoute(url.pathname, url.searchParams);
}

export function navigate(path: string, options: { replace?: boolean } = {}): void {
  if (options.replace) window.location.replace(`#${path}`);
  else window.location.hash = path;
}

export function Link({ to, ...props }: { to: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>) {
  return <a href={`#${to}`} {...props} />;
}

/**
 * The query of the address on view, and a way to replace it: lists keep their filters and sort
 * there, so a reload and Back come back to the same view. Replacing (not pushing) keeps Back for
 * leaving the screen rather than stepping through every keystroke of a filter.
 */
export function useAddressQuery(): [URLSearchParams, (query: string) => void] {
  const url = new URL(useLocationPath(), 'http://app');
  const setQuery = (query: string) => {
    const current = new URL(readHash(), 'http://app');
    const next = `${current.pathname}${query ? `?${query}` : ''}`;
    if (next !== `${current.pathname}${current.search}`) navigate(next, { replace: true });
  };
  return [url.searchParams, setQuery];
}
