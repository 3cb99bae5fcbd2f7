import type { NavigationTarget } from '../../shared/bridge';

/**
 * Every screen's address: `/deals/:id`, `/calls/:id?segment=seg_123&q=…`, `/search?q=…&mode=phrase`.
 * The one place where a screen (a `NavigationTarget`, as main's notifications and menu name it) becomes a path and back.
 */
export type Route =
  | { name: 'pipeline' }
  | { name: 'rollup' }
  | { name: 'deal'; dealId: string }
  | { name: 'changes' }
  | { name: 'calls' }
  | { name: 'call'; callId: string; segmentId: string | null; highlight: string | null; seconds: number | null }
  | { name: 'team' }
  | { name: 'rep'; memberId: string }
  | { name: 'one-on-one'; memberId: string }
  | { name: 'checklist-matrix'; view: MatrixAddress }
  | { name: 'trackers'; view: TrackersAddress }
  | { name: 'review-queue'; windowDays: number | null }
  | { name: 'webhooks' }
  | { name: 'settings' }
  | { name: 'search'; search: TranscriptSearchAddress }
  | { name: 'digest' }
  | { name: 'notifications' }
  | { name: 'not-found'; path: string };

/**
 * The search screen's text, mode, order and filters, all in its address so Back and a reload
 * return to the same search. Days are `YYYY-MM-DD` as typed; empty means no filter.
 */
export interface TranscriptSearchAddress {
  q: string;
  mode: 'words' | 'whole-word' | 'phrase';
  order: 'newest' | 'best';
  role: string;
  from: string;
  to: string;
  deal: string;
  dealStatus: string;
}

/**
 * The checklist matrix's view: how many of each rep's last analysed calls it weighs, and the cell
 * whose calls are listed (a rep and an item text), if one is open.
 */
export interface MatrixAddress {
  last: number;
  rep: string | null;
  item: string | null;
}
/** The choices of how many last calls the matrix weighs; the first is its default. */
export const matrixLasts = [10, 5, 20, 50] as const;

function matrixAddressOf(search: URLSearchParams): MatrixAddress {
  const last = Number(search.get('last'));
  const rep = search.get('rep');
  const item = search.get('item');
  return {
    last: (matrixLasts as readonly number[]).includes(last) ? last : matrixLasts[0],
    // A cell is a rep and an item: one without the other opens none.
    rep: rep && item ? rep : null,
    item: rep && item ? item : null,
  };
}

function matrixPath({ last, rep, item }: Partial<MatrixAddress>): string {
  const search = new URLSearchParams();
  if (last && last !== matrixLasts[0]) search.set('last', String(last));
  if (rep && item) {
    search.set('rep', rep);
    search.set('item', item);
  }
  const query = search.toString();
  return query ? `/coaching/checklist?${query}` : '/coaching/checklist';
}

/** The trackers screen's view: the tracker shown, and the row (a week, a rep or a deal) whose hits are listed. */
export interface TrackersAddress {
  tracker: string | null;
  hits: string | null;
}

function trackersPath({ tracker, hits }: Partial<TrackersAddress>): string {
  const search = new URLSearchParams();
  if (tracker) search.set('tracker', tracker);
  if (tracker && hits) search.set('hits', hits);
  const query = search.toString();
  return query ? `/coaching/trackers?${query}` : '/coaching/trackers';
}

/** The review queue's window before the first pass, in days (null: every call); the first is its default. */
export const reviewWindows = [14, 30, 90, null] as const;

function reviewWindowOf(search: URLSearchParams): number | null {
  const window = search.get('window');
  if (window === 'all') return null;
  const days = Number(window);
  return (reviewWindows as readonly (number | null)[]).includes(days) ? days : reviewWindows[0];
}

function reviewQueuePath(windowDays: number | null): string {
  if (windowDays === reviewWindows[0]) return '/coaching/review';
  return `/coaching/review?window=${windowDays ?? 'all'}`;
}

const searchModes = ['words', 'whole-word', 'phrase'] as const;
const searchOrders = ['newest', 'best'] as const;
/** The address's parameter for each field; defaults are left out of the address. */
const searchParamNames = {
  q: 'q',
  mode: 'mode',
  order: 'order',
  role: 'role',
  from: 'from',
  to: 'to',
  deal: 'deal',
  dealStatus: 'status',
} as const satisfies Record<keyof TranscriptSearchAddress, string>;

export const defaultSearchAddress: TranscriptSearchAddress = {
  q: '',
  mode: 'words',
  order: 'newest',
  role: '',
  from: '',
  to: '',
  deal: '',
  dealStatus: '',
};

function oneOf<T extends string>(options: readonly T[], value: string | null, fallback: T): T {
  return options.includes(value as T) ? (value as T) : fallback;
}

function searchAddressOf(search: URLSearchParams): TranscriptSearchAddress {
  const read = (field: keyof TranscriptSearchAddress) => search.get(searchParamNames[field]) ?? '';
  return {
    q: read('q'),
    mode: oneOf(searchModes, search.get('mode'), 'words'),
    order: oneOf(searchOrders, search.get('order'), 'newest'),
    role: read('role'),
    from: read('from'),
    to: read('to'),
    deal: read('deal'),
    dealStatus: read('dealStatus'),
  };
}

