/**
 * Every screen's address. Paths are the ones the `navigate` bridge event carries
 * (`/deals/:id`, `/calls/:id?segment=seg_123`), so a notification can open any screen.
 */
export type Route =
  | { name: 'pipeline' }
  | { name: 'deal'; dealId: string }
  | { name: 'calls' }
  | { name: 'call'; callId: string; segmentId: string | null; highlight: string | null }
  | { name: 'team' }
  | { name: 'webhooks' }
  | { name: 'settings' }
  | { name: 'not-found'; path: string };

export function matchRoute(pathname: string, search: URLSearchParams): Route {
  const parts = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const [section, id, ...rest] = parts;
  if (rest.length > 0) return { name: 'not-found', path: pathname };
  if (section === undefined) return { name: 'pipeline' };
  if (section === 'deals') return id ? { name: 'deal', dealId: id } : { name: 'pipeline' };
  if (section === 'calls') {
    if (!id) return { name: 'calls' };
    return { name: 'call', callId: id, segmentId: search.get('segment'), highlight: search.get('q') };
  }
  if (id === undefined && (section === 'team' || section === 'webhooks' || section === 'settings')) {
    return { name: section };
  }
  return { name: 'not-found', path: pathname };
}

export const paths = {
  pipeline: () => '/deals',
  deal: (dealId: string) => `/deals/${encodeURIComponent(dealId)}`,
  calls: () => '/calls',
  call: (callId: string, at?: { segmentId: string; highlight?: string }) => {
    const base = `/calls/${encodeURIComponent(callId)}`;
    if (!at) return base;
    const search = new URLSearchParams({ segment: at.segmentId });
    if (at.highlight) search.set('q', at.highlight);
    return `${base}?${search}`;
  },
  team: () => '/team',
  webhooks: () => '/webhooks',
  settings: () => '/settings',
};
