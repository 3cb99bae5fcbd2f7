import { isLoopbackAddress } from '../../../../node-shared/special-addresses';

/** A WHATWG URL's hostname: already lower case, IPv4 in dotted form, IPv6 in brackets. */
function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || isLoopbackAddress(hostname.replace(/^\[|\]$/g, ''));
}

/** Keys travel only over TLS, except to this machine itself (the local service, development). */
export function isAllowedBaseUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password || url.search || url.hash) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && isLoopbackHost(url.hostname);
}

/** One spelling per service, so the same workspace is not added twice and keychain entries match. */
export function normalizeBaseUrl(value: string): string {
  const url = new URL(value);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
