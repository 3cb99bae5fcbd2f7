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