function searchPath(address: Partial<TranscriptSearchAddress>): string {
  const search = new URLSearchParams();
  for (const field of Object.keys(searchParamNames) as (keyof TranscriptSearchAddress)[]) {
    const value = address[field];
    if (value && value !== defaultSearchAddress[field]) search.set(searchParamNames[field], value);
  }
  const query = search.toString();
  return query ? `/search?${query}` : '/search';
}

/** `t` of a call's address: seconds from the start, or null when absent or not a time. */
function secondsOf(value: string | null): number | null {
  if (value === null || !/^\d+(\.\d+)?$/.test(value)) return null;
  const seconds = Number(value);
  return Number.isFinite(seconds) ? seconds : null;
}

/** A part of the path as written before its escapes, or null when they cannot be read (`%E0%A4%A`). */
function decodedPart(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

export function matchRoute(pathname: string, search: URLSearchParams): Route {
  const parts = pathname.split('/').filter(Boolean).map(decodedPart);
  const [section, id, ...rest] = parts;
  if (section === 'team' && id && rest.length === 1 && rest[0] === 'brief') return { name: 'one-on-one', memberId: id };
  if (rest.length > 0 || parts.includes(null)) return { name: 'not-found', path: pathname };
  if (section === undefined) return { name: 'pipeline' };
  if (section === 'deals') return id ? { name: 'deal', dealId: id } : { name: 'pipeline' };
  if (section === 'changes' && id === undefined) return { name: 'changes' };
  if (section === 'calls') {
    if (!id) return { name: 'calls' };
    return {
      name: 'call',
      callId: id,
      segmentId: search.get('segment'),
      highlight: search.get('q'),
      seconds: secondsOf(search.get('t')),
    };
  }
  if (section === 'search' && id === undefined) return { name: 'search', search: searchAddressOf(search) };
  if (section === 'team' && id) return { name: 'rep', memberId: id };
  if (section === 'coaching' && id === 'checklist') return { name: 'checklist-matrix', view: matrixAddressOf(search) };
  if (section === 'coaching' && id === 'trackers') {
    const tracker = search.get('tracker');
    return { name: 'trackers', view: { tracker, hits: tracker ? search.get('hits') : null } };
  }
  if (section === 'coaching' && id === 'review') return { name: 'review-queue', windowDays: reviewWindowOf(search) };
  if (
    id === undefined &&
    (section === 'rollup' || section === 'team' || section === 'webhooks' || section === 'settings')
  ) {
    return { name: section };
  }
  if (id === undefined && (section === 'digest' || section === 'notifications')) return { name: section };
  return { name: 'not-found', path: pathname };
}

/**
 * An address as the app keeps it after `#` (a path and its query) read as a URL. Always as a path:
 * read against a base, `//x` would name a host and `//` would not parse at all.
 */
export function addressUrl(address: string): URL {
  return new URL(`http://app${address.startsWith('/') ? '' : '/'}${address}`);
}

/** The route of an address as the app keeps it after `#`. */
export function routeAt(address: string): Route {
  const url = addressUrl(address);
  return matchRoute(url.pathname, url.searchParams);
}

export function pathTo(target: NavigationTarget): string {
  switch (target.screen) {
    case 'pipeline':
      return '/deals';
    case 'deal':
      return `/deals/${encodeURIComponent(target.id)}`;
    case 'calls':
      return '/calls';
    case 'call': {
      const base = `/calls/${encodeURIComponent(target.id)}`;
      if (!target.at) return base;
      if ('seconds' in target.at) return `${base}?${new URLSearchParams({ t: String(target.at.seconds) })}`;
      const search = new URLSearchParams({ segment: target.at.segmentId });
      if (target.at.highlight) search.set('q', target.at.highlight);
      return `${base}?${search}`;
    }
    default:
      return `/${target.screen}`;
  }
}

/** Shorthands for links inside the renderer. */
export const paths = {
  pipeline: () => pathTo({ screen: 'pipeline' }),
  rollup: () => pathTo({ screen: 'rollup' }),
  /** What changed in the deals; its view (since when, filters, grouping) is the query the screen writes. */
  changes: () => '/changes',
  deal: (id: string) => pathTo({ screen: 'deal', id }),
  calls: () => pathTo({ screen: 'calls' }),
  call: (id: string, at?: { segmentId: string; highlight?: string } | { seconds: number }) =>
    pathTo({ screen: 'call', id, at }),
  team: () => pathTo({ screen: 'team' }),
  /** A rep's page: their deals, calls and figures against the team's. */
  rep: (memberId: string) => `/team/${encodeURIComponent(memberId)}`,
  /** A rep's 1:1 brief. */
  oneOnOne: (memberId: string) => `/team/${encodeURIComponent(memberId)}/brief`,
  /** Reps × checklist items; only what differs from the defaults goes into the address. */
  checklistMatrix: (view: Partial<MatrixAddress> = {}) => matrixPath(view),
  /** The manager's trackers; the tracker shown and the row whose hits are listed go into the address. */
  trackers: (view: Partial<TrackersAddress> = {}) => trackersPath(view),
  /** The review queue; its window before the first pass goes into the address when not the default. */
  reviewQueue: (windowDays: number | null = reviewWindows[0]) => reviewQueuePath(windowDays),
  webhooks: () => pathTo({ screen: 'webhooks' }),
  settings: () => pathTo({ screen: 'settings' }),
  /** The search screen; only what differs from the defaults goes into the address. */
  search: (address: Partial<TranscriptSearchAddress> = {}) => searchPath(address),
  digest: () => pathTo({ screen: 'digest' }),
  notifications: () => pathTo({ screen: 'notifications' }),
};
